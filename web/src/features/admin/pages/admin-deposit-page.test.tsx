import type { DepositDetail, DepositList } from '@pillars/contracts/admin';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, stubFetch } from '@/test/stub-fetch';
import { AdminDepositPage } from './admin-deposit-page';
import { AdminDepositsPage } from './admin-deposits-page';

const deposit = {
  batch: 42,
  settlementDate: '2026-03-02T12:00:00.000Z',
  transferDate: '2026-03-04T12:00:00.000Z',
  status: 'SUCCEEDED',
  debitCount: 2,
  reversalCount: 1,
  disputeCount: 0,
  grossCents: 4000,
  feesCents: 145,
  adjustmentsCents: 0,
  netCents: 3855,
  syncedAt: '2026-03-05T08:00:00.000Z',
};

const line = (extra: Partial<DepositDetail['data']['lines'][number]>) => ({
  providerTransactionId: 'pt_txn_1',
  date: '2026-03-01T15:00:00.000Z',
  kind: 'debit' as const,
  providerType: 'DEBIT',
  status: 'SETTLED',
  grossCents: 2500,
  feeCents: 73,
  netCents: 2427,
  paymentId: '3f2a9c1b-04aa-4bbb-8ccc-000000000001',
  reference: 'PAY-3F2A9C1B04',
  contributor: 'Ada Lovelace',
  paymentKind: 'Contribution',
  ledgerCents: 2500,
  ...extra,
});

const detail = (overrides: Partial<DepositDetail['data']> = {}): DepositDetail => ({
  success: true,
  data: {
    deposit,
    lines: [
      line({}),
      line({
        providerTransactionId: 'pt_txn_2',
        grossCents: 2500,
        feeCents: 72,
        netCents: 2428,
        paymentId: '9e8d7c6b-5a40-4bbb-8ccc-000000000002',
        reference: 'PAY-9E8D7C6B5A',
        contributor: 'Grace Hopper',
        paymentKind: 'Membership',
        ledgerCents: 2500,
      }),
      line({
        providerTransactionId: 'pt_txn_3',
        kind: 'refund',
        providerType: 'REVERSAL',
        grossCents: -1000,
        feeCents: 0,
        netCents: -1000,
        ledgerCents: -1000,
      }),
    ],
    ours: {
      debitsCents: 5000,
      reversalsCents: 1000,
      grossCents: 4000,
      feesCents: 145,
      ledgerFeesCents: 146,
      netCents: 3855,
      debitCount: 2,
      reversalCount: 1,
      unmatchedCount: 0,
    },
    comparison: { gross: false, fees: false, net: false, counts: false, unmatched: false, agrees: true },
    ...overrides,
  },
});

/** The texts of a row's cells (its header cell included). */
const cellsOf = (row: Element | null | undefined) =>
  [...(row?.querySelectorAll('th,td') ?? [])].map((cell) => cell.textContent);

describe('AdminDepositPage', () => {
  it("lists the deposit's payments and refunds, our totals beside Pay Theory's, and the CSV link", async () => {
    stubFetch({ '/api/admin/deposits/42': json(detail()) });
    renderWithProviders(<AdminDepositPage batch={42} />, { path: '/admin/deposits/42' });
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Deposit 42');
    expect(screen.getByRole('status').textContent).toBe('Loading the deposit...');

    const lines = await screen.findByRole('table', { name: 'Payments and refunds in this deposit' });
    const rows = within(lines).getAllByRole('row').slice(1);
    expect(rows.map(cellsOf)).toEqual([
      [
        'Mar 1, 2026',
        'PAY-3F2A9C1B04',
        'Ada Lovelace',
        'Contribution',
        'Payment',
        '$25.00',
        '$0.73',
        '$24.27',
        '$25.00',
      ],
      ['Mar 1, 2026', 'PAY-9E8D7C6B5A', 'Grace Hopper', 'Membership', 'Payment', '$25.00', '$0.72', '$24.28', '$25.00'],
      [
        'Mar 1, 2026',
        'PAY-3F2A9C1B04',
        'Ada Lovelace',
        'Contribution',
        'Refund',
        '-$10.00',
        '$0.00',
        '-$10.00',
        '-$10.00',
      ],
    ]);

    const totals = screen.getByRole('table', { name: 'Totals: ours beside Pay Theory’s' });
    const figure = (name: string) => cellsOf(within(totals).getByRole('rowheader', { name }).parentElement).slice(1);
    expect(figure('Gross')).toEqual(['$40.00', '$40.00']);
    expect(figure('Fees')).toEqual(['$1.45', '$1.45']);
    expect(figure('Net')).toEqual(['$38.55', '$38.55']);
    expect(figure('Fees we recorded (2.9% rule, not compared)')).toEqual(['$1.46', '—']);
    expect(document.body.textContent).toContain('Our records agree with Pay Theory.');

    const csv = screen.getByRole('link', { name: 'Download CSV (for the bank statement)' });
    expect(csv.getAttribute('href')).toMatch(/^\/api\/admin\/deposits\/42\/export\?timeZone=/);
  });

  it('flags the figures that differ and a transaction not in our records', async () => {
    stubFetch({
      '/api/admin/deposits/42': json(
        detail({
          lines: [
            line({}),
            line({
              providerTransactionId: 'pt_txn_9',
              paymentId: null,
              reference: null,
              contributor: null,
              paymentKind: null,
              ledgerCents: null,
            }),
          ],
          ours: {
            debitsCents: 2500,
            reversalsCents: 0,
            grossCents: 2500,
            feesCents: 73,
            ledgerFeesCents: 73,
            netCents: 2427,
            debitCount: 1,
            reversalCount: 0,
            unmatchedCount: 1,
          },
          comparison: { gross: true, fees: true, net: true, counts: true, unmatched: true, agrees: false },
        }),
      ),
    });
    renderWithProviders(<AdminDepositPage batch={42} />, { path: '/admin/deposits/42' });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Our records do not agree with Pay Theory:the gross differsthe fees differthe net differsthe number of payments or refunds differs1 transaction is not in our records',
    );
    const lines = screen.getByRole('table', { name: 'Payments and refunds in this deposit' });
    const unmatched = within(lines).getByRole('rowheader', { name: 'pt_txn_9' }).parentElement;
    expect(cellsOf(unmatched).at(-1)).toBe('Not in our records');
    const totals = screen.getByRole('table', { name: 'Totals: ours beside Pay Theory’s' });
    expect(
      within(totals)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toContain('Gross(Does not match)');
  });
});

describe('AdminDepositsPage', () => {
  it('lists the batches with their dates, counts and totals, and queues a refresh', async () => {
    const list: DepositList = { success: true, data: [deposit], nextCursor: null, lastSyncedAt: deposit.syncedAt };
    const fetchMock = stubFetch({
      '/api/admin/deposits?limit=50': json(list),
      '/api/admin/deposits/refresh': json({ success: true, jobId: 'sync-settlements-refresh-1' }, 202),
    });
    renderWithProviders(<AdminDepositsPage />, { path: '/admin/deposits' });
    const table = await screen.findByRole('table', { name: 'Deposits, newest first' });
    // At narrow widths the table scrolls inside a region the keyboard can reach (docs/decisions/032).
    expect(screen.getByRole('region', { name: 'Deposits, newest first' }).getAttribute('tabindex')).toBe('0');
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(cellsOf(row)).toEqual([
      'Mar 2, 2026',
      'Deposit 42',
      'Mar 4, 2026',
      '2 / 1',
      '$40.00',
      '$1.45',
      '$38.55',
      'SUCCEEDED',
    ]);
    expect(within(table).getByRole('link', { name: 'Deposit 42' }).getAttribute('href')).toBe('/admin/deposits/42');
    expect(screen.getByText('The one deposit is shown.').tagName).toBe('P');

    const user = userEvent.setup();
    const range = screen.getByRole('region', { name: 'CSV of the deposits between two dates' });
    expect(within(range).queryByRole('link', { name: 'Download CSV' })).toBeNull();
    await user.type(within(range).getByLabelText('From (deposit date)'), '2026-03-01');
    await user.type(within(range).getByLabelText('To (deposit date, inclusive)'), '2026-03-31');
    expect(within(range).getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toMatch(
      /^\/api\/admin\/deposits\/export\?from=2026-03-01&to=2026-03-31&timeZone=/,
    );

    await user.click(screen.getByRole('button', { name: 'Refresh from Pay Theory' }));
    const queued = await screen.findByText(
      'A sync from Pay Theory is queued. The list updates when it has run; reload in a minute.',
    );
    expect(queued.getAttribute('role')).toBe('status');
    const sent = (fetchMock.mock.calls as unknown as [string, RequestInit | undefined][]).map(
      ([url, init]) => `${init?.method ?? 'GET'} ${url}`,
    );
    expect(sent).toEqual(['GET /api/admin/deposits?limit=50', 'POST /api/admin/deposits/refresh']);
  });
});
