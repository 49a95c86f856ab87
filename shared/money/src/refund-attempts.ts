import type { Database } from '@pillars/platform/db';
import { type QueueBackend, publishNow } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import { formatCents } from '@pillars/contracts';
import {
  type CardProvider,
  type ChargeRefunds,
  type ProviderChargeState,
  ProviderRequestError,
  RefundRejectedError,
  type Reversal,
  TransientProviderError,
} from './provider';
import { type Refund, type RefundClaim, RefundLedger } from './refunds';
import { recordChargeState } from './charge-state';
import { FinalError } from './final-error';

export interface RefundDeps {
  db: Database;
  backend: QueueBackend;
  provider: CardProvider;
  logger: Logger;
  /** The longest the provider takes to show a new charge, or refund, to a read (PAYMENT_PROVIDER_VISIBILITY_MS). */
  visibilityWindowMs: number;
  now?: () => Date;
}

/** What the admin reads on a failed refund; the provider's own words go to the log only. */
export const refundFailureMessages = {
  rejected: (code: string) => `The payment processor refused the refund (${code}).`,
  requestError: 'Refund processing failed',
  notEnoughLeft: (leftCents: number) =>
    `Only $${formatCents(leftCents)} of this payment is left to refund at the payment processor.`,
} as const;

/** The refund may have been made but does not show yet: tried again with backoff, then read again. */
class AwaitingRefundVisibility extends TransientProviderError {
  constructor(refundId: string, waitMs: number) {
    super(
      `refund ${refundId}: not visible at the provider yet; reading again in ${Math.ceil(waitMs / 1000)} s or later`,
    );
    this.name = 'AwaitingRefundVisibility';
  }
}

export type RefundAttemptResult = { skipped: 'already settled' } | { state: 'succeeded' | 'failed' };

/**
 * One attempt at a refund (docs/decisions/019), exactly once without an idempotency key, in the
 * spirit of docs/decisions/010: before the first send the attempt records, committed, what the
 * charge had given back (`provider_refunded_before_cents`) and when it sent. Every later attempt
 * (a retry after a timeout, a stalled job after a crash) first reads the charge: refunded ≥
 * before + amount means our refund was made (only one refund of a charge is ever in flight);
 * less means not made only once the visibility window since the last send has passed, and only
 * then is it sent again. A refusal is final: the refund fails with a message for the admin.
 */
export function refundAttempts({
  db,
  backend,
  provider,
  logger,
  visibilityWindowMs,
  now = () => new Date(),
}: RefundDeps) {
  const ledger = new RefundLedger(db);

  async function chargeOf(refund: Refund): Promise<ChargeRefunds> {
    const readAt = now();
    const charge = await provider.getChargeRefunds(refund.providerTransactionId);
    // The charge was made long before (its row is completed): not showing it is the provider's lag.
    if (!charge) throw new TransientProviderError(`refund ${refund.id}: charge not visible at the provider`);
    await recordChargeState(db, charge.transactionId, charge.state, readAt);
    return charge;
  }

  async function fail(refund: Refund, message: string): Promise<RefundAttemptResult> {
    if (await ledger.fail(refund.id, message)) logger.warn({ refundId: refund.id }, 'refund failed');
    return { state: 'failed' };
  }

  async function succeed(
    refund: Refund,
    reversal: Reversal,
    replacementState?: ProviderChargeState | null,
  ): Promise<RefundAttemptResult> {
    const { settled, outboxRows } = await ledger.succeed(refund.id, reversal, replacementState);
    if (settled === 'succeeded') {
      logger.info(
        {
          refundId: refund.id,
          paymentId: refund.paymentId,
          isVoid: reversal.isVoid,
          replacementTransactionId: reversal.replacementTransactionId,
        },
        reversal.isVoid ? 'refund succeeded as a void' : 'refund succeeded',
      );
      await publishNow(db, backend, logger, outboxRows).catch((error: unknown) =>
        logger.warn({ err: error, refundId: refund.id }, 'refund receipt left to the relay'),
      );
    }
    return { state: 'succeeded' };
  }

  async function send(refund: Refund): Promise<RefundAttemptResult> {
    try {
      return await succeed(refund, await provider.reverse(refund.providerTransactionId, refund.amountCents));
    } catch (error) {
      if (error instanceof RefundRejectedError) {
        logger.warn({ refundId: refund.id, code: error.code, err: error }, 'provider refused the refund');
        await fail(refund, refundFailureMessages.rejected(error.code));
        throw new FinalError(`refused: ${error.code}`);
      }
      if (error instanceof ProviderRequestError) {
        logger.error(
          { err: error, refundId: refund.id },
          'provider rejected our refund request; check the configuration',
        );
        await fail(refund, refundFailureMessages.requestError);
        throw new FinalError(error.message);
      }
      throw error;
    }
  }

  /**
   * The reversal that is ours: a void of the charge (with its replacement when the void was
   * partial), or else the newest reversal of our amount no other refund of this charge recorded.
   * Null while it does not show; a part voided whose replacement does not show yet is never taken
   * for a void of the whole.
   */
  async function reversalOf(
    refund: Refund,
    charge: ChargeRefunds,
  ): Promise<{ reversal: Reversal; replacementState?: ProviderChargeState } | null> {
    if (charge.replacement) {
      return {
        reversal: {
          refundId: charge.transactionId,
          isVoid: true,
          replacementTransactionId: charge.replacement.transactionId,
        },
        replacementState: charge.replacement.state,
      };
    }
    const known = await ledger.providerRefundIdsOf(refund.chargeRowId);
    const ours = charge.reversals.filter((r) => r.amountCents === refund.amountCents && !known.has(r.refundId)).at(-1);
    if (ours) return { reversal: { refundId: ours.refundId, isVoid: false, replacementTransactionId: null } };
    const partOnly = refund.amountCents < charge.grossCents - (refund.providerRefundedBeforeCents ?? 0);
    // A void gives the charge back without a reversal transaction: its id is the reference.
    if (charge.refundedCents >= charge.grossCents && charge.reversals.length === 0 && !partOnly) {
      return { reversal: { refundId: charge.transactionId, isVoid: true, replacementTransactionId: null } };
    }
    return null;
  }

  async function firstSend({ refund, succeededBeforeCents }: RefundClaim): Promise<RefundAttemptResult> {
    const charge = await chargeOf(refund);
    // Our own succeeded refunds count even before the provider shows them (docs/decisions/019).
    const before = Math.max(charge.refundedCents, succeededBeforeCents);
    const left = charge.grossCents - before;
    if (refund.amountCents > left) return fail(refund, refundFailureMessages.notEnoughLeft(Math.max(0, left)));
    if (!(await ledger.recordFirstSend(refund.id, before, now()))) {
      throw new TransientProviderError(`refund ${refund.id}: another attempt recorded the send first`);
    }
    return send(refund);
  }

  async function sendAgainUnlessMade(refund: Refund & { lastSentAt: Date }): Promise<RefundAttemptResult> {
    const charge = await chargeOf(refund);
    const before = refund.providerRefundedBeforeCents ?? 0;
    if (charge.refundedCents >= before + refund.amountCents) {
      const found = await reversalOf(refund, charge);
      if (found) return succeed(refund, found.reversal, found.replacementState);
      const waitMs = refund.lastSentAt.getTime() + visibilityWindowMs - now().getTime();
      if (waitMs > 0) throw new AwaitingRefundVisibility(refund.id, waitMs);
      if (charge.state.status === 'VOIDED') {
        // Voided, but the replacement of a part voided does not show: recording a void of the
        // whole would lose the money the replacement takes, so it is read again until it shows.
        logger.error({ refundId: refund.id }, 'partial void made but its replacement transaction is not visible');
        throw new AwaitingRefundVisibility(refund.id, visibilityWindowMs);
      }
      // Refunded, but no reversal of ours ever listed: the charge's id is the reference.
      return succeed(refund, { refundId: charge.transactionId, isVoid: false, replacementTransactionId: null });
    }
    const waitMs = refund.lastSentAt.getTime() + visibilityWindowMs - now().getTime();
    if (waitMs > 0) throw new AwaitingRefundVisibility(refund.id, waitMs);
    const left = charge.grossCents - charge.refundedCents;
    if (refund.amountCents > left) return fail(refund, refundFailureMessages.notEnoughLeft(Math.max(0, left)));
    logger.warn({ refundId: refund.id }, 'refund not made after the visibility window; sending again');
    await ledger.recordResend(refund.id, now());
    return send(refund);
  }

  return async function attempt(refundId: string): Promise<RefundAttemptResult> {
    const claim = await ledger.begin(refundId, now());
    if (!claim) return { skipped: 'already settled' };
    const { refund } = claim;
    return refund.lastSentAt ? sendAgainUnlessMade({ ...refund, lastSentAt: refund.lastSentAt }) : firstSend(claim);
  };
}
