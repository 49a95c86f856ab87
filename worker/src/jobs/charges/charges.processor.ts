import { JOBS, PaymentJobData } from '@pillars/shared/jobs';
import type { Logger } from '@pillars/shared/logger';
import { type CardProvider, ProviderRequestError, TransientProviderError } from '@pillars/shared/payments';
import { type Job, UnrecoverableError } from 'bullmq';
import type { Payment, PaymentLedger, Outcome, ProviderLookup } from '@pillars/shared/money';

export interface ChargeDeps {
  ledger: PaymentLedger;
  provider: CardProvider;
  lookup: ProviderLookup;
  logger: Logger;
  /** The longest the provider takes to show a new charge to a lookup (PAYMENT_PROVIDER_VISIBILITY_MS). */
  visibilityWindowMs: number;
  now?: () => Date;
}

/** Shown to the visitor when our own request to the provider is wrong (misconfiguration). */
const PROVIDER_ERROR_MESSAGE = 'Payment processing failed';

/**
 * The provider shows no charge yet, but may still show one: the attempt ends as a transient
 * failure and BullMQ tries again with backoff, when the lookup is repeated.
 */
export class AwaitingVisibility extends TransientProviderError {
  constructor(paymentId: string, waitMs: number) {
    super(`payment ${paymentId}: no charge visible yet; looking again in ${Math.ceil(waitMs / 1000)} s or later`);
    this.name = 'AwaitingVisibility';
  }
}

/**
 * The `charges` queue: one-time charges, recurring plans, and verification of charges the
 * browser reports. Exactly once without a provider idempotency key (docs/decisions/010): the
 * moment a request is sent is committed first; once it is set, every later attempt (a retry, a
 * stalled job after a crash) looks the charge up by its key and sends again only when a lookup
 * made after the visibility window finds nothing. Transient errors propagate (BullMQ retries
 * with backoff); declines and our own request errors are final (UnrecoverableError).
 */
export function chargesProcessor({
  ledger,
  provider,
  lookup,
  logger,
  visibilityWindowMs,
  now = () => new Date(),
}: ChargeDeps) {
  const metadataOf = (payment: Payment) => ({
    payment_id: payment.id,
    record_id: payment.recordId,
    kind: payment.kind,
  });

  const windowLeft = (since: Date) => since.getTime() + visibilityWindowMs - now().getTime();

  /** The outcome of an earlier send, or permission to send (null) once the window has passed. */
  async function earlierOutcome(payment: Payment): Promise<Outcome | null> {
    if (!payment.lastSentAt) return null;
    const found = await lookup.find(payment);
    if (found) return found;
    const waitMs = windowLeft(payment.lastSentAt);
    if (waitMs > 0) throw new AwaitingVisibility(payment.id, waitMs);
    logger.warn({ paymentId: payment.id }, 'no charge found after the visibility window; sending again');
    return null;
  }

  async function send(payment: Payment, create: (sent: Payment) => Promise<Outcome>): Promise<Outcome> {
    const earlier = await earlierOutcome(payment);
    if (earlier) return earlier;
    if (!payment.paymentMethodToken) throw new UnrecoverableError('payment has no payment method token');
    const sent = await ledger.markSent(payment, now(), visibilityWindowMs);
    return create(sent);
  }

  const charge = (payment: Payment) =>
    send(payment, async (sent) =>
      provider.charge({
        amountCents: sent.amountCents,
        paymentMethodId: sent.paymentMethodToken ?? '',
        idempotencyKey: sent.idempotencyKey,
        payor: await ledger.payorOf(sent),
        metadata: metadataOf(sent),
      }),
    );

  // A plan's first instalment may be charged after createRecurringPayment answers: the adapter
  // then throws a TransientProviderError, and the next attempt finds the plan by its key.
  const startRecurring = (payment: Payment) =>
    send(payment, async (sent) =>
      provider.createRecurring({
        amountCents: sent.amountCents,
        paymentMethodId: sent.paymentMethodToken ?? '',
        idempotencyKey: sent.idempotencyKey,
        payor: await ledger.payorOf(sent),
        interval: 'MONTHLY',
        metadata: metadataOf(sent),
      }),
    );

  /**
   * A charge the browser reports is only a claim until the provider confirms it: by the reported
   * transaction id, else by the `idempotency_key` the browser put in the charge's metadata. A
   * charge made moments ago may not be visible yet, so "not found" is final only after the window.
   */
  async function verify(payment: Payment): Promise<Outcome> {
    if (!payment.claimedTransactionId) throw new UnrecoverableError('payment has no reported charge to verify');
    const found =
      (await provider.getCharge(payment.claimedTransactionId)) ??
      (payment.claimedIdempotencyKey ? await provider.findChargeByIdempotencyKey(payment.claimedIdempotencyKey) : null);
    if (!found) {
      const waitMs = windowLeft(payment.createdAt);
      if (waitMs > 0) throw new AwaitingVisibility(payment.id, waitMs);
      return {
        status: 'declined',
        code: 'UNVERIFIED',
        message: 'The reported payment could not be found at the payment processor.',
        transactionId: null,
      };
    }
    if (found.status === 'succeeded' && found.amountCents !== payment.amountCents) {
      return {
        status: 'declined',
        code: 'AMOUNT_MISMATCH',
        message: 'The reported payment does not match the amount due.',
        transactionId: found.transactionId,
      };
    }
    return found;
  }

  const run = { [JOBS.charge]: charge, [JOBS.startRecurring]: startRecurring, [JOBS.verifyReportedCharge]: verify };

  return async (job: Job) => {
    const { paymentId } = PaymentJobData.parse(job.data);
    const attempt = run[job.name as keyof typeof run] as ((payment: Payment) => Promise<Outcome>) | undefined;
    if (!attempt) throw new UnrecoverableError(`unknown job ${job.name}`);

    const payment = await ledger.begin(paymentId);
    if (!payment) return { skipped: 'already settled' };

    let outcome: Outcome;
    try {
      outcome = await attempt(payment);
    } catch (error) {
      if (error instanceof ProviderRequestError) {
        logger.error({ err: error, paymentId }, 'provider rejected our request; check the provider configuration');
        await ledger.fail(payment, 'PROVIDER_REQUEST_ERROR', PROVIDER_ERROR_MESSAGE);
        throw new UnrecoverableError(error.message);
      }
      throw error;
    }
    await ledger.settle(payment, outcome);
    if (outcome.status === 'declined') throw new UnrecoverableError(`declined: ${outcome.code}`);
    return { state: 'succeeded' };
  };
}
