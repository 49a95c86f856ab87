import { Ban, RotateCcw } from 'lucide-react';
import { useId, useState } from 'react';
import { StatusMessage } from '@/components/ui/status-message';
import { useToast } from '@/components/ui/use-toast';
import { useCancelEvent, useEventCancellation, useRetryEventRefund } from '../api/admin-events';
import { eventEditorTexts as texts } from '../event-editor-texts';
import { useReportActionError } from '../hooks/use-report-action-error';
import { describeError, formatCentsAsDollars } from '../lib/format';
import { cardClasses, smallButton } from './admin-styles';
import { ConfirmDialog, IconButton } from './confirm-dialog';

/**
 * "Cancel event": one confirmation that states what will be refunded (the API's figures, from the
 * money module), then the cancellation with those figures, which the API refuses if they changed.
 */
export function CancelEventDialog({ id, onCancelled }: { id: string; onCancelled: () => void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { toast } = useToast();
  const reportError = useReportActionError();
  const figures = useEventCancellation(id, open);
  const cancel = useCancelEvent(id);
  const data = figures.data;
  const total = data ? formatCentsAsDollars(data.refundTotalCents) : '';
  const description = figures.isError
    ? texts.countFailed
    : data
      ? texts.cancelDescription(data.paidRegistrations, total, data.freeRegistrations)
      : texts.countingPaid;

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        setError(null);
      }}
      title={texts.cancelTitle}
      description={description}
      trigger={<IconButton icon={Ban} label={texts.cancelEvent} className={smallButton('danger')} />}
      layout="wrap"
      cancelLabel={texts.keepEvent}
      confirm={{
        label: cancel.isPending
          ? texts.cancelling
          : data
            ? texts.cancelConfirm(data.paidRegistrations, total)
            : texts.cancelEvent,
        disabled: !data || data.status === 'cancelled' || cancel.isPending,
        onClick: () => {
          if (!data) return;
          setError(null);
          cancel.mutate(
            { paidRegistrations: data.paidRegistrations, refundTotalCents: data.refundTotalCents },
            {
              onSuccess: () => {
                setOpen(false);
                toast({ title: texts.cancelled });
                onCancelled();
              },
              onError: (failure) => {
                // The figures may have changed: read them again, so the next confirmation states them.
                void figures.refetch();
                setError(reportError(texts.cancelFailed, failure));
              },
            },
          );
        },
      }}
    >
      <div aria-live="assertive">{error ? <StatusMessage tone="error">{error}</StatusMessage> : null}</div>
    </ConfirmDialog>
  );
}

/**
 * A cancelled event's refunds: how many are done of how many, those under way and failed, each
 * registrant's with its state, and Retry on a failed one. Read again while any is under way.
 */
export function EventRefundsPanel({ id }: { id: string }) {
  const headingId = useId();
  const { toast } = useToast();
  const reportError = useReportActionError();
  const cancellation = useEventCancellation(id);
  const retry = useRetryEventRefund(id);
  const [error, setError] = useState<string | null>(null);
  const progress = cancellation.data?.progress;

  return (
    <section aria-labelledby={headingId} className={`${cardClasses} space-y-3`}>
      <h2 id={headingId} className="font-display text-xl font-bold text-navy-900">
        {texts.refundsHeading}
      </h2>
      {cancellation.isError ? (
        <StatusMessage tone="error">{`${texts.loadRefundsError} ${describeError(cancellation.error)}`}</StatusMessage>
      ) : null}
      <div role="status" aria-live="polite" className="text-sm text-navy-900">
        {progress ? (
          progress.total === 0 ? (
            <p>{texts.noRefunds}</p>
          ) : (
            <p>
              <strong>{texts.refundsDone(progress.done, progress.total)}</strong>
              {progress.queued > 0 ? `, ${texts.refundsQueued(progress.queued)}` : ''}
              {progress.failed > 0 ? `, ${texts.refundsFailed(progress.failed)}` : ''}
              {'. '}
              {texts.refundedSoFar(formatCentsAsDollars(progress.refundedCents))}
            </p>
          )
        ) : null}
      </div>
      <div aria-live="assertive">{error ? <StatusMessage tone="error">{error}</StatusMessage> : null}</div>
      {progress && progress.total > 0 ? (
        <ul className="divide-y divide-slate-200 text-sm">
          {progress.refunds.map((refund) => (
            <li key={refund.chargeRowId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="font-semibold text-navy-900">{refund.name || refund.registrationId}</span>
              <span className="tabular-nums">{formatCentsAsDollars(refund.amountCents)}</span>
              <span className={refund.state === 'failed' ? 'text-crimson-700' : 'text-slate-700'}>
                {refund.state === 'failed' && refund.failureMessage
                  ? texts.refundFailedBecause(refund.failureMessage)
                  : texts.refundStates[refund.state]}
              </span>
              {refund.state === 'failed' ? (
                <button
                  type="button"
                  aria-label={texts.retryRefund(refund.name || refund.registrationId)}
                  disabled={retry.isPending}
                  className={smallButton('outline')}
                  onClick={() => {
                    setError(null);
                    retry.mutate(refund.chargeRowId, {
                      onSuccess: () => toast({ title: texts.retried }),
                      onError: (failure) => {
                        void cancellation.refetch();
                        setError(reportError(texts.retryFailed, failure));
                      },
                    });
                  }}
                >
                  <RotateCcw aria-hidden="true" className="size-4" />
                  {retry.isPending && retry.variables === refund.chargeRowId ? texts.retrying : texts.retry}
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
