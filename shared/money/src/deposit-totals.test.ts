import { describe, expect, it } from 'vitest';
import { compareDeposit, depositTotals, ledgerSignedCents, signedLine } from './deposit-totals';

const charge = (cents: number, fee: number, ledgerFee = Math.round(cents * 0.029)) => ({
  type: 'DEBIT',
  grossCents: cents,
  feesCents: fee,
  netCents: cents - fee,
  ledger: { status: 'completed', amountCents: cents, feesCents: ledgerFee },
});
const refund = (cents: number) => ({
  type: 'REVERSAL',
  grossCents: cents,
  feesCents: 0,
  netCents: cents,
  ledger: { status: 'refunded', amountCents: cents, feesCents: 0 },
});

describe('deposit figures', () => {
  it("signs a refund's gross and net negative and keeps its fee as reported", () => {
    expect(signedLine(refund(1000))).toEqual({ kind: 'refund', grossCents: -1000, feeCents: 0, netCents: -1000 });
    expect(signedLine({ type: 'DEBIT', grossCents: 2500, feesCents: 103, netCents: null })).toEqual({
      kind: 'debit',
      grossCents: 2500,
      feeCents: 103,
      netCents: 2397,
    });
    expect(ledgerSignedCents({ status: 'refunded', amountCents: 1000 })).toBe(-1000);
    expect(ledgerSignedCents({ status: 'failed', amountCents: 1000 })).toBe(0);
  });

  it("sums only the ledger's rows, with the provider's fees of them, and counts the unmatched", () => {
    const unmatched = { ...charge(700, 50), ledger: null };
    expect(depositTotals([charge(2500, 103), charge(4000, 146), refund(1000), unmatched])).toEqual({
      debitsCents: 6500,
      reversalsCents: 1000,
      grossCents: 5500,
      feesCents: 249,
      ledgerFeesCents: 73 + 116,
      netCents: 5251,
      debitCount: 2,
      reversalCount: 1,
      unmatchedCount: 1,
    });
  });

  it("agrees with the provider's totals when every line matched, its adjustments aside", () => {
    const ours = depositTotals([charge(2500, 103), refund(1000)]);
    const theirs = {
      grossCents: 1500,
      feesCents: 103,
      adjustmentsCents: -200,
      netCents: 1197,
      debitCount: 1,
      reversalCount: 1,
    };
    expect(compareDeposit(ours, theirs)).toEqual({
      gross: false,
      fees: false,
      net: false,
      counts: false,
      unmatched: false,
      agrees: true,
    });
    expect(compareDeposit(ours, { ...theirs, grossCents: 2500, debitCount: 2 })).toMatchObject({
      gross: true,
      counts: true,
      agrees: false,
    });
  });
});
