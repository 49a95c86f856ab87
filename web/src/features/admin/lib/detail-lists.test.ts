import type { RegistrationDetail } from '@pillars/shared/contracts/admin';
import { describe, expect, it } from 'vitest';
import { groupByEvent, newestFirst } from './detail-lists';

const gala = {
  title: 'Liberty Gala',
  startDate: '2025-07-04T22:00:00.000Z',
  endDate: '2025-07-05T02:00:00.000Z',
  location: 'Hall',
};
const ceremony = { ...gala, title: 'Flag Ceremony', startDate: '2025-06-14T14:00:00.000Z' };

function registration(id: string, event: RegistrationDetail['event'], createdAt: string): RegistrationDetail {
  return {
    id,
    firstName: 'A',
    lastName: id,
    email: `${id}@example.org`,
    phone: '5550101776',
    status: 'pending',
    selectedTier: null,
    comments: null,
    paymentAmount: null,
    payTheoryPaymentId: null,
    createdAt,
    event,
  };
}

describe('groupByEvent', () => {
  it('groups by event, the latest event first and the newest registration first', () => {
    const groups = groupByEvent([
      registration('r1', ceremony, '2025-05-01T00:00:00.000Z'),
      registration('r2', gala, '2025-05-02T00:00:00.000Z'),
      registration('r3', ceremony, '2025-05-03T00:00:00.000Z'),
    ]);
    expect(groups.map((group) => group.event.title)).toEqual(['Liberty Gala', 'Flag Ceremony']);
    expect(groups[1]?.registrations.map((r) => r.id)).toEqual(['r3', 'r1']);
  });

  it('keeps events of the same title on different dates apart', () => {
    const next = { ...gala, startDate: '2026-07-04T22:00:00.000Z' };
    const groups = groupByEvent([registration('r1', gala, gala.startDate), registration('r2', next, gala.startDate)]);
    expect(groups).toHaveLength(2);
  });
});

describe('newestFirst', () => {
  it('sorts a copy by createdAt, newest first', () => {
    const items = [{ createdAt: '2025-01-01T00:00:00Z' }, { createdAt: '2025-03-01T00:00:00Z' }];
    expect(newestFirst(items)).toEqual([items[1], items[0]]);
  });
});
