import {
  type Database,
  DUPLICATE_REVERSED_ACTION,
  auditLog,
  payments,
  reconciliationDifferences,
  refunds,
  transactions,
} from '@pillars/platform/db';
import { ReconciliationJobData, publishNow, type QueueBackend } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import {
  CHARGE_ROW_STATUS,
  type DifferenceInput,
  type InstalmentRecorder,
  type Payment,
  type PaymentLedger,
  type ProviderLookup,
  RefundLedger,
  failReconciliationRun,
  finishReconciliationRun,
  insertOutsideRefund,
  requestReconciliationRun,
  startReconciliationRun,
} from '@pillars/money';
import { formatCents } from '@pillars/contracts';
import type {
  CardProvider,
  ProviderPlan,
  ProviderTransaction,
  ProviderWindow,
  Reversal,
} from '@pillars/money/provider';
import { and, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Job } from 'bullmq';

/** A dispute Pay Theory shows on a charge, for whoever records disputes against payments. */
export interface DisputeSeen {
  transactionId: string;
  paymentId: string | null;
  disputeStatus: string;
  amountCents: number;
}

export interface ReconcileProviderDeps {
  db: Database;
  backend: QueueBackend;
  provider: CardProvider;
  ledger: PaymentLedger;
  lookup: ProviderLookup;
  instalments: InstalmentRecorder;
  logger: Logger;
  visibilityWindowMs: number;
  /**
   * Records a dispute against its payment (docs/decisions/047-disputes.md); without it a dispute is
   * reported as a difference only.
   */
  recordDispute?: (dispute: DisputeSeen) => Promise<void>;
  /** Told of each difference a run recorded (the metrics' counter). */
  onDifference?: (kind: DifferenceInput['kind']) => void;
  now?: () => Date;
}

/** Statuses of a debit given back whole without a reversal transaction (a void). */
const VOIDED = new Set(['VOIDED', 'CANCELED']);
const dollars = (cents: number) => `$${formatCents(cents)}`;

/**
 * The reconciliation (docs/decisions/049-reconciliation.md): lists Pay Theory's transactions and
 * plans dated within the run's window and matches each to the ledger, by transaction (or plan) id,
 * else by the idempotency key in its metadata. Each difference is acted on as the decision record
 * says and stored with the run; the ledger's own charges of the window that Pay Theory does not
 * show are reported too. Every action is one the ledger already takes elsewhere (adopt, the
 * duplicate reversal, the instalment recorder, RefundLedger.succeed), each conditional, so a run
 * repeated over an overlapping window changes nothing twice.
 */
export function reconcileProviderProcessor(deps: ReconcileProviderDeps) {
  const { db, backend, provider, ledger, lookup, instalments, logger, visibilityWindowMs } = deps;
  const now = deps.now ?? (() => new Date());
  const refundLedger = new RefundLedger(db);

  async function paymentsWhere(condition: ReturnType<typeof or>): Promise<Payment[]> {
    return condition ? db.select().from(payments).where(condition) : [];
  }

  /** The ledger rows the window's transactions and plans can match, read in a few statements. */
  async function ledgerIndex(txs: ProviderTransaction[], plans: ProviderPlan[]) {
    const ids = [...new Set(txs.map((t) => t.transactionId))];
    const keys = [...new Set([...txs, ...plans].flatMap((x) => (x.idempotencyKey ? [x.idempotencyKey] : [])))];
    const planIds = [
      ...new Set([...plans.map((p) => p.recurringId), ...txs.flatMap((t) => (t.recurringId ? [t.recurringId] : []))]),
    ];
    const any = (list: string[], f: (l: string[]) => ReturnType<typeof inArray>) => (list.length ? [f(list)] : []);
    const found = await paymentsWhere(
      or(
        ...any(ids, (l) => inArray(payments.providerTransactionId, l)),
        ...any(ids, (l) => inArray(payments.claimedTransactionId, l)),
        ...any(keys, (l) => inArray(payments.idempotencyKey, l)),
        ...any(keys, (l) => inArray(payments.claimedIdempotencyKey, l)),
        ...any(planIds, (l) => inArray(payments.providerRecurringId, l)),
      ),
    );
    const rows = ids.length
      ? await db
          .select({
            id: transactions.id,
            paymentId: transactions.paymentId,
            amount: transactions.amount,
            status: transactions.status,
            refundOf: transactions.refundOf,
            providerTransactionId: transactions.providerTransactionId,
          })
          .from(transactions)
          .where(inArray(transactions.providerTransactionId, ids))
      : [];
    const reversedDuplicates = ids.length
      ? await db
          .select({ entityId: auditLog.entityId })
          .from(auditLog)
          .where(and(eq(auditLog.action, DUPLICATE_REVERSED_ACTION), inArray(auditLog.entityId, ids)))
      : [];
    // What voids took off each charge row: a partial void's replacement is charged for the rest.
    const chargeRowIds = rows.filter((r) => !r.refundOf).map((r) => r.id);
    const voids = chargeRowIds.length
      ? await db
          .select({ chargeRowId: refunds.chargeRowId, cents: sql<string>`sum(${refunds.amountCents})` })
          .from(refunds)
          .where(
            and(inArray(refunds.chargeRowId, chargeRowIds), eq(refunds.isVoid, true), eq(refunds.state, 'succeeded')),
          )
          .groupBy(refunds.chargeRowId)
      : [];
    const by = <K extends keyof Payment>(key: K) =>
      new Map(found.flatMap((p) => (p[key] ? [[String(p[key]), p] as const] : [])));
    return {
      byTransaction: by('providerTransactionId'),
      byClaimed: by('claimedTransactionId'),
      byKey: by('idempotencyKey'),
      byClaimedKey: by('claimedIdempotencyKey'),
      byPlan: by('providerRecurringId'),
      rowByTransaction: new Map(rows.map((r) => [r.providerTransactionId ?? '', r])),
      reversedDuplicates: new Set(reversedDuplicates.map((r) => r.entityId)),
      voidedCents: new Map(voids.map((v) => [v.chargeRowId, Number(v.cents)])),
    };
  }

  /** What the ledger gave back of a charge row: its succeeded refunds, and whether one is in flight. */
  /**
   * What the ledger has given back of one provider transaction of a charge row. Counted per
   * transaction, not per row: after a partial void the row's charge is the replacement, whose own
   * refunded figure at Pay Theory starts from nothing, while the void stays on the voided charge.
   */
  async function ledgerRefunds(chargeRowId: string, transactionId: string) {
    const [row] = await db
      .select({
        succeeded: sql<string>`coalesce(sum(${refunds.amountCents}) FILTER (WHERE ${refunds.state} = 'succeeded'
          AND ${refunds.providerTransactionId} = ${transactionId}), 0)`,
        inFlight: sql<boolean>`bool_or(${refunds.state} IN ('queued', 'processing'))`,
      })
      .from(refunds)
      .where(eq(refunds.chargeRowId, chargeRowId));
    const ids = await refundLedger.providerRefundIdsOf(chargeRowId);
    return { succeededCents: Number(row?.succeeded ?? 0), inFlight: row?.inFlight === true, recordedIds: ids };
  }

  /**
   * A refund or void of a ledger charge made outside the app: each reversal the ledger has not
   * recorded is recorded through RefundLedger.succeed (a void, which has no reversal, as the
   * charge's own id), as far as the provider's refunded total goes beyond the ledger's.
   */
  async function reflectRefunds(
    charge: { rowId: string; paymentId: string; transactionId: string },
    found: DifferenceInput[],
  ): Promise<boolean> {
    const provided = await provider.getChargeRefunds(charge.transactionId);
    if (!provided) return false;
    const ours = await ledgerRefunds(charge.rowId, charge.transactionId);
    let gap = provided.refundedCents - ours.succeededCents;
    // A refund of ours in flight is the refund job's to record (docs/decisions/019).
    if (gap <= 0 || ours.inFlight) return false;
    const unrecorded = provided.reversals.filter((r) => !ours.recordedIds.has(r.refundId));
    const pieces = unrecorded.length
      ? unrecorded.map((r) => ({ refundId: r.refundId, amountCents: r.amountCents }))
      : [{ refundId: charge.transactionId, amountCents: gap }];
    // What was done at the provider, as the refund job records its own (docs/decisions/019): a
    // partial void leaves a replacement for the rest, a whole void leaves the charge VOIDED, and
    // anything else is a refund by its reversal transaction.
    const reversalOf = (refundId: string): Reversal =>
      provided.replacement
        ? { refundId: charge.transactionId, isVoid: true, replacementTransactionId: provided.replacement.transactionId }
        : provided.state.status === 'VOIDED'
          ? { refundId: charge.transactionId, isVoid: true, replacementTransactionId: null }
          : { refundId, isVoid: false, replacementTransactionId: null };
    let given = ours.succeededCents;
    for (const piece of pieces) {
      const amountCents = Math.min(piece.amountCents, gap);
      if (amountCents <= 0) break;
      const refundId = await insertOutsideRefund(
        db,
        {
          paymentId: charge.paymentId,
          chargeRowId: charge.rowId,
          providerTransactionId: charge.transactionId,
          amountCents,
        },
        given,
      );
      if (!refundId) return found.length > 0;
      const { outboxRows } = await refundLedger.succeed(
        refundId,
        reversalOf(piece.refundId),
        provided.replacement?.state ?? null,
      );
      await publishNow(db, backend, logger, outboxRows).catch((error: unknown) =>
        logger.warn({ err: error, refundId }, 'refund receipt left to the relay'),
      );
      found.push({
        kind: 'refund_outside',
        providerTransactionId: piece.refundId,
        paymentId: charge.paymentId,
        amountCents,
        detail: `A refund of ${dollars(amountCents)} of charge ${charge.transactionId} was made outside the app; recorded as a refund.`,
      });
      gap -= amountCents;
      given += amountCents;
    }
    return true;
  }

  async function compare(window: ProviderWindow) {
    const [txs, plans] = await Promise.all([provider.listTransactions(window), provider.listPlans(window)]);
    const index = await ledgerIndex(txs, plans);
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
        if (!(await reflectRefunds(charge, found))) matched += 1;
      } catch (error) {
        failures += 1;
        logger.warn({ err: error, transactionId: charge.transactionId }, 'could not reconcile the refunds of a charge');
      }
    }

    failures += await missingAtProvider(window, new Set(txs.map((t) => t.transactionId)), found);
    return { matched, found, failures };
  }

  /**
   * The ledger's own charges of the window that Pay Theory did not list, each looked up by its id
   * (its date there may differ from our row's): one it does not have is reported. Charges younger
   * than the visibility window are left for the next run.
   */
  async function missingAtProvider(window: ProviderWindow, listed: Set<string>, found: DifferenceInput[]) {
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
  async function recordDisputeOnce(t: ProviderTransaction, paymentId: string | null, found: DifferenceInput[]) {
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
    if (deps.recordDispute) {
      await deps.recordDispute({
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

  return async (job: Job) => {
    const data = ReconciliationJobData.safeParse(job.data);
    let runId: string;
    if (data.success) runId = data.data.runId;
    else {
      // The schedule's job: a run of its own, unless one is queued or running already.
      const requested = await requestReconciliationRun(db, 'schedule', { withJob: false });
      if (!requested) {
        logger.info('a reconciliation run is under way; the scheduled one is skipped');
        return { skipped: 'busy' };
      }
      runId = requested.runId;
    }
    const run = await startReconciliationRun(db, runId, now());
    if (!run?.windowFrom || !run.windowTo) return { skipped: 'finished' };
    const window = { from: run.windowFrom, to: run.windowTo };
    try {
      const { matched, found, failures } = await compare(window);
      const error =
        failures > 0 ? `${failures} items could not be reconciled; the next run covers this window again` : null;
      await finishReconciliationRun(db, runId, { matched, differences: found, error });
      for (const d of found) deps.onDifference?.(d.kind);
      logger.info({ runId, matched, differences: found.length, failures }, 'reconciliation run finished');
      return { runId, matched, differences: found.length, failures };
    } catch (error) {
      logger.error({ err: error, runId }, 'reconciliation run failed');
      await failReconciliationRun(db, runId, 'Pay Theory could not be listed; the next run covers this window again');
      throw error;
    }
  };
}
