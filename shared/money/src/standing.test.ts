import { describe, expect, it } from 'vitest';
import { type StandingFacts, recordStanding } from './standing';
import { recordStateLabel } from '@pillars/contracts';

const paid = (over: Partial<StandingFacts> = {}): StandingFacts => ({
  status: 'completed',
  chargedCents: 2500,
  refundedCents: 0,
  voidedCents: 0,
  disputeOpen: false,
  declined: false,
  ...over,
});

describe('recordStanding', () => {
  it('keeps the stored status of a paid record nothing was given back of', () => {
    expect(recordStanding(paid())).toEqual({
      originalCents: 2500,
      refundedCents: 0,
      remainingCents: 2500,
      state: 'completed',
    });
  });

  it('reads a partial refund as partly refunded, with what remains', () => {
    expect(recordStanding(paid({ chargedCents: 1234, refundedCents: 500 }))).toEqual({
      originalCents: 1234,
      refundedCents: 500,
      remainingCents: 734,
      state: 'partly_refunded',
    });
  });

  it('reads a full refund as refunded, even over a stored cancelled status', () => {
    expect(recordStanding(paid({ status: 'cancelled', refundedCents: 2500 }))).toEqual({
      originalCents: 2500,
      refundedCents: 2500,
      remainingCents: 0,
      state: 'refunded',
    });
  });

  it('reads money given back whole by voids as voided, and a partial void as partly refunded', () => {
    expect(recordStanding(paid({ refundedCents: 2500, voidedCents: 2500 })).state).toBe('voided');
    expect(recordStanding(paid({ refundedCents: 500, voidedCents: 500 })).state).toBe('partly_refunded');
    // A partial void, then a refund of the rest: some of it was refunded.
    expect(recordStanding(paid({ refundedCents: 2500, voidedCents: 500 })).state).toBe('refunded');
  });

  it('reads an open dispute before anything else', () => {
    expect(recordStanding(paid({ disputeOpen: true, refundedCents: 500 })).state).toBe('disputed');
  });

  it('reads a declined attempt of a record without money as declined, and a cancelled one as cancelled', () => {
    expect(recordStanding(paid({ status: 'failed', chargedCents: 0, declined: true })).state).toBe('declined');
    expect(recordStanding(paid({ status: 'pending', chargedCents: 0, declined: true })).state).toBe('declined');
    // Failed for want of an answer from the provider: not a decline.
    expect(recordStanding(paid({ status: 'failed', chargedCents: 0 })).state).toBe('failed');
    expect(recordStanding(paid({ status: 'cancelled', chargedCents: 0 })).state).toBe('cancelled');
    // Paid on a later attempt: the decline is history.
    expect(recordStanding(paid({ status: 'paid', declined: true })).state).toBe('paid');
  });

  it('never reads more given back than was taken, nor a negative remainder', () => {
    expect(recordStanding(paid({ chargedCents: 1000, refundedCents: 1500, voidedCents: 2000 }))).toEqual({
      originalCents: 1000,
      refundedCents: 1000,
      remainingCents: 0,
      state: 'voided',
    });
  });
});

describe('recordStateLabel', () => {
  it('names each state in words, a status it does not know capitalised', () => {
    expect(recordStateLabel('partly_refunded')).toBe('Partly refunded');
    expect(recordStateLabel('refunded')).toBe('Refunded');
    expect(recordStateLabel('voided')).toBe('Voided');
    expect(recordStateLabel('declined')).toBe('Declined');
    expect(recordStateLabel('disputed')).toBe('Disputed');
    expect(recordStateLabel('cancelled')).toBe('Cancelled');
    expect(recordStateLabel('completed')).toBe('Completed');
    expect(recordStateLabel('archived')).toBe('Archived');
  });
});
