/**
 * What a chaos run ends with, from the app's payments and the sandbox's ledger and settlements:
 * per payment (matched by the idempotency key the worker sends as metadata) the charges and plans
 * the provider holds, which of them were reversed, and whether what is left agrees with the app.
 */
import { z } from 'zod';

export const LedgerEntries = z.array(
  z.discriminatedUnion('kind', [
    z.looseObject({
      kind: z.literal('charge'),
      transactionId: z.string(),
      amountCents: z.number(),
      state: z.enum(['SUCCEEDED', 'FAILED']),
      idempotencyKey: z.string().nullable(),
      recurringId: z.string().nullable(),
    }),
    z.looseObject({ kind: z.literal('recurring'), recurringId: z.string(), idempotencyKey: z.string().nullable() }),
    z.looseObject({ kind: z.literal('recurring_cancelled'), recurringId: z.string() }),
    z.looseObject({ kind: z.literal('refund'), transactionId: z.string(), amountCents: z.number() }),
    z.looseObject({ kind: z.literal('void'), transactionId: z.string(), replacementId: z.string().nullable() }),
    z.looseObject({ kind: z.literal('settlement') }),
    z.looseObject({ kind: z.literal('dispute') }),
  ]),
);
export type LedgerEntries = z.infer<typeof LedgerEntries>;

export const Settlements = z.array(
  z.looseObject({ settlement_batch: z.number(), transaction_ids: z.array(z.string()) }),
);
export type Settlements = z.infer<typeof Settlements>;

export interface PaymentRow {
  id: string;
  kind: string;
  state: string;
  idempotency_key: string;
  provider_transaction_id: string | null;
  provider_recurring_id: string | null;
  failure_code: string | null;
  attempts: number;
}

export interface Verdict {
  payments: number;
  monthly: number;
  /** Charge (or plan) requests the workers began, resends after an unclear outcome included. */
  attempts: number;
  succeeded: number;
  failedByReason: Record<string, number>;
  /** Successful charges the provider made for the run's payments, reversed or not. */
  charges: number;
  plans: number;
  /** Charges or plans beyond the first for one payment, and how many of those were reversed. */
  duplicatesMade: number;
  duplicatesReversed: number;
  /** Payments with more than one live charge (or live plan): charged twice. */
  doubleCharged: string[];
  /** Payments still queued or processing: lost. */
  lost: string[];
  /** Succeeded with no live charge, or failed with one: the app and the provider disagree. */
  disagreeing: string[];
  /** Succeeded payments whose live charge no settlement batch holds. */
  unsettled: string[];
}

/** A charge is reversed when voided whole, or refunded for all of its amount. */
function reversedCharges(ledger: LedgerEntries): Set<string> {
  const refunded = new Map<string, number>();
  const reversed = new Set<string>();
  for (const entry of ledger) {
    if (entry.kind === 'void' && entry.replacementId === null) reversed.add(entry.transactionId);
    if (entry.kind === 'refund') {
      refunded.set(entry.transactionId, (refunded.get(entry.transactionId) ?? 0) + entry.amountCents);
    }
  }
  for (const entry of ledger) {
    if (entry.kind === 'charge' && (refunded.get(entry.transactionId) ?? 0) >= entry.amountCents) {
      reversed.add(entry.transactionId);
    }
  }
  return reversed;
}

export function judge(rows: PaymentRow[], ledger: LedgerEntries, settlements: Settlements): Verdict {
  const reversed = reversedCharges(ledger);
  const cancelledPlans = new Set(ledger.flatMap((e) => (e.kind === 'recurring_cancelled' ? [e.recurringId] : [])));
  const batched = new Set(settlements.flatMap((batch) => batch.transaction_ids));
  const chargesByKey = new Map<string, string[]>();
  const plansByKey = new Map<string, string[]>();
  for (const entry of ledger) {
    if (entry.kind === 'charge' && entry.state === 'SUCCEEDED' && entry.idempotencyKey) {
      chargesByKey.set(entry.idempotencyKey, [...(chargesByKey.get(entry.idempotencyKey) ?? []), entry.transactionId]);
    }
    if (entry.kind === 'recurring' && entry.idempotencyKey) {
      plansByKey.set(entry.idempotencyKey, [...(plansByKey.get(entry.idempotencyKey) ?? []), entry.recurringId]);
    }
  }

  const verdict: Verdict = {
    payments: rows.length,
    monthly: 0,
    attempts: 0,
    succeeded: 0,
    failedByReason: {},
    charges: 0,
    plans: 0,
    duplicatesMade: 0,
    duplicatesReversed: 0,
    doubleCharged: [],
    lost: [],
    disagreeing: [],
    unsettled: [],
  };
  for (const row of rows) {
    const charges = chargesByKey.get(row.idempotency_key) ?? [];
    const plans = plansByKey.get(row.idempotency_key) ?? [];
    const liveCharges = charges.filter((id) => !reversed.has(id));
    const livePlans = plans.filter((id) => !cancelledPlans.has(id));
    verdict.attempts += row.attempts;
    verdict.charges += charges.length;
    verdict.plans += plans.length;
    verdict.duplicatesMade += Math.max(0, charges.length - 1) + Math.max(0, plans.length - 1);
    verdict.duplicatesReversed +=
      Math.min(charges.length - liveCharges.length, Math.max(0, charges.length - 1)) +
      Math.min(plans.length - livePlans.length, Math.max(0, plans.length - 1));
    if (row.kind === 'recurring_donation') verdict.monthly += 1;
    if (liveCharges.length > 1 || livePlans.length > 1) verdict.doubleCharged.push(row.id);
    if (row.state === 'queued' || row.state === 'processing') verdict.lost.push(row.id);
    if (row.state === 'failed') {
      const reason = row.failure_code ?? 'unknown';
      verdict.failedByReason[reason] = (verdict.failedByReason[reason] ?? 0) + 1;
      if (liveCharges.length > 0 || livePlans.length > 0) verdict.disagreeing.push(row.id);
    }
    if (row.state === 'succeeded') {
      verdict.succeeded += 1;
      const live = liveCharges[0];
      // The app's record must name the charge (or plan) the provider kept.
      const recorded =
        row.kind === 'recurring_donation'
          ? livePlans.length === 1 && row.provider_recurring_id === livePlans[0]
          : liveCharges.length === 1 && row.provider_transaction_id === live;
      if (!recorded || live === undefined) verdict.disagreeing.push(row.id);
      if (live !== undefined && !batched.has(live)) verdict.unsettled.push(row.id);
    }
  }
  return verdict;
}

export const verdictHolds = (v: Verdict) =>
  v.doubleCharged.length === 0 && v.lost.length === 0 && v.disagreeing.length === 0 && v.unsettled.length === 0;
