/**
 * The figures of a deposit (a provider settlement batch) an admin reads, in one place
 * (docs/decisions/048-deposits.md). Pure and browser-free of imports, so the API's detail, list and
 * CSV compute every number the same way; views only format them. Integer cents.
 */
import type { ProviderSettlement } from './provider/provider-types';

/** A transaction of a batch as the provider lists it, with the ledger row it matched (if any). */
export interface DepositLineInput {
  /** DEBIT, REVERSAL, … as the provider names it. */
  type: string;
  /** The provider's figures, positive for a debit and a reversal alike. */
  grossCents: number;
  feesCents: number | null;
  netCents: number | null;
  /** The ledger row with the same provider transaction id; null when the ledger holds none. */
  ledger: { status: string; amountCents: number; feesCents: number } | null;
}

/** How a line moves money in the deposit: a charge in, a refund (reversal) out. */
export type DepositLineKind = 'debit' | 'refund';

/** A reversal and an ACH return take money back out of a deposit; every other type brings it in. */
export function depositLineKind(type: string): DepositLineKind {
  return type === 'REVERSAL' || type === 'ACH_RETURN' ? 'refund' : 'debit';
}

/** A line's provider figures signed as they move the deposit: a refund's gross and net are negative. */
export interface SignedLine {
  kind: DepositLineKind;
  grossCents: number;
  feeCents: number;
  netCents: number;
}

/**
 * The provider's figures of one line, signed. The provider reports a reversal's amounts positive
 * (transaction.md documents no sign), so a refund's gross and net are negated; its fee is kept as
 * reported, a cost of the deposit either way. A line without the provider's net is gross − fee.
 */
export function signedLine(line: Pick<DepositLineInput, 'type' | 'grossCents' | 'feesCents' | 'netCents'>): SignedLine {
  const kind = depositLineKind(line.type);
  const sign = kind === 'refund' ? -1 : 1;
  const feeCents = line.feesCents ?? 0;
  const grossCents = sign * Math.abs(line.grossCents);
  const netCents = line.netCents === null ? grossCents - feeCents : sign * Math.abs(line.netCents);
  return { kind, grossCents, feeCents, netCents };
}

/** Our side of a deposit, summed from the ledger rows its transactions matched. */
export interface DepositTotals {
  /** Charges received (ledger rows `completed`). */
  debitsCents: number;
  /** Refunds given back (ledger rows `refunded`). */
  reversalsCents: number;
  /** Debits less reversals. */
  grossCents: number;
  /** The provider's fees on those matched transactions (see depositTotals). */
  feesCents: number;
  /** The fees the ledger itself recorded on those charges: the product's 2.9 % rule, an estimate. */
  ledgerFeesCents: number;
  /** Gross less fees. */
  netCents: number;
  debitCount: number;
  reversalCount: number;
  /** Lines the ledger holds no row for: not in our totals. */
  unmatchedCount: number;
}

/** Ledger statuses: a charge received, and a refund of one (the same rule as ledger_signed_cents). */
const CHARGE = 'completed';
const REFUND = 'refunded';

/**
 * What one ledger row moved, signed: a charge received adds its amount, a refund takes it off,
 * anything else nothing (the rule of the SQL function ledger_signed_cents, migration 0014).
 */
export function ledgerSignedCents(row: { status: string; amountCents: number }): number {
  if (row.status === CHARGE) return row.amountCents;
  if (row.status === REFUND) return -row.amountCents;
  return 0;
}

/**
 * Our totals of a deposit (docs/decisions/048-deposits.md): the money counts only what the ledger
 * itself recorded, a charge by its row's amount and a refund by its row's. The fee of each matched
 * transaction is the provider's: the ledger's own fee is the product's 2.9 % rule, never what the
 * provider's fee matrix charged, so comparing with it would flag every deposit; it is kept beside
 * as ledgerFeesCents. So the gross finds a payment or refund missing from either side, and the
 * fees and net find a provider total that is not the sum of its own transactions.
 */
export function depositTotals(lines: readonly DepositLineInput[]): DepositTotals {
  const totals: DepositTotals = {
    debitsCents: 0,
    reversalsCents: 0,
    grossCents: 0,
    feesCents: 0,
    ledgerFeesCents: 0,
    netCents: 0,
    debitCount: 0,
    reversalCount: 0,
    unmatchedCount: 0,
  };
  for (const { ledger, feesCents } of lines) {
    if (ledger?.status === CHARGE) {
      totals.debitsCents += ledger.amountCents;
      totals.feesCents += feesCents ?? 0;
      totals.ledgerFeesCents += ledger.feesCents;
      totals.debitCount += 1;
    } else if (ledger?.status === REFUND) {
      totals.reversalsCents += ledger.amountCents;
      totals.feesCents += feesCents ?? 0;
      totals.reversalCount += 1;
    } else {
      totals.unmatchedCount += 1;
    }
  }
  totals.grossCents = totals.debitsCents - totals.reversalsCents;
  totals.netCents = totals.grossCents - totals.feesCents;
  return totals;
}

/** The provider's totals of a batch, as it reports them. */
export type ProviderDepositTotals = Pick<
  ProviderSettlement,
  'grossCents' | 'feesCents' | 'adjustmentsCents' | 'netCents' | 'debitCount' | 'reversalCount'
>;

/** Which of our figures disagree with the provider's; `agrees` when none does and every line matched. */
export interface DepositComparison {
  gross: boolean;
  fees: boolean;
  net: boolean;
  counts: boolean;
  unmatched: boolean;
  agrees: boolean;
}

/**
 * Compares our totals with the provider's. The provider's adjustments are none of the ledger's
 * (chargebacks' costs, corrections), so our net is compared with its net less its adjustments.
 * Counts are compared only when the provider reports them. True means "disagrees".
 */
export function compareDeposit(ours: DepositTotals, theirs: ProviderDepositTotals): DepositComparison {
  const counts =
    (theirs.debitCount !== null && theirs.debitCount !== ours.debitCount) ||
    (theirs.reversalCount !== null && theirs.reversalCount !== ours.reversalCount);
  const comparison = {
    gross: ours.grossCents !== theirs.grossCents,
    fees: ours.feesCents !== theirs.feesCents,
    net: ours.netCents !== theirs.netCents - theirs.adjustmentsCents,
    counts,
    unmatched: ours.unmatchedCount > 0,
  };
  return { ...comparison, agrees: !Object.values(comparison).some(Boolean) };
}
