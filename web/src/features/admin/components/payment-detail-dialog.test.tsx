import type { AdminPaymentDetail } from '@pillars/shared/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, stubFetch } from '@/test/stub-fetch';
import { mayHavePayment } from '../lib/payment-detail';
import { PaymentDetailButton } from './payment-detail-dialog';

const recordId = '1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b';
const paymentId = '7a8b9c0d-1e2f-4a3b-8c4d-5e6f7a8b9c0d';
const listPath = `/api/admin/payments?recordId=${recordId}`;

const payment: AdminPaymentDetail = {
  id: paymentId,
  kind: 'membership',
  recordId,
  amountCents: 2500,
  state: 'failed',
  attempts: 2,
  failureCode: 'card_declined',
  failureMessage: 'Insufficient funds',
  providerTransactionId: null,
  providerRecurringId: 'rec_00000000XYZ98765',
  claimedTransactionId: null,
  nextPaymentDate: '2026-02-01',
  idempotencyKey: 'pay_abc',
  createdAt: '2026-01-01T12:00:00.000Z',
  updatedAt: '2026-01-01T12:05:00.000Z',
  lastSentAt: '2026-01-01T12:01:00.000Z',
  duplicatesReversed: [
    { entityType: 'transaction', entityId: 'txn_dup', refundId: 'ref_1', at: '2026-01-01T12:06:00.000Z' },
  ],
  plan: {
    failingSince: '2026-01-03T15:00:00.000Z',
    failedAttemptsSince: 2,
    cancelRequestedAt: '2026-01-17T16:00:00.000Z',
    cancelRequestedBy: 'system',
    cancelReason: 'Monthly charge declined since Jan 3, 2026; ended after 14 days without a successful charge.',
    cancelledAt: null,
  },
  job: { name: 'charge-membership', queue: 'payments', id: `charge-membership:${paymentId}`, state: 'failed' },
};

function renderButton(routes: Parameters<typeof stubFetch>[0]) {
  const fetchMock = stubFetch(routes);
  return {
    ...renderWithProviders(<PaymentDetailButton recordId={recordId} name="John Adams" />, { path: '/admin/members' }),
    fetchMock,
    user: userEvent.setup(),
  };
}

describe('PaymentDetailButton', () => {
  it('fetches nothing until opened, then shows the newest payment in a dialog that returns focus on Escape', async () => {
    const { user, fetchMock } = renderButton({
      [listPath]: json({
        success: true,
        data: [{ id: paymentId, kind: 'membership', state: 'failed', amountCents: 2500, createdAt: payment.createdAt }],
      }),
      [`/api/admin/payments/${paymentId}`]: json(payment),
    });
    expect(fetchMock).not.toHaveBeenCalled();
    const trigger = screen.getByRole('button', { name: 'Payment details (John Adams)' });
    await user.click(trigger);
    const dialog = screen.getByRole('dialog', { name: 'Payment details for John Adams' });
    expect(within(dialog).getByRole('status').textContent).toBe('Loading the payment...');
    await within(dialog).findByText('card_declined: Insufficient funds');
    const value = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(value('State')).toBe('failed');
    expect(value('Kind')).toBe('membership');
    expect(value('Amount')).toBe('$25.00');
    expect(value('Charge attempts')).toBe('2');
    expect(value('Queue job')).toBe('charge-membership: failed');
    expect(value('Provider transaction ID')).toBe('None');
    expect(value('Provider recurring ID')).toBe('rec_00000000XYZ98765');
    expect(value('Next payment date')).toBe('Feb 1, 2026');
    expect(value('Duplicates reversed')).toContain('transaction txn_dup, refund ref_1');
    expect(value('Failing since')).toMatch(/^Jan 3, 2026.*\(2 failed attempts since\)$/);
    expect(value('Cancellation requested')).toMatch(
      /^Jan 17, 2026.* by the system \(grace period ended\): Monthly charge declined since Jan 3, 2026; ended after 14 days without a successful charge\.$/,
    );
    expect(value('Plan cancelled')).toBe('Not cancelled');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('shows a paying plan as not failing, never asked to end', async () => {
    const paying: AdminPaymentDetail = {
      ...payment,
      plan: {
        failingSince: null,
        failedAttemptsSince: 0,
        cancelRequestedAt: null,
        cancelRequestedBy: null,
        cancelReason: null,
        cancelledAt: null,
      },
    };
    const { user } = renderButton({
      [listPath]: json({
        success: true,
        data: [
          { id: paymentId, kind: 'membership', state: 'succeeded', amountCents: 2500, createdAt: payment.createdAt },
        ],
      }),
      [`/api/admin/payments/${paymentId}`]: json(paying),
    });
    await user.click(screen.getByRole('button', { name: 'Payment details (John Adams)' }));
    const dialog = screen.getByRole('dialog', { name: 'Payment details for John Adams' });
    await within(dialog).findByText('Failing since');
    const value = (label: string) => within(dialog).getByText(label).nextElementSibling?.textContent;
    expect(value('Failing since')).toBe('Not failing');
    expect(value('Cancellation requested')).toBe('None');
    expect(value('Plan cancelled')).toBe('Not cancelled');
  });

  it('shows no plan rows for a one-time payment', async () => {
    const { user } = renderButton({
      [listPath]: json({
        success: true,
        data: [
          { id: paymentId, kind: 'donation', state: 'succeeded', amountCents: 2500, createdAt: payment.createdAt },
        ],
      }),
      [`/api/admin/payments/${paymentId}`]: json({ ...payment, kind: 'donation', plan: null }),
    });
    await user.click(screen.getByRole('button', { name: 'Payment details (John Adams)' }));
    const dialog = screen.getByRole('dialog', { name: 'Payment details for John Adams' });
    await within(dialog).findByText('Duplicates reversed');
    expect(within(dialog).queryByText('Failing since')).toBeNull();
    expect(within(dialog).queryByText('Plan cancelled')).toBeNull();
  });

  it('says when the item has no payment', async () => {
    const { user } = renderButton({ [listPath]: json({ success: true, data: [] }) });
    await user.click(screen.getByRole('button', { name: 'Payment details (John Adams)' }));
    expect(
      await screen.findByText(
        'No card payment was recorded for this item (for example, an application without a card).',
      ),
    ).toBeDefined();
  });

  it('announces a load error with what to do next', async () => {
    const { user } = renderButton({ [listPath]: json({ error: 'Internal error', code: 'INTERNAL' }, 500) });
    await user.click(screen.getByRole('button', { name: 'Payment details (John Adams)' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The payment could not be loaded');
    expect(alert.textContent).toContain('Close this window and try again');
  });
});

describe('mayHavePayment', () => {
  it('is true for card records, provider ids or a fee, false for an application without a card', () => {
    expect(mayHavePayment({ paymentMethod: 'card', payTheoryPaymentId: null })).toBe(true);
    expect(mayHavePayment({ payTheoryPaymentId: null, paymentAmount: 12500 })).toBe(true);
    expect(mayHavePayment({ paymentMethod: 'check', payTheoryPaymentId: 'txn_1' })).toBe(true);
    expect(mayHavePayment({ paymentMethod: 'application', payTheoryPaymentId: null })).toBe(false);
    expect(mayHavePayment({ payTheoryPaymentId: null, paymentAmount: null })).toBe(false);
  });
});
