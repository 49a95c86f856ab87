import { describe, expect, it } from 'vitest';
import { endedPlanStatus, lapseCutoff, lapseReason, requesterLabel } from './plans';
import { recordStatusAfterRefund } from './refunds';

describe('a plan that ends (docs/decisions/018)', () => {
  it('leaves a membership the grace period ended inactive, and every other ended plan cancelled', () => {
    expect(endedPlanStatus('membership', 'system')).toBe('inactive');
    expect(endedPlanStatus('membership', 'donor')).toBe('cancelled');
    expect(endedPlanStatus('membership', 'alice')).toBe('cancelled');
    expect(endedPlanStatus('recurring_donation', 'system')).toBe('cancelled');
  });

  it('stores who asked: the donor, the sweep, or the admin by username', () => {
    expect(requesterLabel('donor')).toBe('donor');
    expect(requesterLabel('system')).toBe('system');
    expect(requesterLabel({ admin: 'alice' })).toBe('alice');
  });

  it('ends plans failing since the grace period before now, and tells the admin why', () => {
    const now = new Date('2026-03-20T12:00:00Z');
    expect(lapseCutoff(now, 14).toISOString()).toBe('2026-03-06T12:00:00.000Z');
    expect(lapseReason(new Date('2026-03-01T08:00:00Z'), 14)).toBe(
      'Monthly charge declined since Mar 1, 2026; ended after 14 days without a successful charge.',
    );
  });
});

describe("a record's status after a refund (docs/decisions/019)", () => {
  it('cancels a one-time contribution or a registration given back whole, and leaves anything else', () => {
    expect(recordStatusAfterRefund('donation', true)).toBe('cancelled');
    expect(recordStatusAfterRefund('registration', true)).toBe('cancelled');
    expect(recordStatusAfterRefund('donation', false)).toBeNull();
    expect(recordStatusAfterRefund('membership', true)).toBeNull();
    expect(recordStatusAfterRefund('recurring_donation', true)).toBeNull();
  });
});
