import type { AdminCharge } from '@pillars/contracts/admin';
import { type FormEvent, useId, useState } from 'react';
import { useToast } from '@/components/ui/use-toast';
import { adminTexts } from '../admin-texts';
import { useCancelPlan, useCreateRefund } from '../api/money-ops';
import { useReportActionError } from '../hooks/use-report-action-error';
import { formatCentsAsDollars, formatShortDate } from '../lib/format';
import { dollarsOf, refundAmountCents } from '../lib/refund-amount';
import { AdminDialog } from './admin-dialog';
import { ConfirmDialog, IconButton } from './confirm-dialog';
import { ConfirmButton, DialogActions } from './dialog-actions';
import { fieldClasses, smallButton } from './admin-styles';
import { FormError } from './form-error';
import { FieldLabel } from './field-label';

const textareaClasses = fieldClasses.replace('min-h-11', 'min-h-20');

type ReasonFieldProps = { label: string; value: string; onChange: (value: string) => void; className?: string };

/** The optional reason kept with a refund or a cancellation (at most 500 characters). */
function ReasonField({ label, value, onChange, className }: ReasonFieldProps) {
  const id = useId();
  return (
    <div className={className}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <textarea
        id={id}
        value={value}
        maxLength={500}
        onChange={(event) => onChange(event.target.value)}
        className={textareaClasses}
      />
    </div>
  );
}

/**
 * 'Refund' for one charge: a confirmation with the amount in dollars (the refundable remainder
 * first), sent as cents. The question states the amount and who gets it back; a wrong amount is
 * said beside the field and announced, and the server's refusal stays in view under the form.
 */
export function RefundDialog({ charge }: { charge: AdminCharge }) {
  const [open, setOpen] = useState(false);
  const [amount, setAmount] = useState(dollarsOf(charge.refundableCents));
  const [reason, setReason] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { toast } = useToast();
  const mutation = useCreateRefund((request) => {
    setOpen(false);
    toast({
      title: adminTexts.refundQueuedTitle,
      description: adminTexts.refundQueuedBody(formatCentsAsDollars(request.amountCents)),
    });
  });
  const reportError = useReportActionError();
  const ids = { amount: useId(), hint: useId(), error: useId() };
  const max = formatCentsAsDollars(charge.refundableCents);
  const cents = refundAmountCents(amount, charge.refundableCents);

  const reset = () => {
    setAmount(dollarsOf(charge.refundableCents));
    setReason('');
    setFieldError(null);
    setFailure(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (cents === null) {
      setFieldError(adminTexts.refundAmountInvalid(max));
      return;
    }
    setFieldError(null);
    mutation.mutate(
      { chargeRowId: charge.id, amountCents: cents, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      { onError: (error) => setFailure(reportError(adminTexts.refundFailedTitle, error)) },
    );
  };

  const chargeAmount = formatCentsAsDollars(charge.amountCents);
  const chargeDate = formatShortDate(charge.createdAt);
  return (
    <AdminDialog
      open={open}
      onOpenChange={(next) => {
        if (mutation.isPending) return;
        if (next) reset();
        setOpen(next);
      }}
      role="alertdialog"
      title={adminTexts.refundTitle}
      description={adminTexts.refundDescription}
      trigger={
        <button
          type="button"
          aria-label={adminTexts.refundLabel(chargeAmount, chargeDate)}
          className={smallButton('outline')}
        >
          {adminTexts.refund}
        </button>
      }
    >
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <div>
          <FieldLabel htmlFor={ids.amount}>{adminTexts.refundAmountLabel}</FieldLabel>
          <input
            id={ids.amount}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(event) => {
              setAmount(event.target.value);
              setFieldError(null);
            }}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${ids.hint} ${ids.error}` : ids.hint}
            className={fieldClasses}
          />
          <p id={ids.hint} className="mt-1 text-sm text-slate-700">
            {adminTexts.refundAmountHint(max)}
          </p>
          {fieldError ? (
            <p id={ids.error} role="alert" className="mt-1 text-sm text-crimson-700">
              {fieldError}
            </p>
          ) : null}
        </div>
        <ReasonField label={adminTexts.refundReasonLabel} value={reason} onChange={setReason} />
        <p className="text-sm text-slate-700">{adminTexts.reversalWillBe[charge.reversalKind]}</p>
        <p className="font-semibold text-navy-900" aria-live="polite">
          {cents === null ? null : adminTexts.refundConfirm(formatCentsAsDollars(cents), charge.buyerName)}
        </p>
        <FormError message={failure} />
        <DialogActions
          cancelLabel={adminTexts.cancel}
          cancelDisabled={mutation.isPending}
          onCancel={() => setOpen(false)}
        >
          <ConfirmButton label={adminTexts.refund} busyLabel={adminTexts.refunding} pending={mutation.isPending} />
        </DialogActions>
      </form>
    </AdminDialog>
  );
}

/** 'Cancel monthly plan': a confirmation, then a cancel-recurring job ends the plan at the provider. */
export function CancelPlanDialog({ paymentId }: { paymentId: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const { toast } = useToast();
  const mutation = useCancelPlan(() => {
    setOpen(false);
    toast({ title: adminTexts.planCancelQueuedTitle, description: adminTexts.planCancelQueuedBody });
  });
  const reportError = useReportActionError();

  const confirm = () => {
    setFailure(null);
    mutation.mutate(
      { paymentId, ...(reason.trim() ? { reason: reason.trim() } : {}) },
      { onError: (error) => setFailure(reportError(adminTexts.planCancelFailedTitle, error)) },
    );
  };

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        if (mutation.isPending) return;
        setFailure(null);
        if (next) setReason('');
        setOpen(next);
      }}
      title={adminTexts.cancelPlanTitle}
      description={adminTexts.cancelPlanDescription}
      trigger={<IconButton label={adminTexts.cancelPlan} className={smallButton('outline')} />}
      variant="roomy"
      cancelLabel={adminTexts.keepPlan}
      confirm={{
        label: adminTexts.cancelPlan,
        busyLabel: adminTexts.cancellingPlan,
        pending: mutation.isPending,
        onClick: confirm,
      }}
    >
      <ReasonField className="mt-4" label={adminTexts.cancelPlanReasonLabel} value={reason} onChange={setReason} />
      <div className="mt-3">
        <FormError message={failure} />
      </div>
    </ConfirmDialog>
  );
}
