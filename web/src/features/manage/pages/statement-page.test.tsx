import type { GivingStatement } from '@pillars/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'wouter';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, stubFetch } from '@/test/stub-fetch';
import { StatementPage } from './statement-page';
import { isEnabled, paragraphs, tableCells } from '@/test/screen-text';

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
    expect(paragraphs()).toContain('Patriot Pillars Foundation, Inc. · EIN 12-3456789');
    expect(Array.from(document.querySelectorAll('dd'), (value) => value.textContent)).toContain(
      'Ann Donor · ann@example.org',
    );
    const cells = tableCells(screen.getByRole('table'));
    expect(cells.flat()).toEqual(expect.arrayContaining(['$100.00', '−$30.00']));
    expect(cells.at(-1)).toEqual(['Total gifts', '$70.00']);
    expect(paragraphs()).toContain('No goods or services were provided in exchange for this contribution.');
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
    expect(isEnabled(screen.getByRole('button', { name: 'Email me a link' }))).toBe(true);
  });

  it('refuses a year that is not one, without asking the server', () => {
    const fetchMock = stubFetch({});
    renderStatement('/manage/statement/abc');
    expect(screen.getByRole('alert').textContent).toBe('There is no statement for this year.');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
