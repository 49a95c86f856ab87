import type { ContributorRow, ContributorsResponse } from '@pillars/shared/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiReply, stubApi } from '@/test/payment-api-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { findToast } from '@/test/toasts';
import { AdminDashboardPage } from './admin-dashboard-page';

const jane: ContributorRow = {
  id: 'd0000000-0000-4000-8000-000000000001',
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane@example.org',
  phone: '(555) 010-1776',
  type: 'Contribution',
  amount: 50,
  status: 'pending',
  paymentMethod: 'card',
  isRecurring: false,
  payTheoryPaymentId: 'pt_janepay001',
  details: 'One-time contribution',
  createdAt: '2025-03-01T12:00:00.000Z',
};
const john: ContributorRow = {
  ...jane,
  id: 'm0000000-0000-4000-8000-000000000002',
  firstName: 'John',
  lastName: 'Adams',
  email: 'john@example.org',
  phone: '555-222-3333',
  type: 'Membership',
  amount: 25,
  status: 'active',
  isRecurring: true,
  payTheoryPaymentId: 'pt_memb98765',
  details: 'Monthly membership',
  createdAt: '2025-02-01T12:00:00.000Z',
};
const abigail: ContributorRow = {
  ...jane,
  id: 'r0000000-0000-4000-8000-000000000003',
  firstName: 'Abigail',
  lastName: 'Smith',
  email: 'abigail@example.org',
  phone: '555-444-5555',
  type: 'Event Registration',
  amount: 45,
  status: 'pending',
  payTheoryPaymentId: null,
  details: 'Liberty Gala - VIP',
  createdAt: '2025-04-01T12:00:00.000Z',
};
const benjamin: ContributorRow = {
  ...jane,
  id: 'd0000000-0000-4000-8000-000000000004',
  firstName: 'Benjamin',
  lastName: 'Franklin',
  email: 'ben@example.org',
  phone: '555-666-7777',
  amount: 100,
  status: 'completed',
  isRecurring: true,
  payTheoryPaymentId: 'pt_ben55555',
  details: 'Monthly contribution',
  createdAt: '2025-01-15T12:00:00.000Z',
};

const response: ContributorsResponse = {
  success: true,
  contributors: [jane, john, abigail, benjamin],
  summary: {
    totalContributors: 4,
    totalDonations: 2,
    totalMemberships: 1,
    totalEventRegistrations: 1,
    totalAmount: 1234.5,
  },
};

const ok =
  (body: unknown, status = 200): ApiReply =>
  () =>
    Response.json(body, { status });

const me = ok({ username: 'admin' });

function renderDashboard(routes: Record<string, ApiReply[]> = {}) {
  const calls = stubApi({ 'GET /api/auth/me': [me], 'GET /api/admin/contributors': [ok(response)], ...routes });
  const user = userEvent.setup();
  const result = renderWithProviders(<AdminDashboardPage />, { path: '/admin' });
  return { ...result, calls, user };
}

const table = () => screen.getByRole('table', { name: /Contributors, donations/ });
const rowNames = () =>
  within(table())
    .queryAllByRole('rowheader')
    .map((cell) => cell.textContent);
const search = () => screen.getByRole('searchbox', { name: 'Search contributors' });

afterEach(() => {
  vi.restoreAllMocks();
});

describe('AdminDashboardPage', () => {
  it('welcomes the admin, links to the sub-pages and shows the summary cards', async () => {
    renderDashboard();
    expect(screen.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe('Loading contributors...');
    expect(await screen.findByText('Welcome, admin')).toBeDefined();
    const nav = screen.getByRole('navigation', { name: 'Admin pages' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual([
      '/admin/events',
      '/admin/events/manage',
      '/admin/contributors',
      '/admin/members',
      '/admin/audit-log',
      '/admin/news',
    ]);

    const summary = await screen.findByRole('region', { name: 'Summary' });
    const card = (label: string) => within(summary).getByText(label).nextElementSibling?.textContent;
    expect(card('Total Contributors')).toBe('4');
    expect(card('Contributions')).toBe('2');
    expect(card('Memberships')).toBe('1');
    expect(card('Event Registrations')).toBe('1');
    expect(card('Total Amount')).toBe('$1,234.50');
  });

  it('lists every row, newest first, with the status badges', async () => {
    renderDashboard();
    await screen.findByRole('table');
    expect(rowNames()).toEqual(['Abigail Smith', 'Jane Doe', 'John Adams', 'Benjamin Franklin']);
    const janeRow = screen.getByRole('rowheader', { name: 'Jane Doe' }).closest('tr');
    if (!janeRow) throw new Error('no row');
    const cells = within(janeRow)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(
      expect.arrayContaining([
        'jane@example.org',
        '(555) 010-1776',
        'Contribution',
        '$50.00',
        'pending',
        'pt_janepay001',
        'One-time contribution',
        'Mar 1, 2025',
      ]),
    );
    expect(within(janeRow).getByText('pending').getAttribute('data-tone')).toBe('warning');
    const ben = screen.getByRole('rowheader', { name: 'Benjamin Franklin' }).closest('tr');
    expect(ben && within(ben).getByText('completed').getAttribute('data-tone')).toBe('success');
  });

  it('searches name, email, details, phone and payment id', async () => {
    const { user } = renderDashboard();
    await screen.findByRole('table');
    const expectSearch = async (term: string, names: string[]) => {
      await user.clear(search());
      await user.type(search(), term);
      await waitFor(() => expect(rowNames()).toEqual(names));
    };
    await expectSearch('jane doe', ['Jane Doe']);
    await expectSearch('BEN@EXAMPLE', ['Benjamin Franklin']);
    await expectSearch('gala', ['Abigail Smith']);
    await expectSearch('222-3333', ['John Adams']);
    await expectSearch('pt_memb', ['John Adams']);
    await expectSearch('monthly', ['John Adams', 'Benjamin Franklin']);
    await expectSearch('nobody at all', []);
    expect(screen.getByText('No contributors found matching your search criteria.')).toBeDefined();
  });

  it('has an advanced search by transaction id and exact amount, and Clear All resets every filter', async () => {
    const { user } = renderDashboard();
    await screen.findByRole('table');
    const toggle = screen.getByRole('button', { name: 'Advanced Search' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    const transaction = screen.getByRole('textbox', { name: 'Transaction ID' });
    await user.type(transaction, 'BEN555');
    await waitFor(() => expect(rowNames()).toEqual(['Benjamin Franklin']));
    await user.clear(transaction);

    const amount = screen.getByRole('spinbutton', { name: 'Exact amount ($)' });
    await user.type(amount, '45');
    await waitFor(() => expect(rowNames()).toEqual(['Abigail Smith']));
    await user.type(search(), 'jane');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by type' }), 'Contributions');
    await waitFor(() => expect(rowNames()).toEqual([]));

    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    await waitFor(() => expect(rowNames()).toHaveLength(4));
    expect(search()).toHaveProperty('value', '');
    expect(amount).toHaveProperty('value', '');
    expect(screen.getByRole('combobox', { name: 'Filter by type' })).toHaveProperty('value', 'all');
  });

  it('filters by type', async () => {
    const { user } = renderDashboard();
    await screen.findByRole('table');
    const filter = screen.getByRole('combobox', { name: 'Filter by type' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All Types', 'Contributions', 'Memberships', 'Event Registrations']);
    await user.selectOptions(filter, 'Contributions');
    await waitFor(() => expect(rowNames()).toEqual(['Jane Doe', 'Benjamin Franklin']));
    await user.selectOptions(filter, 'Memberships');
    await waitFor(() => expect(rowNames()).toEqual(['John Adams']));
    await user.selectOptions(filter, 'Event Registrations');
    await waitFor(() => expect(rowNames()).toEqual(['Abigail Smith']));
    await user.selectOptions(filter, 'All Types');
    await waitFor(() => expect(rowNames()).toHaveLength(4));
  });

  it('sorts by date (newest first) by default; name starts ascending, amount descending; clicks toggle', async () => {
    const { user } = renderDashboard();
    await screen.findByRole('table');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    expect(header('Date').getAttribute('aria-sort')).toBe('descending');
    expect(header('Name').getAttribute('aria-sort')).toBe('none');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Date').getAttribute('aria-sort')).toBe('none');
    expect(rowNames()).toEqual(['Abigail Smith', 'Benjamin Franklin', 'Jane Doe', 'John Adams']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    expect(rowNames()).toEqual(['John Adams', 'Jane Doe', 'Benjamin Franklin', 'Abigail Smith']);

    await user.click(screen.getByRole('button', { name: 'Amount' }));
    expect(header('Amount').getAttribute('aria-sort')).toBe('descending');
    expect(rowNames()).toEqual(['Benjamin Franklin', 'Jane Doe', 'Abigail Smith', 'John Adams']);
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    expect(rowNames()).toEqual(['John Adams', 'Abigail Smith', 'Jane Doe', 'Benjamin Franklin']);

    await user.click(screen.getByRole('button', { name: 'Date' }));
    expect(rowNames()).toEqual(['Abigail Smith', 'Jane Doe', 'John Adams', 'Benjamin Franklin']);
    await user.click(screen.getByRole('button', { name: 'Date' }));
    expect(header('Date').getAttribute('aria-sort')).toBe('ascending');
    expect(rowNames()).toEqual(['Benjamin Franklin', 'John Adams', 'Jane Doe', 'Abigail Smith']);
  });

  it('shows Confirm only on pending rows and sends the PUT of each kind, then reloads', async () => {
    const { user, calls } = renderDashboard({
      'PUT /api/admin/contributions/d0000000-0000-4000-8000-000000000001/status': [
        ok({ success: true, data: { id: jane.id, status: 'confirmed' } }),
      ],
      'PUT /api/admin/registrations/r0000000-0000-4000-8000-000000000003/status': [
        ok({ success: true, data: { id: abigail.id, status: 'confirmed' } }),
      ],
    });
    await screen.findByRole('table');
    const confirms = screen.getAllByRole('button', { name: /^Confirm/ });
    expect(confirms.map((button) => button.getAttribute('aria-label'))).toEqual([
      'Confirm event registration of Abigail Smith',
      'Confirm contribution of Jane Doe',
    ]);
    expect(confirms.every((button) => button.textContent === 'Confirm')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Confirm contribution of Jane Doe' }));
    expect(await findToast('Status Updated')).toContain('The contribution of Jane Doe is now confirmed.');
    await user.click(screen.getByRole('button', { name: 'Confirm event registration of Abigail Smith' }));

    await waitFor(() => expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(2));
    expect(calls.filter((call) => call.method === 'PUT')).toEqual([
      expect.objectContaining({
        url: `/api/admin/contributions/${jane.id}/status`,
        body: { status: 'confirmed' },
      }),
      expect.objectContaining({
        url: `/api/admin/registrations/${abigail.id}/status`,
        body: { status: 'confirmed' },
      }),
    ]);
    // The admin lists are invalidated and refetched.
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/admin/contributors').length).toBeGreaterThanOrEqual(3),
    );
  });

  it('logs a failed confirmation and shows the server message in a destructive toast', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderDashboard({
      [`PUT /api/admin/contributions/${jane.id}/status`]: [
        ok({ error: 'Only a pending item can be confirmed', code: 'CONFLICT' }, 409),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Confirm contribution of Jane Doe' }));
    expect(await findToast('Confirmation Failed')).toContain('Only a pending item can be confirmed');
    expect(logged).toHaveBeenCalled();
  });

  it('redirects to /login when the contributors call answers 401', async () => {
    const { location } = renderDashboard({
      'GET /api/admin/contributors': [ok({ error: 'Authentication required', code: 'UNAUTHORIZED' }, 401)],
    });
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
  });

  it('shows the load error with its message, what to do, and the raw answer behind a disclosure', async () => {
    renderDashboard({ 'GET /api/admin/contributors': [ok({ error: 'Database unavailable', code: 'INTERNAL' }, 500)] });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading contributors: 500: Database unavailable')).toBeDefined();
    expect(
      within(alert).getByText("We couldn't load the contributors. Check your connection and try again."),
    ).toBeDefined();
    expect(screen.getByText('Technical details').closest('details')?.textContent).toContain(
      '{"error":"Database unavailable","code":"INTERNAL"}',
    );
  });

  it('loads again from "Try again"', async () => {
    const { user } = renderDashboard({
      'GET /api/admin/contributors': [ok({ error: 'Database unavailable', code: 'INTERNAL' }, 500), ok(response)],
    });
    await user.click(await screen.findByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table')).toBeDefined();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the contributors could not be fetched when no answer comes back', async () => {
    renderDashboard({
      'GET /api/admin/contributors': [
        () => {
          throw new TypeError('Failed to fetch');
        },
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Error loading contributors: Failed to fetch contributors')).toBeDefined();
  });

  it("says 'Failed to load contributors data' when the answer has the wrong shape", async () => {
    renderDashboard({ 'GET /api/admin/contributors': [ok({ success: false })] });
    // A wrong-shaped answer is no connection problem: no hint to check it.
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load contributors data');
  });

  it('selects rows and all rows, and exports the selection (or else the filtered rows) as CSV', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      if (blob instanceof Blob) blobs.push(blob);
      return 'blob:contributors';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    const lines = async (index: number) =>
      (await blobs[index]?.text())
        ?.replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n');
    const { user } = renderDashboard();
    await screen.findByRole('table');

    // Nothing selected: the filtered rows, in the table's order.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by type' }), 'Contributions');
    await waitFor(() => expect(rowNames()).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloads[0]).toMatch(/^contributors-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await lines(0)).toEqual([
      'First Name,Last Name,Email,Phone,Type,Amount,Payment Method,Recurring,Status,Transaction ID,Details,Date',
      'Jane,Doe,jane@example.org,(555) 010-1776,Contribution,50.00,card,No,pending,pt_janepay001,One-time contribution,03/01/2025',
      'Benjamin,Franklin,ben@example.org,555-666-7777,Contribution,100.00,card,Yes,completed,pt_ben55555,Monthly contribution,01/15/2025',
    ]);

    // A selection: only the selected rows.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by type' }), 'All Types');
    await waitFor(() => expect(rowNames()).toHaveLength(4));
    await user.click(screen.getByRole('checkbox', { name: 'Select John Adams' }));
    const selectAll = screen.getByRole('checkbox', { name: 'Select all matching contributors' });
    expect(selectAll).toHaveProperty('indeterminate', true);
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(await lines(1)).toEqual([
      expect.stringMatching(/^First Name,/),
      'John,Adams,john@example.org,555-222-3333,Membership,25.00,card,Yes,active,pt_memb98765,Monthly membership,02/01/2025',
    ]);

    await user.click(selectAll);
    expect(selectAll).toHaveProperty('checked', true);
    expect(screen.getAllByRole('checkbox', { checked: true })).toHaveLength(5);
    await user.click(selectAll);
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
  });

  it("e-mails the selected rows in Bcc to the organisation mailbox with the '{orgName} Communication' subject", async () => {
    const { user } = renderDashboard();
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Email Selected' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'Select Jane Doe' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Benjamin Franklin' }));
    const trigger = screen.getByRole('button', { name: 'Email Selected (2)' });
    await user.click(trigger);

    const dialog = await screen.findByRole('dialog', { name: 'Email Selected Contributors' });
    expect(within(dialog).getByText('Recipients: 2')).toBeDefined();
    const subject = within(dialog).getByRole('textbox', { name: 'Subject' });
    expect(subject).toHaveProperty('value', 'Patriot Pillars Foundation Communication');
    await user.type(within(dialog).getByRole('textbox', { name: 'Message' }), 'See you soon');
    expect(within(dialog).getByRole('link', { name: 'Open Email Client' }).getAttribute('href')).toBe(
      'mailto:info@patriotpillars.org?bcc=jane@example.org,ben@example.org&subject=Patriot%20Pillars%20Foundation%20Communication&body=See%20you%20soon',
    );

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(trigger);
  });

  it('pages a long list and splits a long selection into several mailto links', async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({
      ...jane,
      id: `d0000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      email: `contributor.number${i}@example.org`,
    }));
    const { user } = renderDashboard({ 'GET /api/admin/contributors': [ok({ ...response, contributors: many })] });
    // A long list renders 100 rows at a time; selecting all takes every matching row.
    await screen.findByRole('table');
    expect(rowNames()).toHaveLength(100);
    await user.click(screen.getByRole('button', { name: 'Show 20 more' }));
    expect(rowNames()).toHaveLength(120);
    await user.click(screen.getByRole('checkbox', { name: 'Select all matching contributors' }));
    await user.click(screen.getByRole('button', { name: 'Email Selected (120)' }));
    const dialog = await screen.findByRole('dialog');
    const links = within(dialog).getAllByRole('link', { name: /^Open batch/ });
    expect(links.length).toBeGreaterThan(1);
    expect(links[0]?.textContent).toBe(`Open batch 1 of ${links.length}`);
    for (const link of links) {
      const href = link.getAttribute('href') ?? '';
      expect(href.startsWith('mailto:info@patriotpillars.org?bcc=')).toBe(true);
      expect(href.length).toBeLessThanOrEqual(1800);
    }
  });

  it('logs out', async () => {
    const { user, calls, location } = renderDashboard({ 'POST /api/auth/logout': [ok({ success: true })] });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/auth/logout')).toBe(true);
  });
});
