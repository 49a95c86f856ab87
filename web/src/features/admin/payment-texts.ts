import { plural } from './plural';

/** Who asked for a plan to end, as payments.cancel_requested_by names them. */
const planRequester = (by: string) =>
  by === 'donor' ? 'the donor' : by === 'system' ? 'the system (grace period ended)' : `admin ${by}`;

/** Pay Theory's transaction statuses in words an admin reads (docs/decisions/019). */
const PROCESSOR_STATUS_TEXT: Record<string, string> = {
  PENDING: 'pending (not captured yet)',
  SUCCEEDED: 'captured, not paid out yet',
  SETTLED: 'paid out',
  PARTIALLY_REFUNDED: 'partly refunded',
  REFUNDED: 'refunded',
  VOIDED: 'cancelled before it was paid out (voided)',
  CANCELED: 'cancelled',
  FAILED: 'failed',
  RETURNED: 'returned by the bank',
};
const processorStatusText = (status: string) => PROCESSOR_STATUS_TEXT[status] ?? status;

/** Pay Theory's review flags in words an admin reads. */
const REVIEW_FLAG_TEXT: Record<string, string> = {
  POTENTIAL_DUPLICATE: 'possible duplicate',
  EXCEEDS_THRESHOLD: "over the account's limit",
  EXCEEDS_AUTH: 'more than was authorized',
  EXCEEDS_FEE_LIMIT: 'over the fee limit',
};
const reviewFlagText = (flag: string) => REVIEW_FLAG_TEXT[flag] ?? flag;

/** The payment detail dialog's and the money operations' texts, part of adminTexts. */
export const paymentTexts = {
  // Payment detail dialog, opened from a row
  paymentDetails: 'Payment details',
  paymentDetailsOf: (name: string) => `Payment details for ${name}`,
  paymentDetailDescription: 'The charge as the ledger has it, and the state of the queue job that settles it.',
  loadingPayment: 'Loading the payment...',
  errorLoadingPayment: (message: string) =>
    `The payment could not be loaded (${message}). Close this window and try again; if it persists, check the queue monitor.`,
  noPaymentForRecord: 'No card payment was recorded for this item (for example, an application without a card).',
  paymentsOfRecord: (count: number) => `${plural(count, 'payment', 'payments')} for this item; the newest is shown.`,
  paymentOfRecordLine: (state: string, amount: string, at: string) => `${state}, ${amount}, ${at}`,
  /** The payer's reference of a payment (PAY-…), as the success page showed it (docs/decisions/046). */
  paymentReference: 'Reference',
  paymentState: 'State',
  paymentKind: 'Kind',
  paymentAmount: 'Amount',
  paymentAttempts: 'Charge attempts',
  paymentCreated: 'Created',
  paymentUpdated: 'Last change',
  paymentLastSent: 'Last sent to the provider',
  paymentNeverSent: 'Never sent',
  paymentJob: 'Queue job',
  paymentJobState: (name: string, state: string) => `${name}: ${state}`,
  paymentJobId: 'Job ID',
  paymentLastError: 'Last error',
  paymentNoError: 'None',
  paymentProviderTransaction: 'Provider transaction ID',
  paymentProviderRecurring: 'Provider recurring ID',
  paymentClaimedTransaction: 'Transaction reported by the browser',
  paymentNextDate: 'Next payment date',
  paymentIdempotencyKey: 'Idempotency key',
  paymentNone: 'None',
  duplicatesReversed: 'Duplicates reversed',
  noDuplicatesReversed: 'None',
  duplicateReversed: (entity: string, refund: string | null, at: string) =>
    `${entity}${refund ? `, refund ${refund}` : ''}, ${at}`,
  // A monthly plan's dunning and cancellation (docs/decisions/018)
  planFailingSince: 'Failing since',
  planNotFailing: 'Not failing',
  planFailing: (since: string, failedAttempts: number) =>
    `${since} (${plural(failedAttempts, 'failed attempt', 'failed attempts')} since)`,
  planCancelRequested: 'Cancellation requested',
  planNoCancelRequest: 'None',
  planCancelRequest: (at: string, by: string, reason: string | null) =>
    `${at} by ${planRequester(by)}${reason ? `: ${reason}` : ''}`,
  planCancelled: 'Plan cancelled',
  planNotCancelled: 'Not cancelled',

  // Money operations (docs/decisions/019): refunds, ending a monthly plan, check-in.
  disputesHeading: 'Disputes',
  /** One dispute: its amount, Pay Theory's status, the issuer's reason and when it was made. */
  disputeLine: (amount: string, status: string, reason: string | null, at: string | null) =>
    `${amount} disputed: ${status}${reason ? `, reason ${reason}` : ''}${at ? `, on ${at}` : ''}`,
  disputeOpen: 'Open: the cardholder contests this charge. Its receipt is not sent again.',
  disputeClosed: 'Decided.',
  disputeEvidenceDue: (at: string) => `Evidence due by ${at}, through Pay Theory's portal.`,
  chargesHeading: 'Charges',
  noCharges: 'No money was taken for this payment yet.',
  chargeLine: (amount: string, at: string) => `${amount} on ${at}`,
  chargeRefundable: (amount: string) => `${amount} left to refund`,
  refundsOfCharge: 'Refunds',
  refundLine: (amount: string, state: string, by: string, at: string) => `${amount}: ${state}, asked by ${by} on ${at}`,
  /** What a succeeded refund was at the payment processor (docs/decisions/019). */
  refundWasVoid: (replacement: string | null) =>
    replacement
      ? ` Cancelled before it was paid out (a void); the rest is now charge ${replacement}.`
      : ' Cancelled before it was paid out (a void).',
  refundWasRefund: ' Refunded to the card.',
  // A charge's state at the payment processor (Pay Theory's statuses and review flags).
  chargeAtProcessor: (status: string, batch: number | null) =>
    `At the payment processor: ${processorStatusText(status)}${batch === null ? '' : ` (deposit batch ${batch})`}.`,
  chargeNotRead: 'At the payment processor: not read yet.',
  chargeReviewFlag: (flag: string) => `Held for review by the payment processor: ${reviewFlagText(flag)}.`,
  /** What pressing Refund will do, in the dialog, by reversalKind. */
  reversalWillBe: {
    void: 'This payment has not been paid out yet, so the payment processor will cancel it (a void) instead of refunding it: the payer is simply not charged the amount you give back. Giving back part of it cancels the charge and charges the card again for the rest.',
    refund:
      'This payment has been paid out, so the amount goes back to the card as a refund; it can take a few days to show on the statement.',
    unknown:
      'The payment processor could not be asked whether this payment has been paid out yet: if it has not, it will be cancelled (a void) instead of refunded.',
  },
  refund: 'Refund',
  refundLabel: (amount: string, at: string) => `Refund the charge of ${amount} on ${at}`,
  refundTitle: 'Refund a charge',
  refundDescription: 'The money goes back to the card that paid. The refund is queued and its state shows here.',
  refundAmountLabel: 'Amount to refund (dollars)',
  refundAmountHint: (max: string) => `Between $0.01 and ${max}.`,
  refundAmountInvalid: (max: string) => `Refund amount must be between $0.01 and ${max}.`,
  refundReasonLabel: 'Reason (optional)',
  refundConfirm: (amount: string, name: string) => `Refund ${amount} to ${name || 'the payer'}?`,
  refunding: 'Refunding...',
  refundQueuedTitle: 'Refund queued',
  refundQueuedBody: (amount: string) => `A refund of ${amount} was queued.`,
  refundFailedTitle: 'Refund not queued',
  cancelPlan: 'Cancel monthly plan',
  cancelPlanTitle: 'Cancel the monthly plan?',
  cancelPlanDescription: 'No further monthly charges will be made. Charges already made are not refunded.',
  cancelPlanReasonLabel: 'Reason (optional)',
  cancellingPlan: 'Cancelling...',
  keepPlan: 'Keep the plan',
  planCancelQueuedTitle: 'Plan cancellation queued',
  planCancelQueuedBody: 'The monthly plan will be ended at the payment processor.',
  planCancelFailedTitle: 'Plan not cancelled',
} as const;
