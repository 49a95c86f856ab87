import { reconciliationDifferences, transactions } from '@pillars/platform/db';
import { and, eq, gte, isNull, lt } from 'drizzle-orm';
import type { ProviderTransaction, ProviderWindow } from '../provider';
import type { Payment } from '../ledger';
import { CHARGE_ROW_STATUS } from '../transaction-rows';
import type { DifferenceInput } from '../reconciliation';
import { type ReconcileContext, VOIDED, dollars } from './deps';
import { ledgerIndex } from './ledger-index';
import { reflectRefunds } from './outside-refunds';

export async function compareWindow(ctx: ReconcileContext, window: ProviderWindow) {
  const { provider, ledger, lookup, instalments, logger } = ctx;
  const [txs, plans] = await Promise.all([provider.listTransactions(window), provider.listPlans(window)]);
  const index = await ledgerIndex(ctx.db, txs, plans);
  const found: DifferenceInput[] = [];
  const handled = new Set<string>();
  let matched = 0;
  let failures = 0;
  const differ = (d: DifferenceInput) => found.push(d);

  /** A charge or plan of a known payment the ledger does not hold: acted on once per payment. */
  async function ofKnownPayment(payment: Payment, providerId: string, amountCents: number | null): Promise<void> {
    if (handled.has(payment.id)) return;
    handled.add(payment.id);
    if (payment.state === 'queued' || payment.state === 'processing') {
      matched += 1; // the payment's own job (or the sweep) settles it
      return;
    }
    if (payment.state === 'failed') {
      const recovered = await lookup.recoverFailed(payment, ledger);
      if (recovered.result === 'adopted') {
        differ({
          kind: 'adopted',
          providerTransactionId: providerId,
          paymentId: payment.id,
          amountCents,
          detail: `Pay Theory holds a charge for this payment, which the app held as failed (${payment.failureCode ?? 'no code'}); settled from it, receipt and all.`,
        });
      } else if (recovered.result === 'reversed') {
        differ({
          kind: 'adoption_reversed',
          providerTransactionId: providerId,
          paymentId: payment.id,
          amountCents,
          detail:
            recovered.reason === 'sold-out'
              ? 'Pay Theory holds a charge for this failed registration payment, but the event has no place left; the charge was given back.'
              : 'Pay Theory holds a charge for this failed payment, but its record was paid by another payment; the charge was given back.',
        });
      } else matched += 1;
      return;
    }
    await lookup.reverseLateDuplicates(payment);
    differ({
      kind: 'duplicate_reversed',
      providerTransactionId: providerId,
      paymentId: payment.id,
      amountCents,
      detail: `A second charge or plan for this payment (the app keeps ${payment.providerRecurringId ?? payment.providerTransactionId ?? 'none'}); given back.`,
    });
  }

  const refundChecks = new Map<string, { rowId: string; paymentId: string; transactionId: string }>();

  for (const t of txs) {
    try {
      if (t.type === 'REVERSAL') {
        const parent = t.parentId ? index.rowByTransaction.get(t.parentId) : undefined;
        const recorded = index.rowByTransaction.get(t.transactionId);
        if (parent?.paymentId && !parent.refundOf && !recorded) {
          refundChecks.set(parent.id, {
            rowId: parent.id,
            paymentId: parent.paymentId,
            transactionId: t.parentId ?? '',
          });
        } else matched += 1;
        continue;
      }
      if (t.type !== 'DEBIT') {
        matched += 1;
        continue;
      }
      if (t.disputeStatus) {
        const payment = index.byTransaction.get(t.transactionId) ?? null;
        await recordDisputeOnce(
          ctx,
          t,
          payment?.id ?? index.rowByTransaction.get(t.transactionId)?.paymentId ?? null,
          found,
        );
      }
      const row = index.rowByTransaction.get(t.transactionId);
      const byId = index.byTransaction.get(t.transactionId) ?? index.byClaimed.get(t.transactionId);
      // A partial void (docs/decisions/019) leaves the charge VOIDED, its id on the void's refund
      // row, and a replacement for the rest that carries the charge row: neither is a charge of
      // its own to compare, adopt or reverse.
      if (row?.refundOf && VOIDED.has(t.status)) {
        matched += 1; // the void, recorded; its replacement is compared as the charge
        continue;
      }
      const replaced = t.parentId ? index.rowByTransaction.get(t.parentId) : undefined;
      if (!row && !byId && replaced?.paymentId && !replaced.refundOf) {
        // A void the ledger has not recorded (made in Pay Theory's portal): recorded with its
        // replacement when the voided charge's refunds are reflected.
        refundChecks.set(replaced.id, {
          rowId: replaced.id,
          paymentId: replaced.paymentId,
          transactionId: t.parentId ?? '',
        });
        matched += 1;
        continue;
      }
      if (row || byId) {
        const paymentId = row?.paymentId ?? byId?.id ?? null;
        // A replacement is charged for what the voids of its charge row left.
        const ledgerAmount = row
          ? row.amount - (t.parentId ? (index.voidedCents.get(row.id) ?? 0) : 0)
          : (byId?.amountCents ?? t.amountCents);
        if (!t.charged && !VOIDED.has(t.status)) {
          differ({
            kind: 'status_mismatch',
            providerTransactionId: t.transactionId,
            paymentId,
            amountCents: t.amountCents,
            detail: `The app holds this charge as taken; Pay Theory shows it ${t.status}.`,
          });
        } else if (t.amountCents !== ledgerAmount) {
          differ({
            kind: 'amount_mismatch',
            providerTransactionId: t.transactionId,
            paymentId,
            amountCents: t.amountCents,
            detail: `Pay Theory charged ${dollars(t.amountCents)}; the app recorded ${dollars(ledgerAmount)}.`,
          });
        } else if (row && paymentId && (t.refundedCents > 0 || VOIDED.has(t.status))) {
          refundChecks.set(row.id, { rowId: row.id, paymentId, transactionId: t.transactionId });
        } else matched += 1;
        continue;
      }
      const planPayment = t.recurringId ? index.byPlan.get(t.recurringId) : undefined;
      if (planPayment && t.recurringId === planPayment.providerRecurringId) {
        const charge = await provider.getChargeDetails(t.transactionId);
        const outcome = charge ? await instalments.record(planPayment, charge) : 'already-recorded';
        if (outcome === 'recorded' || outcome === 'failed-recorded') {
          differ({
            kind: 'instalment_recorded',
            providerTransactionId: t.transactionId,
            paymentId: planPayment.id,
            amountCents: t.amountCents,
            detail: `An instalment of this plan (${t.status}) the app had not recorded; recorded now.`,
          });
        } else matched += 1;
        continue;
      }
      if (!t.charged) {
        matched += 1; // a decline moved no money
        continue;
      }
      const payment =
        (t.idempotencyKey ? (index.byKey.get(t.idempotencyKey) ?? index.byClaimedKey.get(t.idempotencyKey)) : null) ??
        null;
      const givenBack = t.refundedCents >= t.amountCents;
      if (givenBack && (payment || index.reversedDuplicates.has(t.transactionId))) {
        matched += 1; // a second charge already given back
        continue;
      }
      if (payment) {
        await ofKnownPayment(payment, t.transactionId, t.amountCents);
        continue;
      }
      differ({
        kind: 'unmatched',
        providerTransactionId: t.transactionId,
        paymentId: null,
        amountCents: t.amountCents,
        detail: `A charge of ${dollars(t.amountCents)} (${t.status}${givenBack ? ', given back' : ''}) that matches no payment of the app.`,
      });
    } catch (error) {
      failures += 1;
      logger.warn({ err: error, transactionId: t.transactionId }, 'could not reconcile a transaction');
    }
  }

  for (const plan of plans) {
    try {
      if (index.byPlan.has(plan.recurringId)) {
        matched += 1;
        continue;
      }
      const payment = plan.idempotencyKey ? index.byKey.get(plan.idempotencyKey) : undefined;
      if (payment) {
        if (!plan.isActive) matched += 1;
        else await ofKnownPayment(payment, plan.recurringId, plan.amountCents);
        continue;
      }
      differ({
        kind: 'unmatched',
        providerTransactionId: plan.recurringId,
        paymentId: null,
        amountCents: plan.amountCents,
        detail: `A monthly plan${plan.amountCents === null ? '' : ` of ${dollars(plan.amountCents)}`} (${plan.isActive ? 'active' : 'ended'}) that matches no payment of the app.`,
      });
    } catch (error) {
      failures += 1;
      logger.warn({ err: error, recurringId: plan.recurringId }, 'could not reconcile a plan');
    }
  }

  for (const charge of refundChecks.values()) {
    try {
      if (!(await reflectRefunds(ctx, charge, found))) matched += 1;
    } catch (error) {
      failures += 1;
      logger.warn({ err: error, transactionId: charge.transactionId }, 'could not reconcile the refunds of a charge');
    }
  }

  failures += await missingAtProvider(ctx, window, new Set(txs.map((t) => t.transactionId)), found);
  return { matched, found, failures };
}

/**
 * The ledger's own charges of the window that Pay Theory did not list, each looked up by its id
 * (its date there may differ from our row's): one it does not have is reported. Charges younger
 * than the visibility window are left for the next run.
 */
async function missingAtProvider(
  ctx: ReconcileContext,
  window: ProviderWindow,
  listed: Set<string>,
  found: DifferenceInput[],
) {
  const { db, provider, logger, visibilityWindowMs, now } = ctx;
  const until = new Date(Math.min(window.to.getTime(), now().getTime() - visibilityWindowMs));
  const rows = await db
    .select({
      transactionId: transactions.providerTransactionId,
      paymentId: transactions.paymentId,
      amount: transactions.amount,
    })
    .from(transactions)
    .where(
      and(
        eq(transactions.status, CHARGE_ROW_STATUS),
        isNull(transactions.refundOf),
        eq(transactions.paymentProvider, provider.name),
        gte(transactions.createdAt, window.from),
        lt(transactions.createdAt, until),
      ),
    )
    .limit(1000);
  let failures = 0;
  for (const row of rows) {
    if (!row.transactionId || listed.has(row.transactionId)) continue;
    try {
      if (await provider.getCharge(row.transactionId)) continue;
      found.push({
        kind: 'missing_at_provider',
        providerTransactionId: row.transactionId,
        paymentId: row.paymentId,
        amountCents: row.amount,
        detail: 'The app holds this charge as taken; Pay Theory does not show it.',
      });
    } catch (error) {
      failures += 1;
      logger.warn({ err: error, transactionId: row.transactionId }, 'could not look a recorded charge up');
    }
  }
  return failures;
}

/** A dispute is reported once per transaction and status, however many runs see it. */
async function recordDisputeOnce(
  { db, recordDispute }: ReconcileContext,
  t: ProviderTransaction,
  paymentId: string | null,
  found: DifferenceInput[],
) {
  const status = t.disputeStatus ?? '';
  const detail = `Pay Theory shows this charge disputed (${status}).`;
  const [seen] = await db
    .select({ id: reconciliationDifferences.id })
    .from(reconciliationDifferences)
    .where(
      and(
        eq(reconciliationDifferences.kind, 'dispute'),
        eq(reconciliationDifferences.providerTransactionId, t.transactionId),
        eq(reconciliationDifferences.detail, detail),
      ),
    )
    .limit(1);
  if (seen) return;
  if (recordDispute) {
    await recordDispute({
      transactionId: t.transactionId,
      paymentId,
      disputeStatus: status,
      amountCents: t.amountCents,
    });
  }
  found.push({
    kind: 'dispute',
    providerTransactionId: t.transactionId,
    paymentId,
    amountCents: t.amountCents,
    detail,
  });
}
