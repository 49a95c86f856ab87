import type { ReconciliationRun } from '@pillars/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { AdminReconciliationPage } from './admin-reconciliation-page';

const run: ReconciliationRun = {
  id: '6a0b3c1e-2f4d-4e5a-8b7c-9d0e1f2a3b4c',
  state: 'succeeded',
  requestedBy: 'schedule',
  windowFrom: '2026-11-26T09:00:00.000Z',
  windowTo: '2026-11-27T10:00:00.000Z',
  startedAt: '2026-11-27T10:00:00.000Z',
  finishedAt: '2026-11-27T10:00:05.000Z',
  matched: 41,
  counts: { adopted: 1, unmatched: 1 },
  error: null,
  differences: [
    {
      kind: 'adopted',
      providerTransactionId: 'pt_txn_adopted',
      paymentId: '1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a01',
      recordId: '2e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a01',
      recordName: 'Mercy Warren',
      amountCents: 2500,
      detail: 'Pay Theory holds a charge for this payment, which the app held as failed; settled from it.',
    },
    {
      kind: 'unmatched',
      providerTransactionId: 'pt_txn_stray',
      paymentId: null,
      recordId: null,
      recordName: null,
      amountCents: 4321,
      detail: 'A charge of $43.21 (SUCCEEDED) that matches no payment of the app.',
    },
  ],
};

/** The API's two answers on one path: the runs (GET) and a start (POST), as the test sets them. */
function stubApi(post: () => Response) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      const method = init?.method ?? 'GET';
      calls.push(`${method} ${url}`);
      if (url === '/api/admin/reconciliation/runs' && method === 'POST') return Promise.resolve(post());
      if (url === '/api/admin/reconciliation/runs')
        return Promise.resolve(Response.json({ success: true, data: [run] }));
      return Promise.resolve(Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 }));
    }),
  );
  return calls;
}

describe('AdminReconciliationPage', () => {
  it("shows each run's window, counts and differences, each with its payment's details", async () => {
    stubApi(() => Response.json({ success: true, data: { runId: run.id } }, { status: 202 }));
    renderWithProviders(<AdminReconciliationPage />, { path: '/admin/reconciliation' });
    const report = await screen.findByRole('region', { name: /^Run of / });
    expect(within(report).getByText('Matched').nextElementSibling?.textContent).toBe('41');
    expect(within(report).getByText('Charge adopted', { selector: 'dt' }).nextElementSibling?.textContent).toBe('1');
    expect(within(report).getByText('Matches no payment', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      '1',
    );
    const rows = within(within(report).getByRole('table')).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('pt_txn_adopted');
    expect(rows[0]?.textContent).toContain('$25.00');
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: 'Payment details (Mercy Warren)' })).toBeTruthy();
    expect(rows[1]?.textContent).toContain('A charge of $43.21 (SUCCEEDED) that matches no payment of the app.');
    expect(rows[1]?.textContent).toContain('No payment');
  });

  it('starts a run and announces it, or says why it could not', async () => {
    let answer = Response.json({ success: true, data: { runId: run.id } }, { status: 202 });
    const calls = stubApi(() => answer);
    const user = userEvent.setup();
    renderWithProviders(<AdminReconciliationPage />, { path: '/admin/reconciliation' });
    await screen.findByRole('region', { name: /^Run of / });
    await user.click(screen.getByRole('button', { name: 'Start a reconciliation run' }));
    await waitFor(() =>
      expect(screen.getByText('Run started. Its report appears below when it ends.').getAttribute('role')).toBe(
        'status',
      ),
    );
    expect(calls).toContain('POST /api/admin/reconciliation/runs');

    answer = Response.json(
      { error: 'A reconciliation run is already under way; its report appears here when it ends.', code: 'CONFLICT' },
      { status: 409 },
    );
    await user.click(screen.getByRole('button', { name: 'Start a reconciliation run' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('A reconciliation run is already under way'),
    );
  });
});
