import { JOBS, PaymentJobData } from '@pillars/shared/jobs';
import type { Logger } from '@pillars/shared/logger';
import {
  type CardProvider,
  type ChargeOutcome,
  ProviderRequestError,
  type RecurringOutcome,
} from '@pillars/shared/payments';
import { type Job, UnrecoverableError } from 'bullmq';
import type { Payment, PaymentLedger } from '../../payments/ledger';

export interface ChargeDeps {
  ledger: PaymentLedger;
  provider: CardProvider;
  logger: Logger;
}

/** Shown to the visitor when our own request to the provider is wrong (misconfiguration). */
const PROVIDER_ERROR_MESSAGE = 'Payment processing failed';

type Outcome = ChargeOutcome | RecurringOutcome;

/**
 * The `charges` queue: one-time charges, recurring plans, and verification of charges the
 * browser reports. Transient provider errors propagate (BullMQ retries with backoff); declines
 * and our own request errors are final (UnrecoverableError: no retry).
 */
export function chargesProcessor({ ledger, provider, logger }: ChargeDeps) {
  const metadataOf = (payment: Payment) => ({
    payment_id: payment.id,
    record_id: payment.recordId,
    kind: payment.kind,
  });

  async function charge(payment: Payment): Promise<Outcome> {
    // An earlier attempt may have charged and lost the answer: ask before charging again.
    if (payment.attempts > 1) {
      const earlier = await provider.findChargeByIdempotencyKey(payment.idempotencyKey);
      if (earlier) return earlier;
    }
    if (!payment.paymentMethodToken) throw new UnrecoverableError('payment has no payment method token');
    return provider.charge({
      amountCents: payment.amountCents,
      paymentMethodId: payment.paymentMethodToken,
      idempotencyKey: payment.idempotencyKey,
      payor: await ledger.payorOf(payment),
      metadata: metadataOf(payment),
    });
  }

  async function startRecurring(payment: Payment): Promise<Outcome> {
    if (payment.attempts > 1) {
      const earlier = await provider.findRecurringByIdempotencyKey(payment.idempotencyKey);
      if (earlier) return earlier;
    }
    if (!payment.paymentMethodToken) throw new UnrecoverableError('payment has no payment method token');
    return provider.createRecurring({
      amountCents: payment.amountCents,
      paymentMethodId: payment.paymentMethodToken,
      idempotencyKey: payment.idempotencyKey,
      payor: await ledger.payorOf(payment),
      interval: 'MONTHLY',
      metadata: metadataOf(payment),
    });
  }

  /** A charge id reported by the browser is only a claim until the provider confirms it. */
  async function verify(payment: Payment): Promise<Outcome> {
    if (!payment.claimedTransactionId) throw new UnrecoverableError('payment has no reported charge to verify');
    const found = await provider.getCharge(payment.claimedTransactionId);
    if (!found) {
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

    if (outcome.status === 'declined') {
      await ledger.fail(payment, outcome.code, outcome.message);
      throw new UnrecoverableError(`declined: ${outcome.code}`);
    }
    if (outcome.status === 'active') {
      await ledger.succeed(payment, {
        transactionId: outcome.firstCharge.transactionId,
        recurringId: outcome.recurringId,
        nextPaymentDate: outcome.nextPaymentDate,
      });
    } else {
      await ledger.succeed(payment, { transactionId: outcome.transactionId });
    }
    return { state: 'succeeded' };
  };
}
