import { useToast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-error-message';

type FailureTexts = { failureTitle: string; failureFallback: string };

/**
 * Sends a sign-in page's request. A failure is toasted with the server's message (or the page's
 * fallback) and that message is returned, so the page can react to it; a success returns null.
 */
export function useToastedSend<Request>(send: (request: Request) => Promise<unknown>, texts: FailureTexts) {
  const { toast } = useToast();
  return async (request: Request): Promise<string | null> => {
    try {
      await send(request);
      return null;
    } catch (error) {
      const description = apiErrorMessage(error) ?? texts.failureFallback;
      toast({ title: texts.failureTitle, description, variant: 'destructive' });
      return description;
    }
  };
}
