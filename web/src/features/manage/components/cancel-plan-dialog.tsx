import * as Dialog from '@radix-ui/react-dialog';
import { DialogCloseButton } from '@/components/ui/dialog-close-button';
import { useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { apiErrorMessage } from '@/lib/api-error-message';
import { useSingleSubmission } from '@/lib/use-single-submission';
import { useCancelPlan } from '../api/manage-api';
import { formatMoney } from '../lib/money';
import { manageTexts as texts } from '../manage-texts';

type CancelPlanDialogProps = {
  paymentId: string;
  what: 'gift' | 'membership';
  amountCents: number;
  /** After the API accepted the cancellation (or had it already). */
  onCancelled: () => void;
};

const keepClasses =
  'inline-flex min-h-11 items-center justify-center rounded-md border-2 border-navy-900 bg-white px-5 py-2.5 text-base font-semibold text-navy-900 transition-colors hover:bg-navy-50';

/**
 * "Cancel monthly gift" / "Cancel membership": an alert dialog that says what happens before
 * anything is sent. Radix traps focus inside and returns it to the button on Escape or "Keep it";
 * after a cancellation the button is gone, and the page moves focus to the plan's new state.
 */
export function CancelPlanDialog({ paymentId, what, amountCents, onCancelled }: CancelPlanDialogProps) {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const cancelled = useRef(false);
  const mutation = useCancelPlan();
  const submission = useSingleSubmission();
  const amount = formatMoney(amountCents);
  const gift = what === 'gift';

  const confirm = () =>
    submission.run(async () => {
      setFailure(null);
      try {
        await mutation.mutateAsync(paymentId);
      } catch (error) {
        if (submission.isMounted()) setFailure(apiErrorMessage(error) ?? texts.cancelFailed);
        return;
      }
      cancelled.current = true;
      setOpen(false);
    });

  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next && submission.pending) return;
        setFailure(null);
        setOpen(next);
      }}
    >
      <Dialog.Trigger asChild>
        <button type="button" className={buttonClasses('primary', 'min-h-10 px-4 py-2 text-sm')}>
          {gift ? texts.cancelGift : texts.cancelMembership}
        </button>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-navy-950/70" />
        <Dialog.Content
          role="alertdialog"
          data-surface="light"
          onCloseAutoFocus={(event) => {
            if (!cancelled.current) return;
            // The trigger is about to disappear: the page focuses the plan's new state instead.
            event.preventDefault();
            onCancelled();
          }}
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[calc(100dvh-1.5rem)] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col overflow-y-auto rounded-xl bg-white p-4 text-navy-900 shadow-2xl focus:outline-none sm:p-6"
        >
          <div className="pr-10">
            <Dialog.Title className="font-display text-xl font-bold text-navy-900 sm:text-2xl">
              {gift ? texts.cancelGiftTitle : texts.cancelMembershipTitle}
            </Dialog.Title>
            <Dialog.Description className="mt-2 text-slate-700">
              {gift ? texts.cancelGiftBody(amount) : texts.cancelMembershipBody(amount)}
            </Dialog.Description>
          </div>
          {failure ? (
            <p role="alert" className="mt-4 text-sm text-crimson-700">
              {failure}
            </p>
          ) : null}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Dialog.Close asChild>
              <button type="button" className={keepClasses}>
                {texts.keep}
              </button>
            </Dialog.Close>
            <button
              type="button"
              aria-disabled={submission.pending}
              onClick={() => void confirm()}
              className={buttonClasses('primary')}
            >
              {submission.pending ? texts.confirmingCancel : texts.confirmCancel}
            </button>
          </div>
          <DialogCloseButton label={texts.close} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
