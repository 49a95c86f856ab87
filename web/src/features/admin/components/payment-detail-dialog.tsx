import { paymentReferenceOf } from '@pillars/contracts';
import type {
  AdminCharge,
  AdminDispute,
  AdminPaymentDetail,
  AdminRefund,
  PaymentOfRecord,
} from '@pillars/contracts/admin';
import { useId } from 'react';
import { adminTexts } from '../admin-texts';
import { usePaymentDetail, usePaymentsOfRecord } from '../api/get-payment-detail';
import { useRedirectOnUnauthorized } from '../hooks/use-unauthorized-redirect';
import { describeError, formatCentsAsDollars, formatShortDate, formatShortDateTime } from '../lib/format';
import { AdminDialog } from './admin-dialog';
import { AdminEmpty, AdminLoading } from './admin-page';
import { AdminLoadError } from './admin-load-error';
import { smallButton } from './admin-styles';
import { type DetailItem, Details } from './details';
import { CancelPlanDialog, RefundDialog } from './money-ops-dialogs';

/** One refund of a charge at a time (docs/decisions/019): no Refund button while one is under way. */
const IN_FLIGHT: readonly AdminRefund['state'][] = ['queued', 'processing'];

/** One charge with what is left to refund, its Refund button, and its refunds with their state. */
function ChargeItem({ charge }: { charge: AdminCharge }) {
  return (
    <li className="flex flex-col gap-2 p-3">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0">
          <p className="font-semibold text-navy-900">
            {adminTexts.chargeLine(formatCentsAsDollars(charge.amountCents), formatShortDateTime(charge.createdAt))}
          </p>
          <p className="text-sm text-slate-700">
            {adminTexts.chargeRefundable(formatCentsAsDollars(charge.refundableCents))}
            {charge.providerTransactionId ? (
              <span className="ml-2 font-mono [overflow-wrap:anywhere]">{charge.providerTransactionId}</span>
            ) : null}
          </p>
          <p className="text-sm text-slate-700">
            {charge.provider.status
              ? adminTexts.chargeAtProcessor(charge.provider.status, charge.provider.settlementBatch)
              : adminTexts.chargeNotRead}
          </p>
          {charge.provider.reviewFlag ? (
            <p className="text-sm font-semibold text-crimson-700">
              {adminTexts.chargeReviewFlag(charge.provider.reviewFlag)}
            </p>
          ) : null}
        </div>
        {charge.refundableCents > 0 && !charge.refunds.some((refund) => IN_FLIGHT.includes(refund.state)) ? (
          <RefundDialog charge={charge} />
        ) : null}
      </div>
      {charge.refunds.length > 0 ? (
        <div>
          <p className="text-sm font-semibold text-navy-900">{adminTexts.refundsOfCharge}</p>
          <ul className="list-disc pl-5 text-sm text-slate-700">
            {charge.refunds.map((refund) => (
              <li key={refund.id} className="[overflow-wrap:anywhere]">
                {adminTexts.refundLine(
                  formatCentsAsDollars(refund.amountCents),
                  refund.state,
                  refund.requestedBy,
                  formatShortDateTime(refund.createdAt),
                )}
                {refund.state === 'succeeded' && refund.isVoid !== null
                  ? refund.isVoid
                    ? adminTexts.refundWasVoid(refund.replacementTransactionId)
                    : adminTexts.refundWasRefund
                  : ''}
                {refund.failureMessage ? ` ${refund.failureMessage}` : ''}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </li>
  );
}

/** One dispute as Pay Theory last reported it: open ones say so, with the day evidence is due. */
function DisputeItem({ dispute }: { dispute: AdminDispute }) {
  return (
    <li className="p-3 text-sm text-slate-700">
      <p className="font-semibold text-navy-900">
        {adminTexts.disputeLine(
          formatCentsAsDollars(dispute.amountCents),
          dispute.status,
          dispute.reason,
          dispute.disputedAt ? formatShortDateTime(dispute.disputedAt) : null,
        )}
      </p>
      <p>{dispute.open ? adminTexts.disputeOpen : adminTexts.disputeClosed}</p>
      {dispute.open && dispute.evidenceDueAt ? (
        <p>{adminTexts.disputeEvidenceDue(formatShortDateTime(dispute.evidenceDueAt))}</p>
      ) : null}
      {dispute.reasonMessage ? <p>{dispute.reasonMessage}</p> : null}
      <p className="font-mono [overflow-wrap:anywhere]">{`${dispute.providerDisputeId} (${dispute.providerTransactionId})`}</p>
    </li>
  );
}

/** The payment's disputes (docs/decisions/047-disputes.md); nothing when it has none. */
function PaymentDisputes({ payment }: { payment: AdminPaymentDetail }) {
  if (payment.disputes.length === 0) return null;
  return (
    <section aria-labelledby={`disputes-${payment.id}`} className="mt-6">
      <h3 id={`disputes-${payment.id}`} className="font-display text-lg font-bold text-navy-900">
        {adminTexts.disputesHeading}
      </h3>
      <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-amber-300 bg-amber-50">
        {payment.disputes.map((dispute) => (
          <DisputeItem key={dispute.id} dispute={dispute} />
        ))}
      </ul>
    </section>
  );
}

/** The money the payment took, and for a monthly plan the way to end it. */
function PaymentMoney({ payment }: { payment: AdminPaymentDetail }) {
  // A plan's state (failing, asked to end, ended) is in the facts above; here only the way to end it.
  const { plan } = payment;
  return (
    <section aria-labelledby={`charges-${payment.id}`} className="mt-6">
      <h3 id={`charges-${payment.id}`} className="font-display text-lg font-bold text-navy-900">
        {adminTexts.chargesHeading}
      </h3>
      {payment.charges.length === 0 ? (
        <p className="mt-2 text-sm text-slate-700">{adminTexts.noCharges}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {payment.charges.map((charge) => (
            <ChargeItem key={charge.id} charge={charge} />
          ))}
        </ul>
      )}
      {plan && !plan.cancelRequestedAt && !plan.cancelledAt && payment.providerRecurringId ? (
        <div className="mt-4 text-sm text-slate-700">
          <CancelPlanDialog paymentId={payment.id} />
        </div>
      ) : null}
    </section>
  );
}

const orNone = (value: string | null) => value ?? adminTexts.paymentNone;

/** 'card_declined: Insufficient funds', or the one that is there, or 'None'. */
function lastError(payment: AdminPaymentDetail): string {
  const parts = [payment.failureCode, payment.failureMessage].filter(Boolean);
  return parts.length > 0 ? parts.join(': ') : adminTexts.paymentNoError;
}

/** A monthly plan's dunning and cancellation (docs/decisions/018); nothing for a one-time payment. */
function planItems(plan: AdminPaymentDetail['plan']): DetailItem[] {
  if (!plan) return [];
  return [
    {
      label: adminTexts.planFailingSince,
      value: plan.failingSince
        ? adminTexts.planFailing(formatShortDateTime(plan.failingSince), plan.failedAttemptsSince)
        : adminTexts.planNotFailing,
    },
    {
      label: adminTexts.planCancelRequested,
      value:
        plan.cancelRequestedAt && plan.cancelRequestedBy
          ? adminTexts.planCancelRequest(
              formatShortDateTime(plan.cancelRequestedAt),
              plan.cancelRequestedBy,
              plan.cancelReason,
            )
          : adminTexts.planNoCancelRequest,
    },
    {
      label: adminTexts.planCancelled,
      value: plan.cancelledAt ? formatShortDateTime(plan.cancelledAt) : adminTexts.planNotCancelled,
    },
  ];
}

/** A payment's reference as the payer read it on the success page, to match what they quote. */
function Reference({ paymentId }: { paymentId: string }) {
  return <span className="font-mono">{paymentReferenceOf(paymentId)}</span>;
}

/** Every payment of a record with its reference, newest first: the payer may quote an older attempt's. */
function PaymentsOfRecordList({ found }: { found: readonly PaymentOfRecord[] }) {
  const headingId = useId();
  return (
    <>
      <p id={headingId} className="mt-2 text-sm text-slate-700">
        {adminTexts.paymentsOfRecord(found.length)}
      </p>
      <ul aria-labelledby={headingId} className="mt-1 list-disc pl-5 text-sm text-slate-700">
        {found.map((p) => (
          <li key={p.id}>
            <Reference paymentId={p.id} />
            {`: ${adminTexts.paymentOfRecordLine(p.state, formatCentsAsDollars(p.amountCents), formatShortDateTime(p.createdAt))}`}
          </li>
        ))}
      </ul>
    </>
  );
}

function PaymentFacts({ payment }: { payment: AdminPaymentDetail }) {
  return (
    <Details
      className="mt-4"
      items={[
        { label: adminTexts.paymentReference, value: <Reference paymentId={payment.id} /> },
        { label: adminTexts.paymentState, value: payment.state },
        { label: adminTexts.paymentKind, value: payment.kind },
        { label: adminTexts.paymentAmount, value: formatCentsAsDollars(payment.amountCents) },
        { label: adminTexts.paymentAttempts, value: String(payment.attempts) },
        { label: adminTexts.paymentJob, value: adminTexts.paymentJobState(payment.job.name, payment.job.state) },
        {
          label: adminTexts.paymentJobId,
          value: <span className="font-mono [overflow-wrap:anywhere]">{payment.job.id}</span>,
        },
        { label: adminTexts.paymentLastError, value: lastError(payment) },
        { label: adminTexts.paymentCreated, value: formatShortDateTime(payment.createdAt) },
        { label: adminTexts.paymentUpdated, value: formatShortDateTime(payment.updatedAt) },
        {
          label: adminTexts.paymentLastSent,
          value: payment.lastSentAt ? formatShortDateTime(payment.lastSentAt) : adminTexts.paymentNeverSent,
        },
        {
          label: adminTexts.paymentProviderTransaction,
          value: <span className="font-mono [overflow-wrap:anywhere]">{orNone(payment.providerTransactionId)}</span>,
        },
        {
          label: adminTexts.paymentProviderRecurring,
          value: <span className="font-mono [overflow-wrap:anywhere]">{orNone(payment.providerRecurringId)}</span>,
        },
        payment.claimedTransactionId
          ? {
              label: adminTexts.paymentClaimedTransaction,
              value: <span className="font-mono [overflow-wrap:anywhere]">{payment.claimedTransactionId}</span>,
            }
          : null,
        {
          label: adminTexts.paymentNextDate,
          value: payment.nextPaymentDate ? formatShortDate(payment.nextPaymentDate) : adminTexts.paymentNone,
        },
        ...planItems(payment.plan),
        {
          label: adminTexts.paymentIdempotencyKey,
          value: <span className="font-mono [overflow-wrap:anywhere]">{payment.idempotencyKey}</span>,
        },
        {
          label: adminTexts.duplicatesReversed,
          value:
            payment.duplicatesReversed.length === 0 ? (
              adminTexts.noDuplicatesReversed
            ) : (
              <ul className="list-disc pl-5">
                {payment.duplicatesReversed.map((duplicate) => (
                  <li
                    key={`${duplicate.entityType}:${duplicate.entityId}:${duplicate.at}`}
                    className="[overflow-wrap:anywhere]"
                  >
                    {adminTexts.duplicateReversed(
                      `${duplicate.entityType} ${duplicate.entityId}`,
                      duplicate.refundId,
                      formatShortDateTime(duplicate.at),
                    )}
                  </li>
                ))}
              </ul>
            ),
        },
      ]}
    />
  );
}

/** The dialog's body: the record's payments, then the newest one's detail. Fetched only when open. */
function PaymentDetailBody({ recordId }: { recordId: string }) {
  const list = usePaymentsOfRecord(recordId, true);
  const found = list.data?.data ?? [];
  const newest = found[0];
  const detail = usePaymentDetail(newest?.id);
  const error = list.error ?? detail.error;
  useRedirectOnUnauthorized(error);
  if (error) {
    return (
      <AdminLoadError
        text={adminTexts.errorLoadingPayment(describeError(error))}
        error={error}
        onRetry={() => void (list.error ? list.refetch() : detail.refetch())}
        retrying={list.isFetching || detail.isFetching}
      />
    );
  }
  if (list.isPending) return <AdminLoading text={adminTexts.loadingPayment} />;
  if (!newest) return <AdminEmpty text={adminTexts.noPaymentForRecord} />;
  if (!detail.data) return <AdminLoading text={adminTexts.loadingPayment} />;
  return (
    <div className="mt-2">
      {found.length > 1 ? <PaymentsOfRecordList found={found} /> : null}
      <PaymentFacts payment={detail.data} />
      <PaymentDisputes payment={detail.data} />
      <PaymentMoney payment={detail.data} />
    </div>
  );
}

/**
 * 'Payment details' for one row (a donation, membership or registration): a dialog with the
 * reference of each of its payments, then the state, attempts, queue job, last error, provider ids, a plan's dunning and cancellation, and reversed
 * duplicates of its newest payment.
 */
export function PaymentDetailButton({ recordId, name }: { recordId: string; name: string }) {
  return (
    <AdminDialog
      size="lg"
      title={adminTexts.paymentDetailsOf(name)}
      description={adminTexts.paymentDetailDescription}
      trigger={
        <button type="button" className={smallButton('outline')}>
          {adminTexts.paymentDetails}
          <span className="sr-only">{` (${name})`}</span>
        </button>
      }
    >
      <PaymentDetailBody recordId={recordId} />
    </AdminDialog>
  );
}
