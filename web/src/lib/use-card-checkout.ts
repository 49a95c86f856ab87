import { useLocation } from 'wouter';
import { useToast } from '@/components/ui/use-toast';
import { useSingleSubmission } from './use-single-submission';

export type CheckoutTexts = {
  notReadyTitle: string;
  notReady: string;
  failureTitle: string;
  /** Shown when the failure carries no message of its own. */
  failureFallback: string;
};

/** Where a paid form goes: its success page, with what that page shows carried in the history state. */
export type CheckoutDestination = { path: string; state: unknown };

const errorMessage = (error: unknown) => (error instanceof Error && error.message ? error.message : undefined);

/**
 * The pay step every card form shares: refused with a toast while the card fields load; one
 * payment at a time; on success to the form's success page, on failure a toast with the reason
 * and the form back to idle with its values kept. Nothing happens once the form has left the screen.
 */
export function useCardCheckout(texts: CheckoutTexts, describe: (error: unknown) => string | undefined = errorMessage) {
  const { toast } = useToast();
  const [, navigate] = useLocation();
  const submission = useSingleSubmission();

  const checkout = async (ready: boolean, pay: () => Promise<CheckoutDestination>) => {
    if (!ready) {
      toast({ title: texts.notReadyTitle, description: texts.notReady, variant: 'destructive' });
      return;
    }
    await submission.run(async () => {
      try {
        const { path, state } = await pay();
        if (submission.isMounted()) navigate(path, { state });
      } catch (error) {
        if (!submission.isMounted()) return;
        const description = describe(error) ?? texts.failureFallback;
        toast({ title: texts.failureTitle, description, variant: 'destructive' });
      }
    });
  };

  return { toast, submission, checkout };
}
