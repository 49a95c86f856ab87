import type { ContributionDetail } from '@pillars/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, pending } from '@/test/stub-fetch';
import { itHandlesLoadFailures, type RecordListRoutes, recordPage, renderRecordList } from '../test/record-list';

const martha: ContributionDetail = {
  id: 'c1',
  firstName: 'Martha',
  lastName: 'Washington',
  email: 'martha@example.org',
  phone: '555-010-1776',
  amount: '17.76',
  status: 'completed',
  paymentMethod: 'card',
  isRecurring: true,
  payTheoryPaymentId: 'pt_0000000000ABCD1234',
  createdAt: '2025-03-01T12:00:00.000Z',
};
const george: ContributionDetail = {
  ...martha,
  id: 'c2',
  firstName: 'George',
  lastName: 'Washington',
  email: 'george@example.org',
  amount: '100.00',
  status: 'failed',
  isRecurring: false,
  payTheoryPaymentId: null,
  createdAt: '2025-01-01T12:00:00.000Z',
};

const FIRST_PAGE = '/api/admin/contributors-detail/page?limit=24';
const RECIPIENTS = '/api/admin/contributors-detail/recipients';
const page = recordPage<ContributionDetail>;

function renderPage(reply = page([martha, george]), routes: RecordListRoutes = {}) {
  return renderRecordList('contributions', '/admin/contributors', {
    [FIRST_PAGE]: reply,
    [RECIPIENTS]: json({ success: true, data: ['george@example.org', 'martha@example.org'] }),
    [`${RECIPIENTS}/count`]: json({ success: true, count: 2 }),
    ...routes,
  });
}

describe('RecordListPage: /admin/contributors', () => {
  it('shows a card per contribution in the order of the API (newest first), with the last 8 characters of the payment id', async () => {
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Loading contributors...');
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/admin');
    const list = await screen.findByRole('list', { name: 'Contributions' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([
      'Martha Washington',
      'George Washington',
    ]);
    const [first, second] = cards;
    if (!first || !second) throw new Error('expected two cards');
    expect(first.textContent).toContain('$17.76');
    expect(first.textContent).toContain('Monthly Recurring');
    expect(first.textContent).toContain('ABCD1234');
    expect(first.textContent).not.toContain('pt_0000000000ABCD1234');
    expect(within(first).getByText('Completed').getAttribute('data-tone')).toBe('success');
    expect(
      within(first)
        .getByRole('link', { name: /^Email Martha Washington: / })
        .getAttribute('href'),
    ).toBe('mailto:martha@example.org');
    expect(second.textContent).toContain('$100.00');
    expect(second.textContent).toContain('One-time');
    expect(within(second).getByText('Failed').getAttribute('data-tone')).toBe('danger');
    expect(document.body.textContent).toContain('Total: 2 contributors');
  });

  it("'Email All (2)' fetches every donor's address, then opens the mail client with them in Bcc and the spec's subject", async () => {
    const { user, fetchMock } = renderPage();
    const button = await screen.findByRole('button', { name: 'Email All (2)' });
    // The addresses are asked only when a message is written; their count beside the first page.
    expect(fetchMock.mock.calls.some(([url]) => url === RECIPIENTS)).toBe(false);
    expect(fetchMock.mock.calls.some(([url]) => url === `${RECIPIENTS}/count`)).toBe(true);
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Broadcast Message' });
    expect((await within(dialog).findByRole('link', { name: 'Open Email Client' })).getAttribute('href')).toBe(
      'mailto:info@patriotpillars.org?bcc=george@example.org,martha@example.org&subject=Thank%20you%20for%20your%20contribution',
    );
  });

  it('composes a Broadcast Message', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Broadcast Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Broadcast Message' });
    expect(await within(dialog).findByRole('textbox', { name: 'Subject' })).toHaveProperty(
      'value',
      'Thank you for your contribution',
    );
    expect(dialog.textContent).toContain('Recipients: 2');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'Thanks');
    expect(within(dialog).getByRole('link', { name: 'Open Email Client' }).getAttribute('href')).toBe(
      'mailto:info@patriotpillars.org?bcc=george@example.org,martha@example.org&subject=Thank%20you%20for%20your%20contribution&body=Thanks',
    );
  });

  it('says when the addresses cannot be loaded', async () => {
    const { user } = renderPage(undefined, { [RECIPIENTS]: json({ error: 'Boom', code: 'INTERNAL' }, 500) });
    await user.click(await screen.findByRole('button', { name: 'Broadcast Message' }));
    const dialog = await screen.findByRole('dialog', { name: 'Broadcast Message' });
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('Error loading recipients: 500: Boom');
  });

  it('shows the first page with the total, then the next with "Show more", by keyboard', async () => {
    const { user } = renderPage(page([martha], 'next-1', 2), {
      [`${FIRST_PAGE}&cursor=next-1`]: page([george], null, 2),
    });
    const list = await screen.findByRole('list', { name: 'Contributions' });
    expect(within(list).getAllByRole('article')).toHaveLength(1);
    expect(document.body.textContent).toContain('Total: 2 contributors');
    expect(screen.getByRole('status').textContent).toBe('Showing 1 of 2');
    const more = screen.getByRole('button', { name: 'Show 1 more' });
    more.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(within(list).getAllByRole('article')).toHaveLength(2));
    expect(screen.getByRole('status').textContent).toBe('Showing 2 of 2');
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).toBeNull();
    // The button is gone with the last page: its focus moves to the count.
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('status')));
  });

  it('keeps the rows shown when the next page fails, and tries again', async () => {
    const { user } = renderPage(page([martha], 'next-1', 2), {
      [`${FIRST_PAGE}&cursor=next-1`]: json({ error: 'Boom', code: 'INTERNAL' }, 500),
    });
    await user.click(await screen.findByRole('button', { name: 'Show 1 more' }));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading more: 500: Boom');
    expect(within(screen.getByRole('list', { name: 'Contributions' })).getAllByRole('article')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveProperty('disabled', false);
  });

  it('shows the empty state', async () => {
    renderPage(page([]));
    await waitFor(() => expect(document.body.textContent).toContain('No contributions yet.'));
  });

  it('keeps the loading state while the call runs', () => {
    renderPage(pending);
    expect(screen.getByRole('status').textContent).toBe('Loading contributors...');
  });

  itHandlesLoadFailures(renderPage, 'Error loading contributors');
});
