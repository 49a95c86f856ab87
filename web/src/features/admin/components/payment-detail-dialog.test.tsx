import type { AdminPaymentDetail } from '@pillars/contracts/admin';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, stubFetch } from '@/test/stub-fetch';
import { mayHavePayment } from '../lib/payment-detail';
import { RefundDialog } from './money-ops-dialogs';
import { PaymentDetailButton } from './payment-detail-dialog';
import { valueAfter, valuesAfter } from '../test/queries';

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
  charges: [],
  disputes: [],
};

const chargeRowId = '3c4d5e6f-7a8b-4c9d-8e0f-1a2b3c4d5e6f';
const refundId = '9f8e7d6c-5b4a-4392-8170-6f5e4d3c2b1a';

/** A monthly plan that is paying: not failing, never asked to end. */
const payingPlan: NonNullable<AdminPaymentDetail['plan']> = {
  failingSince: null,
  failedAttemptsSince: 0,
  cancelRequestedAt: null,
  cancelRequestedBy: null,
  cancelReason: null,
  cancelledAt: null,
};

/** A paid monthly membership whose first charge was partly refunded. */
const paidPlan: AdminPaymentDetail = {
  ...payment,
  state: 'succeeded',
  failureCode: null,
  failureMessage: null,
  providerTransactionId: 'pt_txn_first',
  plan: payingPlan,
  charges: [
    {
      id: chargeRowId,
      amountCents: 2500,
      providerTransactionId: 'pt_txn_first',
      buyerName: 'John Adams',
      createdAt: '2026-01-01T12:00:00.000Z',
      refundableCents: 2000,
      provider: {
        status: 'PARTIALLY_REFUNDED',
        settled: true,
        settlementBatch: 7,
        reviewFlag: null,
        readAt: '2026-01-02T12:00:05.000Z',
      },
      reversalKind: 'refund',
      refunds: [
        {
          id: refundId,
          amountCents: 500,
          state: 'succeeded',
          requestedBy: 'jane',
          reason: null,
          failureMessage: null,
          providerRefundId: 'pt_rev_1',
          isVoid: false,
          replacementTransactionId: null,
          createdAt: '2026-01-02T12:00:00.000Z',
          updatedAt: '2026-01-02T12:00:05.000Z',
        },
      ],
    },
  ],
};

function notNull<T>(value: T | null): T {
  if (value === null) throw new Error('expected a value');
  return value;
}

const listOf = (detail: AdminPaymentDetail) =>
  json({
    success: true,
    data: [{ id: paymentId, kind: detail.kind, state: detail.state, amountCents: 2500, createdAt: detail.createdAt }],
  });

/** The JSON body of the request sent to this path, if any. */
function sentBody(fetchMock: ReturnType<typeof stubFetch>, path: string): unknown {
  const call = fetchMock.mock.calls.find(([url]) => url === path) as [string, RequestInit] | undefined;
  return call ? JSON.parse(call[1].body as string) : undefined;
}

function renderButton(routes: Parameters<typeof stubFetch>[0]) {
  const fetchMock = stubFetch(routes);
  return {
    ...renderWithProviders(<PaymentDetailButton recordId={recordId} name="John Adams" />, { path: '/admin/members' }),
    fetchMock,
    user: userEvent.setup(),
  };
}

/** The details dialog of John Adams's item, opened, its newest payment `detail` (plus `routes`). */
async function openDetails(detail: AdminPaymentDetail, routes: Parameters<typeof stubFetch>[0] = {}) {
  const rendered = renderButton({
    [listPath]: listOf(detail),
    [`/api/admin/payments/${paymentId}`]: json(detail),
    ...routes,
  });
  await rendered.user.click(screen.getByRole('button', { name: 'Payment details (John Adams)' }));
  return { ...rendered, dialog: screen.getByRole('dialog', { name: 'Payment details for John Adams' }) };
}

type Dispute = AdminPaymentDetail['disputes'][number];

/** A charge the cardholder contests: still open, with its reason and the date evidence is due. */
const openDispute: Dispute = {
  id: '5d6e7f80-9a1b-4c2d-8e3f-4a5b6c7d8e9f',
  providerDisputeId: 'pt_disp_1',
  providerTransactionId: 'pt_txn_first',
  status: 'PENDING',
  open: true,
  amountCents: 888888,
  reason: 'FRAUD',
  reasonMessage: 'Cardholder does not recognise the charge',
  disputedAt: '2026-01-05T12:00:00.000Z',
  evidenceDueAt: '2026-01-20T12:00:00.000Z',
  createdAt: '2026-01-05T12:00:01.000Z',
  updatedAt: '2026-01-05T12:00:01.000Z',
};

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
    const expected = {
      // The reference the payer read on the success page: PAY- and the id's first 10 hex digits.
      Reference: 'PAY-7A8B9C0D1E',
      State: 'failed',
      Kind: 'membership',
      Amount: '$25.00',
      'Charge attempts': '2',
      'Queue job': 'charge-membership: failed',
      'Provider transaction ID': 'None',
      'Provider recurring ID': 'rec_00000000XYZ98765',
      'Next payment date': 'Feb 1, 2026',
      'Duplicates reversed': expect.stringContaining('transaction txn_dup, refund ref_1'),
      'Failing since': expect.stringMatching(/^Jan 3, 2026.*\(2 failed attempts since\)$/),
      'Cancellation requested': expect.stringMatching(
        /^Jan 17, 2026.* by the system \(grace period ended\): Monthly charge declined since Jan 3, 2026; ended after 14 days without a successful charge\.$/,
      ),
      'Plan cancelled': 'Not cancelled',
    };
    expect(valuesAfter(dialog, Object.keys(expected))).toEqual(expected);
    // A payment without a dispute has no Disputes section.
    expect(within(dialog).queryByRole('heading', { name: 'Disputes' })).toBeNull();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('shows a paying plan as not failing, never asked to end', async () => {
    const paying: AdminPaymentDetail = {
      ...payment,
      plan: payingPlan,
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
    const expected = {
      'Failing since': 'Not failing',
      'Cancellation requested': 'None',
      'Plan cancelled': 'Not cancelled',
    };
    expect(valuesAfter(dialog, Object.keys(expected))).toEqual(expected);
  });

  it('shows a disputed charge: the open dispute with its status, reason and evidence date, then a decided one', async () => {
    const { dialog } = await openDetails({ ...paidPlan, disputes: [openDispute] });
    const section = (await within(dialog).findByRole('heading', { name: 'Disputes' })).closest('section');
    const disputes = within(notNull(section));
    expect(disputes.getByText(/^\$8,888\.88 disputed: PENDING, reason FRAUD, on Jan 5, 2026/)).toBeTruthy();
    expect(
      disputes.getByText('Open: the cardholder contests this charge. Its receipt is not sent again.'),
    ).toBeTruthy();
    expect(disputes.getByText(/^Evidence due by Jan 20, 2026.*, through Pay Theory's portal\.$/)).toBeTruthy();
    expect(disputes.getByText('Cardholder does not recognise the charge')).toBeTruthy();
    expect(disputes.getByText('pt_disp_1 (pt_txn_first)')).toBeTruthy();
  });

  it('shows a decided dispute as decided, without an evidence date', async () => {
    const won: Dispute = {
      ...openDispute,
      status: 'WON',
      open: false,
      amountCents: 2500,
      reason: null,
      reasonMessage: null,
      disputedAt: null,
      updatedAt: '2026-01-25T12:00:01.000Z',
    };
    const { dialog } = await openDetails({ ...paidPlan, disputes: [won] });
    const section = notNull((await within(dialog).findByRole('heading', { name: 'Disputes' })).closest('section'));
    expect(within(section).getByText('$25.00 disputed: WON')).toBeTruthy();
    expect(within(section).getByText('Decided.')).toBeTruthy();
    expect(within(section).queryByText(/Evidence due/)).toBeNull();
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

  it('lists every payment of the item with its reference, newest first, and shows the newest', async () => {
    const olderId = '0f1e2d3c-4b5a-4968-8776-a5b4c3d2e1f0';
    const { user } = renderButton({
      [listPath]: json({
        success: true,
        data: [
          { id: paymentId, kind: 'membership', state: 'failed', amountCents: 2500, createdAt: payment.createdAt },
          {
            id: olderId,
            kind: 'membership',
            state: 'failed',
            amountCents: 2500,
            createdAt: '2025-12-31T09:00:00.000Z',
          },
        ],
      }),
      [`/api/admin/payments/${paymentId}`]: json(payment),
    });
    await user.click(screen.getByRole('button', { name: 'Payment details (John Adams)' }));
    const dialog = screen.getByRole('dialog', { name: 'Payment details for John Adams' });
    const list = await within(dialog).findByRole('list', { name: '2 payments for this item; the newest is shown.' });
    const items = within(list)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/^PAY-7A8B9C0D1E: failed, \$25\.00, Jan 1, 2026/);
    expect(items[1]).toMatch(/^PAY-0F1E2D3C4B: failed, \$25\.00, Dec 31, 2025/);
    expect(valueAfter(dialog, 'Reference')).toBe('PAY-7A8B9C0D1E');
  });

  it('says when the item has no payment', async () => {
    const { user } = renderButton({ [listPath]: json({ success: true, data: [] }) });
    await user.click(screen.getByRole('button', { name: 'Payment details (John Adams)' }));
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        'No card payment was recorded for this item (for example, an application without a card).',
      ),
    );
  });

  it('announces a load error with what to do next', async () => {
    const { user } = renderButton({ [listPath]: json({ error: 'Internal error', code: 'INTERNAL' }, 500) });
    await user.click(screen.getByRole('button', { name: 'Payment details (John Adams)' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The payment could not be loaded');
    expect(alert.textContent).toContain('Close this window and try again');
  });
});

describe('money operations in the payment details', () => {
  it('lists the charges with their refunds, and refunds the remainder after stating the amount', async () => {
    const {
      user,
      fetchMock,
      dialog: details,
    } = await openDetails(paidPlan, {
      '/api/admin/refunds': json(
        { success: true, data: { id: refundId, paymentId, amountCents: 2000, state: 'queued' } },
        202,
      ),
    });
    const charges = await within(details).findByRole('region', { name: 'Charges' });
    expect(charges.textContent).toContain('$20.00 left to refund');
    expect(within(charges).getByText(/^\$5\.00: succeeded, asked by jane on Jan 2, 2026/).textContent).toContain(
      'Refunded to the card.',
    );
    expect(charges.textContent).toContain('At the payment processor: partly refunded (deposit batch 7).');

    const trigger = within(charges).getByRole('button', { name: /^Refund the charge of \$25\.00/ });
    await user.click(trigger);
    const confirm = screen.getByRole('alertdialog', { name: 'Refund a charge' });
    const amount = within(confirm).getByLabelText('Amount to refund (dollars)');
    expect(document.activeElement).toBe(amount);
    expect((amount as HTMLInputElement).value).toBe('20.00');
    expect(confirm.textContent).toContain('Refund $20.00 to John Adams?');
    expect(confirm.textContent).toContain(
      'This payment has been paid out, so the amount goes back to the card as a refund',
    );
    await user.click(within(confirm).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sentBody(fetchMock, '/api/admin/refunds')).toEqual({ chargeRowId, amountCents: 2000 });
    expect(document.activeElement).toBe(trigger);
  });

  it('says a charge not paid out yet is held for review and will be voided, not refunded', async () => {
    const [charge] = paidPlan.charges;
    if (!charge) throw new Error('no charge');
    const pending: AdminPaymentDetail = {
      ...paidPlan,
      charges: [
        {
          ...charge,
          refundableCents: 2500,
          provider: {
            status: 'PENDING',
            settled: false,
            settlementBatch: null,
            reviewFlag: 'POTENTIAL_DUPLICATE',
            readAt: null,
          },
          reversalKind: 'void',
          refunds: [],
        },
      ],
    };
    const { user } = await openDetails(pending);
    const charges = await screen.findByRole('region', { name: 'Charges' });
    expect(charges.textContent).toContain('At the payment processor: pending (not captured yet).');
    expect(charges.textContent).toContain('Held for review by the payment processor: possible duplicate.');
    await user.click(within(charges).getByRole('button', { name: /^Refund the charge of/ }));
    const confirm = screen.getByRole('alertdialog', { name: 'Refund a charge' });
    expect(confirm.textContent).toContain(
      'This payment has not been paid out yet, so the payment processor will cancel it (a void)',
    );
  });

  it('refuses an amount above the remainder beside the field, announced, without a request', async () => {
    const { user, fetchMock } = await openDetails(paidPlan);
    await user.click(await screen.findByRole('button', { name: /^Refund the charge of/ }));
    const confirm = screen.getByRole('alertdialog', { name: 'Refund a charge' });
    const amount = within(confirm).getByLabelText('Amount to refund (dollars)');
    await user.clear(amount);
    await user.type(amount, '20.01');
    await user.click(within(confirm).getByRole('button', { name: 'Refund' }));
    const alert = within(confirm).getByRole('alert');
    expect(alert.textContent).toBe('Refund amount must be between $0.01 and $20.00.');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(amount.getAttribute('aria-describedby')).toContain(alert.id);
    expect(sentBody(fetchMock, '/api/admin/refunds')).toBeUndefined();

    await user.clear(amount);
    await user.type(amount, '7.5');
    expect(confirm.textContent).toContain('Refund $7.50 to John Adams?');
  });

  it("keeps the server's refusal in view", async () => {
    const { user } = await openDetails(paidPlan, {
      '/api/admin/refunds': json({ error: 'A refund of this payment is already in progress.', code: 'CONFLICT' }, 409),
    });
    await user.click(await screen.findByRole('button', { name: /^Refund the charge of/ }));
    const confirm = screen.getByRole('alertdialog', { name: 'Refund a charge' });
    await user.click(within(confirm).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(confirm.textContent).toContain('A refund of this payment is already in progress.'));
  });

  it('cancels a monthly plan after a confirmation, and says when it was asked for', async () => {
    const { user, fetchMock } = await openDetails(paidPlan, {
      [`/api/admin/payments/${paymentId}/cancel-plan`]: json(
        { success: true, data: { paymentId, cancelRequestedAt: '2026-01-03T12:00:00.000Z' } },
        202,
      ),
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel monthly plan' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Cancel the monthly plan?' });
    await user.type(within(confirm).getByLabelText('Reason (optional)'), 'Moved away');
    await user.click(within(confirm).getByRole('button', { name: 'Cancel monthly plan' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(sentBody(fetchMock, `/api/admin/payments/${paymentId}/cancel-plan`)).toEqual({ reason: 'Moved away' });
  });

  it('says the refund was queued even when its dialog is gone before the answer', async () => {
    // Once a refund is under way the refreshed details offer no Refund button, and the dialog that
    // asked goes with it, possibly before the answer is handled: here it is gone before it arrives.
    let answer: (response: Response) => void = () => {};
    const fetchMock = stubFetch({
      '/api/admin/refunds': () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    let hide = () => {};
    function Charge() {
      const [shown, setShown] = useState(true);
      hide = () => setShown(false);
      const charge = paidPlan.charges[0];
      return shown && charge ? <RefundDialog charge={charge} /> : null;
    }
    const user = userEvent.setup();
    renderWithProviders(<Charge />, { path: '/admin/members' });
    await user.click(screen.getByRole('button', { name: /^Refund the charge of/ }));
    const confirm = screen.getByRole('alertdialog');
    // An amount of its own: the toasts of this file's earlier refunds (of $20.00) may still show.
    await user.clear(within(confirm).getByLabelText('Amount to refund (dollars)'));
    await user.type(within(confirm).getByLabelText('Amount to refund (dollars)'), '7.50');
    await user.click(within(confirm).getByRole('button', { name: 'Refund' }));
    await waitFor(() => expect(sentBody(fetchMock, '/api/admin/refunds')).toEqual({ chargeRowId, amountCents: 750 }));

    act(() => hide());
    answer(
      Response.json(
        { success: true, data: { id: refundId, paymentId, amountCents: 750, state: 'queued' } },
        { status: 202 },
      ),
    );
    expect((await screen.findAllByText('A refund of $7.50 was queued.')).length).toBeGreaterThan(0);
  });

  it('offers no refund while one of the charge is under way', async () => {
    const underway: AdminPaymentDetail = {
      ...paidPlan,
      charges: paidPlan.charges.map((charge) => ({
        ...charge,
        refunds: charge.refunds.map((refund) => ({ ...refund, state: 'processing' as const })),
      })),
    };
    await openDetails(underway);
    expect((await screen.findByText(/^\$5\.00: /)).textContent).toMatch(/^\$5\.00: processing, asked by /);
    expect(screen.queryByRole('button', { name: /^Refund the charge of/ })).toBeNull();
  });

  it('offers no plan cancellation once it was asked for, and no refund of a charge with nothing left', async () => {
    const asked: AdminPaymentDetail = {
      ...paidPlan,
      plan: { ...notNull(paidPlan.plan), cancelRequestedAt: '2026-01-03T12:00:00.000Z', cancelRequestedBy: 'jane' },
      charges: paidPlan.charges.map((charge) => ({ ...charge, refundableCents: 0 })),
    };
    await openDetails(asked);
    expect((await screen.findByText(/^Jan 3, 2026/)).textContent).toMatch(/ by admin jane$/);
    expect(screen.queryByRole('button', { name: 'Cancel monthly plan' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Refund the charge of/ })).toBeNull();
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
