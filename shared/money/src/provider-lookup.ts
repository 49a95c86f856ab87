import { DUPLICATE_REVERSED_ACTION, type Database, auditLog, writeAuditRow } from '@pillars/platform/db';
import { JOBS, chargeJobFor } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import { type CardProvider, type ChargeOutcome, type RecurringOutcome, TransientProviderError } from './provider';
import { and, eq } from 'drizzle-orm';
import type { Payment, PaymentLedger } from './ledger';

export type Outcome = ChargeOutcome | RecurringOutcome;
type Succeeded = Extract<ChargeOutcome, { status: 'succeeded' }>;
type Active = Extract<RecurringOutcome, { status: 'active' }>;
type Awaiting = Extract<RecurringOutcome, { status: 'awaiting' }>;

/**
 * Whether a charge the provider lists is the one a payment names: the charge itself, or the
 * replacement a partial void made of it (docs/decisions/019), which the payment may name late.
 */
const isCharge = (charge: Succeeded, transactionId: string | null) =>
  transactionId !== null && (charge.transactionId === transactionId || !!charge.replaced?.includes(transactionId));

/** The audit_log action operators see in the admin payment detail (`duplicatesReversed`). */
export const DUPLICATE_REVERSED = DUPLICATE_REVERSED_ACTION;

export interface LookupDeps {
  db: Database;
  provider: CardProvider;
  logger: Logger;
}

/**
 * What the provider holds for a payment's idempotency key, and the clean-up of duplicates
 * (docs/decisions/010). Pay Theory has no idempotency key, so a charge sent twice is charged
 * twice; when that is found, one charge is kept and every other one is reversed, logged as an
 * error and written to audit_log so an operator sees it.
 */
export function providerLookup({ db, provider, logger }: LookupDeps) {
  /** Written once per reversed charge or plan: a second sweep finding it again adds nothing. */
  async function report(payment: Payment, entityType: string, entityId: string, after: Record<string, string>) {
    const [seen] = await db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, DUPLICATE_REVERSED),
          eq(auditLog.entityType, entityType),
          eq(auditLog.entityId, entityId),
        ),
      )
      .limit(1);
    logger.error(
      { paymentId: payment.id, [entityType]: entityId, ...after },
      'duplicate charge found and reversed; the provider charged one payment twice',
    );
    if (seen) return;
    await writeAuditRow(
      db,
      { userId: null, label: 'worker' },
      {
        action: DUPLICATE_REVERSED,
        entityType,
        entityId,
        before: { paymentId: payment.id, idempotencyKey: payment.idempotencyKey },
        after,
      },
    );
  }

  async function reverseCharges(payment: Payment, extra: Succeeded[], kept: string | null): Promise<void> {
    for (const charge of extra) {
      const { refundId } = await provider.refund(charge.transactionId);
      await report(payment, 'provider_transaction', charge.transactionId, {
        refundId,
        keptTransactionId: kept ?? 'none',
      });
    }
  }

  async function reversePlans(payment: Payment, extra: Active[], kept: string | null): Promise<void> {
    for (const plan of extra) {
      await provider.cancelRecurring(plan.recurringId);
      const { refundId } = await provider.refund(plan.firstCharge.transactionId);
      await report(payment, 'provider_recurring', plan.recurringId, {
        refundId,
        firstTransactionId: plan.firstCharge.transactionId,
        keptRecurringId: kept ?? 'none',
      });
    }
  }

  /**
   * The outcome the provider shows for this payment's key, or null when it shows nothing (yet).
   * `keep`: the charge or plan already recorded on the payment, if any; otherwise the oldest
   * succeeded one is kept. Every other succeeded charge or active plan is reversed.
   */
  async function find(payment: Payment, keep: string | null = null): Promise<Outcome | null> {
    const key = payment.idempotencyKey;
    if (chargeJobFor(payment) === JOBS.startRecurring) {
      const plans = await provider.listRecurringByIdempotencyKey(key);
      const active = plans.filter((p): p is Active => p.status === 'active');
      const awaiting = plans.filter((p) => p.status === 'awaiting');
      const kept = plans.find((p) => p.status !== 'declined' && p.recurringId === keep) ?? active[0] ?? awaiting[0];
      // A plan whose first instalment is not visible yet cannot be given back (there is nothing to
      // refund yet): duplicates wait until every plan shows its first instalment.
      if (kept?.status === 'active' && awaiting.length === 0)
        await reversePlans(
          payment,
          active.filter((p) => p !== kept),
          kept.recurringId,
        );
      return kept ?? plans[0] ?? null;
    }
    const charges = await provider.listChargesByIdempotencyKey(key);
    const succeeded = charges.filter((c): c is Succeeded => c.status === 'succeeded');
    const kept = succeeded.find((c) => isCharge(c, keep)) ?? succeeded[0];
    if (kept)
      await reverseCharges(
        payment,
        succeeded.filter((c) => c !== kept),
        kept.transactionId,
      );
    return kept ?? charges.at(-1) ?? null;
  }

  /**
   * A settled payment whose charge was sent more than once, looked at again once the provider
   * shows everything: a charge it showed late is reversed. A failed payment keeps no charge.
   */
  async function reverseLateDuplicates(payment: Payment): Promise<void> {
    const keep =
      payment.state === 'failed' ? null : (payment.providerRecurringId ?? payment.providerTransactionId ?? null);
    if (chargeJobFor(payment) === JOBS.startRecurring) {
      const plans = await provider.listRecurringByIdempotencyKey(payment.idempotencyKey);
      const waiting = plans.find((p): p is Awaiting => p.status === 'awaiting' && p.recurringId !== keep);
      // Its first instalment is what would be refunded: looked at again by the next sweep.
      if (waiting) throw new TransientProviderError(`plan ${waiting.recurringId}: first instalment not visible yet`);
      const active = plans.filter((p): p is Active => p.status === 'active');
      await reversePlans(
        payment,
        active.filter((p) => p.recurringId !== keep),
        keep,
      );
      return;
    }
    const charges = await provider.listChargesByIdempotencyKey(payment.idempotencyKey);
    const succeeded = charges.filter((c): c is Succeeded => c.status === 'succeeded');
    await reverseCharges(
      payment,
      succeeded.filter((c) => !isCharge(c, keep)),
      keep,
    );
  }

  /**
   * The charge (or active plan) of a failed payment, if the provider shows one after all: by the
   * payment's key, the oldest kept and any other reversed (as find does); for a charge the browser
   * reported, by the reported id or the browser's key, the amount matching (docs/decisions/010).
   */
  async function findCharged(payment: Payment): Promise<Succeeded | Active | null> {
    if (payment.claimedTransactionId) {
      const found =
        (await provider.getCharge(payment.claimedTransactionId)) ??
        (payment.claimedIdempotencyKey
          ? await provider.findChargeByIdempotencyKey(payment.claimedIdempotencyKey)
          : null);
      return found?.status === 'succeeded' && found.amountCents === payment.amountCents ? found : null;
    }
    const found = await find(payment);
    // A plan whose first instalment is not visible yet may still turn out charged: asked again later.
    if (found?.status === 'awaiting') {
      throw new TransientProviderError(`plan ${found.recurringId}: first instalment not visible yet`);
    }
    return found && found.status !== 'declined' ? found : null;
  }

  /**
   * A failed payment found charged is settled from the charge, not left failed (ledger.adopt, the
   * same success path with its receipt). A charge that cannot be kept (its record is paid by
   * another payment, or its registration's event is full) is given back and reported as a
   * reversed duplicate. `none`: the provider shows no charge.
   */
  async function recoverFailed(
    payment: Payment,
    ledger: PaymentLedger,
  ): Promise<{ result: 'adopted' | 'none' } | { result: 'reversed'; reason: 'record-paid' | 'sold-out' }> {
    const found = await findCharged(payment);
    if (!found) return { result: 'none' };
    const adopted = await ledger.adopt(payment, found);
    if (adopted === 'adopted') return { result: 'adopted' };
    if (adopted === 'not-failed') return { result: 'none' };
    if (found.status === 'active') await reversePlans(payment, [found], null);
    else await reverseCharges(payment, [found], null);
    return { result: 'reversed', reason: adopted };
  }

  return { find, reverseLateDuplicates, findCharged, recoverFailed };
}

export type ProviderLookup = ReturnType<typeof providerLookup>;
