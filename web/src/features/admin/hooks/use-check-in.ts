import { adminTexts } from '../admin-texts';
import { useCheckIn } from '../api/money-ops';
import { useReportActionError } from './use-report-action-error';

/**
 * 'Check in' of one registration (audited by the API; asking twice changes nothing): `onCheckedIn`
 * once it worked, a toast with the server's message when it did not.
 */
export function useCheckInAction(registrationId: string, onCheckedIn: () => void) {
  const mutation = useCheckIn();
  const reportError = useReportActionError();
  return {
    pending: mutation.isPending,
    checkIn: () =>
      mutation.mutate(registrationId, {
        onSuccess: onCheckedIn,
        onError: (error) => reportError(adminTexts.checkInFailedTitle, error),
      }),
  };
}
