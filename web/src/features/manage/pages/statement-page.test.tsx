import type { GivingStatement } from '@pillars/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'wouter';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, stubFetch } from '@/test/stub-fetch';
import { StatementPage } from './statement-page';

const statement: GivingStatement = {
  year: 2026,
  email: 'ann@example.org',
  donorName: 'Ann Donor',
  orgLegalName: 'Patriot Pillars Foundation, Inc.',
  orgEin: '12-3456789',
  goodsStatement: 'No goods or services were provided in exchange for this contribution.',
  lines: [
    {
      receiptNumber: '2026-AAAAAAAAAA',
      date: '2026-02-01T15:00:00.000Z',
      amountCents: 10000,
      kind: 'donation',
      refund: false,
    },
    {
      receiptNumber: '2026-BBBBBBBBBB',
      date: '2026-03-01T15:00:00.000Z',
      amountCents: -3000,
      kind: 'donation',
      refund: true,
    },
  ],
  totalCents: 7000,
  issuedAt: '2026-06-01T12:00:00.000Z',
};

function renderStatement(path: string) {
  const user = userEvent.setup();
  const result = renderWithProviders(<Route path="/manage/statement/:year" component={StatementPage} />, { path });
  return { ...result, user };
}

describe('StatementPage', () => {
  it('shows the year’s gifts, the total, the legal name, EIN and goods statement, and prints', async () => {
    stubFetch({ '/api/manage/statement?year=2026': json(statement) });
    const print = vi.fn();
    vi.stubGlobal('print', print);
    const { user } = renderStatement('/manage/statement/2026');
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Giving statement for 2026');
    expect(screen.getByText('Patriot Pillars Foundation, Inc. · EIN 12-3456789')).toBeDefined();
    expect(screen.getByText('Ann Donor · ann@example.org')).toBeDefined();
    const table = screen.getByRole('table');
    expect(within(table).getByText('$100.00')).toBeDefined();
    expect(within(table).getByText('−$30.00')).toBeDefined();
    expect(within(table).getByRole('rowheader', { name: 'Total gifts' })).toBeDefined();
    expect(within(table).getByText('$70.00')).toBeDefined();
    expect(screen.getByText('No goods or services were provided in exchange for this contribution.')).toBeDefined();
    expect(screen.getByRole('link', { name: 'Back to your giving' }).getAttribute('href')).toBe('/manage');

    await user.click(screen.getByRole('button', { name: 'Print' }));
    expect(print).toHaveBeenCalledOnce();
  });

  it('asks for a new link when the session has ended', async () => {
    stubFetch({
      '/api/manage/statement?year=2025': json(
        { error: 'Your session has ended. Ask for a new link below.', code: 'UNAUTHORIZED' },
        401,
      ),
    });
    renderStatement('/manage/statement/2025');
    expect((await screen.findByRole('alert')).textContent).toBe('Your session has ended. Ask for a new link below.');
    expect(screen.getByRole('button', { name: 'Email me a link' })).toBeDefined();
  });

  it('refuses a year that is not one, without asking the server', () => {
    const fetchMock = stubFetch({});
    renderStatement('/manage/statement/abc');
    expect(screen.getByRole('alert').textContent).toBe('There is no statement for this year.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
