import { useCallback } from 'react';
import { useToast } from '@/components/ui/use-toast';
import { apiErrorMessage } from '@/lib/api-error-message';
import { adminTexts } from '../admin-texts';
import { useSignOutOnUnauthorized } from './use-unauthorized-redirect';

/**
 * A failed admin action (confirm, profile, create or delete admin). The product only logs it;
 * we also show a destructive toast with the server's message, since a silent failure would let the
 * admin believe it worked. A 401 sends the admin to /login instead. Returns the message shown, so a
 * dialog can keep it in view: the toast goes away after a few seconds.
 */
export function useReportActionError(): (title: string, error: unknown) => string | null {
  const { toast } = useToast();
  const signOut = useSignOutOnUnauthorized();
  return useCallback(
    (title: string, error: unknown) => {
      // eslint-disable-next-line no-console -- product rule: admin action errors are logged in the browser.
      console.error(title, error);
      if (signOut(error)) return null;
      const description = apiErrorMessage(error) ?? adminTexts.genericActionError;
      toast({ title, description, variant: 'destructive' });
      return description;
    },
    [toast, signOut],
  );
}
