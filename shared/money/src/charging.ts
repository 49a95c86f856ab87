import { JOBS, type JobName } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import {
  type CardProvider,
  type Payor,
  type ProviderMetadata,
  ProviderRequestError,
  TransientProviderError,
} from './provider';
import type { Claim, FinalOutcome, Payment, PaymentLedger } from './ledger';
import type { Outcome, ProviderLookup } from './provider-lookup';
import { FinalError } from './final-error';

export interface ChargeDeps {
  ledger: PaymentLedger;
  provider: CardProvider;
  lookup: ProviderLookup;
  logger: Logger;
  /** The longest the provider takes to show a new charge to a lookup (PAYMENT_PROVIDER_VISIBILITY_MS). */
  visibilityWindowMs: number;
  now?: () => Date;
  /**
   * Told of every decline after the ledger has recorded it: the worker counts it against the
   * card-testing limits (shared/platform/src/limits, docs/decisions/026).
   */
  onDecline?: (decline: Decline) => Promise<void>;
  /** Told how each attempt ended, for the worker's payment-outcome counter (docs/decisions/029). */
  onOutcome?: (event: AttemptOutcome) => void;
}

/** Who a declined charge came from: its payer's e-mail, and its client address's pseudonym (the job's). */
export interface Decline {
  payerEmail?: string | undefined;
  source?: string | undefined;
}

/**
 * How one attempt ended: `succeeded` and `declined` are final outcomes from the provider; `failed`
 * is a final failure of ours (our request rejected, nothing to charge with); `unclear` is an attempt
 * that ends without knowing, retried with a lookup first (docs/decisions/010). `reason` is the
 * decline code or the kind of failure, never a message.
 */
export interface AttemptOutcome {
  kind: Payment['kind'];
  outcome: 'succeeded' | 'declined' | 'failed' | 'unclear';
  reason: string;
}

/** What the payer reads on a payment that failed without a decline; the provider's own words go to the log only. */
export const chargeFailureMessages = {
  /** Our own request to the provider is wrong (misconfiguration). */
  providerError: 'Payment processing failed',
  /** A charge the browser reported that the provider never showed. */
  unverified: 'The reported payment could not be found at the payment processor.',
  /** A charge the browser reported whose amount is not the payment's. */
  amountMismatch: 'The reported payment does not match the amount due.',
  /** The provider could not be reached, and showed no charge, until the sweep gave up. */
  unreachable: 'We could not reach the payment processor. No charge was made; please try again.',
} as const;

/**
 * The provider shows no charge yet, but may still show one: the attempt ends as a transient
 * failure and is tried again with backoff, when the lookup is repeated.
 */
export class AwaitingVisibility extends TransientProviderError {
  constructor(paymentId: string, waitMs: number) {
    super(`payment ${paymentId}: no charge visible yet; looking again in ${Math.ceil(waitMs / 1000)} s or later`);
    this.name = 'AwaitingVisibility';
  }
}

/** An attempt that must not be tried again: a decline, our own bad request, a payment that cannot be charged. */
export class FinalChargeError extends FinalError {
  constructor(message: string) {
    super(message);
    this.name = 'FinalChargeError';
  }
}

export type AttemptResult =
  | { skipped: 'already settled' }
  | { state: 'succeeded' }
  /** A plan was created and its first instalment is not visible yet: looked up again later (firstInstalmentLooks). */
  | { state: 'awaiting-first-instalment' };

/**
 * Records a final outcome in the ledger and tells the counters: the one end of an attempt and of a
 * look-up of a plan's first instalment. A decline is final (FinalChargeError) once recorded.
 */
function concluder({ ledger, logger, onDecline, onOutcome = () => undefined }: ChargeDeps) {
  return async (payment: Payment, payor: Payor | null, outcome: FinalOutcome): Promise<{ state: 'succeeded' }> => {
    const { kind } = payment;
    await ledger.settle(payment, outcome);
    if (outcome.status === 'declined') {
      onOutcome({ kind, outcome: 'declined', reason: outcome.code });
      // Counting is advice, not money: a limiter outage must not turn a final decline into a retry.
      if (onDecline) {
        await onDecline({ payerEmail: payor?.email }).catch((error: unknown) =>
          logger.warn(
            { paymentId: payment.id, error: error instanceof Error ? error.message : String(error) },
            'decline not counted: rate limiter unavailable',
          ),
        );
      }
      throw new FinalChargeError(`declined: ${outcome.code}`);
    }
    onOutcome({ kind, outcome: 'succeeded', reason: 'NONE' });
    return { state: 'succeeded' };
  };
}

/**
 * The look-up of a plan's first instalment, after the attempt that created the plan ended with it
 * awaited (AwaitingFirstInstalment, docs/decisions/010). It is no new attempt: it sends nothing and
 * leaves payments.attempts alone; the outcome it finds is counted once, as the attempt's. Not
 * visible yet is an answer too (`awaiting-first-instalment`): the caller looks again later, and
 * the sweep settles what no look-up did.
 */
export function firstInstalmentLooks(deps: ChargeDeps) {
  const { ledger, lookup } = deps;
  const conclude = concluder(deps);
  return async function look(paymentId: string): Promise<AttemptResult> {
    const found = await ledger.withPayor(paymentId);
    const payment = found?.payment;
    if (!payment || !UNSETTLED_STATES.has(payment.state) || !payment.providerRecurringId) {
      return { skipped: 'already settled' };
    }
    const outcome = await lookup.find(payment, payment.providerRecurringId);
    if (!outcome || outcome.status === 'awaiting') return { state: 'awaiting-first-instalment' };
    return conclude(payment, found.payor, outcome);
  };
}

const UNSETTLED_STATES: ReadonlySet<string> = new Set(['queued', 'processing']);

/** The charges-queue jobs this attempt runs. */
export type ChargeJob = typeof JOBS.charge | typeof JOBS.startRecurring | typeof JOBS.verifyReportedCharge;
export const CHARGE_JOBS: readonly JobName[] = [JOBS.charge, JOBS.startRecurring, JOBS.verifyReportedCharge];

/**
 * One attempt at settling a payment: a one-time charge, a recurring plan, or the verification of
 * a charge the browser reports. Exactly once without a provider idempotency key (docs/decisions/010):
 * the moment a request is sent is committed first (by the claim itself on the first attempt); once
 * it is set, every later attempt (a retry, a stalled job after a crash) looks the charge up by its
 * key and sends again only when a lookup made after the visibility window finds nothing. Transient
 * errors propagate (the caller retries with backoff); declines and our own request errors are final
 * (FinalChargeError), after the ledger has recorded them.
 */
export function chargeAttempts(deps: ChargeDeps) {
  const {
    ledger,
    provider,
    lookup,
    logger,
    visibilityWindowMs,
    now = () => new Date(),
    onOutcome = () => undefined,
  } = deps;
  const conclude = concluder(deps);
  const metadataOf = (payment: Payment): ProviderMetadata => ({
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

  /** Sends the request, unless an earlier send's outcome is found; a send not yet recorded is recorded first. */
  async function send(claim: Claim, create: (payment: Payment, payor: Payor) => Promise<Outcome>): Promise<Outcome> {
    let { payment } = claim;
    if (!claim.firstSend) {
      const earlier = await earlierOutcome(payment);
      if (earlier) return earlier;
      if (!payment.paymentMethodToken) throw new FinalChargeError('payment has no payment method token');
      payment = await ledger.markSent(payment, now(), visibilityWindowMs);
    }
    if (!claim.payor) throw new Error(`record ${payment.recordId} of payment ${payment.id} is missing`);
    return create(payment, claim.payor);
  }

  /** What a charge and a plan ask of the provider alike. */
  const requestOf = (payment: Payment, payor: Payor) => ({
    amountCents: payment.amountCents,
    paymentMethodId: payment.paymentMethodToken ?? '',
    idempotencyKey: payment.idempotencyKey,
    payor,
    metadata: metadataOf(payment),
  });

  const charge = (claim: Claim) => send(claim, (payment, payor) => provider.charge(requestOf(payment, payor)));

  // A plan's first instalment may be charged after createRecurringPayment answers: the adapter
  // then answers the plan `awaiting`, and the attempt ends with the plan recorded and its first
  // instalment looked up later (firstInstalmentLooks), never with a second plan.
  const startRecurring = (claim: Claim) =>
    send(claim, (payment, payor) => provider.createRecurring({ ...requestOf(payment, payor), interval: 'MONTHLY' }));

  /**
   * A charge the browser reports is only a claim until the provider confirms it: by the reported
   * transaction id, else by the `idempotency_key` the browser put in the charge's metadata. A
   * charge made moments ago may not be visible yet, so "not found" is final only after the window.
   */
  async function verify({ payment }: Claim): Promise<Outcome> {
    if (!payment.claimedTransactionId) throw new FinalChargeError('payment has no reported charge to verify');
    const found =
      (await provider.getCharge(payment.claimedTransactionId)) ??
      (payment.claimedIdempotencyKey ? await provider.findChargeByIdempotencyKey(payment.claimedIdempotencyKey) : null);
    if (!found) {
      const waitMs = windowLeft(payment.createdAt);
      if (waitMs > 0) throw new AwaitingVisibility(payment.id, waitMs);
      return {
        status: 'declined',
        code: 'UNVERIFIED',
        message: chargeFailureMessages.unverified,
        transactionId: null,
      };
    }
    if (found.status === 'succeeded' && found.amountCents !== payment.amountCents) {
      return {
        status: 'declined',
        code: 'AMOUNT_MISMATCH',
        message: chargeFailureMessages.amountMismatch,
        transactionId: found.transactionId,
      };
    }
    return found;
  }

  const run: Record<ChargeJob, (claim: Claim) => Promise<Outcome>> = {
    [JOBS.charge]: charge,
    [JOBS.startRecurring]: startRecurring,
    [JOBS.verifyReportedCharge]: verify,
  };

  /** Runs one attempt of `job` for the payment, and records its outcome in the ledger. */
  return async function attempt(job: ChargeJob, paymentId: string): Promise<AttemptResult> {
    const claim = await ledger.begin(paymentId, { send: job !== JOBS.verifyReportedCharge, at: now() });
    if (!claim) return { skipped: 'already settled' };

    const { kind } = claim.payment;
    let outcome: Outcome;
    try {
      outcome = await run[job](claim);
    } catch (error) {
      if (error instanceof ProviderRequestError) {
        logger.error({ err: error, paymentId }, 'provider rejected our request; check the provider configuration');
        await ledger.fail(claim.payment, 'PROVIDER_REQUEST_ERROR', chargeFailureMessages.providerError);
        onOutcome({ kind, outcome: 'failed', reason: 'PROVIDER_REQUEST_ERROR' });
        throw new FinalChargeError(error.message);
      }
      if (error instanceof FinalChargeError) onOutcome({ kind, outcome: 'failed', reason: 'NOT_CHARGEABLE' });
      else onOutcome({ kind, outcome: 'unclear', reason: unclearReason(error) });
      throw error;
    }
    if (outcome.status === 'awaiting') {
      // Not an unclear outcome: the plan exists; its outcome is counted when its first instalment shows.
      const awaiting = await ledger.awaitFirstInstalment(claim.payment, outcome.recurringId, now());
      return awaiting ? { state: 'awaiting-first-instalment' } : { skipped: 'already settled' };
    }
    return conclude(claim.payment, claim.payor, outcome);
  };
}

export type ChargeAttempt = ReturnType<typeof chargeAttempts>;

/** Why an attempt ended without an outcome: waiting out the visibility window, the provider, or us. */
function unclearReason(error: unknown): string {
  if (error instanceof AwaitingVisibility) return 'AWAITING_VISIBILITY';
  if (error instanceof TransientProviderError) return 'PROVIDER_TRANSIENT';
  return 'INTERNAL';
}
