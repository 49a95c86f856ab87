import type {
  ContributorRecipients,
  ContributorRow,
  ContributorsPage,
  ContributorsSummaryResponse,
} from '@pillars/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, type ApiReply, stubApi } from '@/test/payment-api-stub';
import { renderWithProviders } from '@/test/render-with-providers';
import { findToast } from '@/test/toasts';
import { AdminDashboardPage } from './admin-dashboard-page';
import { optionTexts, valuesAfter } from '../test/queries';

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

const summary: ContributorsSummaryResponse = {
  success: true,
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

/** The query of a call, without the limit every page call sends. */
const paramsOf = (call: ApiCall) => {
  const params = Object.fromEntries(new URL(call.url, 'http://localhost').searchParams);
  return params;
};

/** One page as the server answers it: the rows given, in the order given. */
const page = (contributors: ContributorRow[], total = contributors.length, nextCursor: string | null = null) =>
  ({ success: true, contributors, nextCursor, total }) satisfies ContributorsPage;

/**
 * A stand-in for the server's page: the four rows, the type and status filters and a name search applied (the
 * real search, sort and paging are the API's, tested there), in the order the server would send
 * for the default sort.
 */
/** The records with a disputed payment, as the server's `status=disputed` finds them. */
const disputed = new Set([benjamin.id]);

const pages: ApiReply = (call) => {
  const { type, q, status } = paramsOf(call);
  const rows = [abigail, jane, john, benjamin].filter(
    (row) =>
      (!type || row.type === type) &&
      (status !== 'disputed' || disputed.has(row.id)) &&
      (!q || `${row.firstName ?? ''} ${row.lastName ?? ''}`.toLowerCase().includes(q.toLowerCase())),
  );
  return Response.json(page(rows));
};

function renderDashboard(routes: Record<string, ApiReply[]> = {}) {
  const calls = stubApi({
    'GET /api/auth/me': [me],
    'GET /api/admin/contributors/page': [pages],
    'GET /api/admin/contributors/summary': [ok(summary)],
    ...routes,
  });
  const user = userEvent.setup();
  const result = renderWithProviders(<AdminDashboardPage />, { path: '/admin' });
  const pageCalls = () => calls.filter((call) => call.url.startsWith('/api/admin/contributors/page')).map(paramsOf);
  return { ...result, calls, pageCalls, user };
}

const table = () => screen.getByRole('table', { name: /Contributors, donations/ });
const rowNames = () =>
  within(table())
    .queryAllByRole('rowheader')
    .map((cell) => cell.textContent);
const search = () => screen.getByRole('searchbox', { name: 'Search contributors' });
const results = () => screen.getByText(/^Showing /).textContent;

afterEach(() => {
  vi.restoreAllMocks();
});

/** `count` rows of Jane's kind, numbered from `from`. */
const numbered = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({
    ...jane,
    id: `d0000000-0000-4000-8000-${String(from + i).padStart(12, '0')}`,
    firstName: 'Contributor',
    lastName: String(from + i),
    email: `contributor.number${String(from + i)}@example.org`,
    status: 'completed',
  }));

/** 120 matching rows in three pages of 50, 50 and 20. */
const threePages: ApiReply = (call) => {
  const { cursor } = paramsOf(call);
  if (!cursor) return Response.json(page(numbered(0, 50), 120, 'second'));
  if (cursor === 'second') return Response.json(page(numbered(50, 50), 120, 'third'));
  return Response.json(page(numbered(100, 20), 120, null));
};

describe('AdminDashboardPage', () => {
  it('welcomes the admin, links to the sub-pages and shows the cards: the totals of every record', async () => {
    const { calls } = renderDashboard();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Admin Dashboard');
    expect(screen.getByRole('status').textContent).toBe('Loading contributors...');
    await waitFor(() => expect(document.body.textContent).toContain('Welcome, admin'));
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
      '/admin/deposits',
      '/admin/audit-log',
      '/admin/reconciliation',
      '/admin/news',
    ]);

    const cards = await screen.findByRole('region', { name: 'Summary' });
    const figures = {
      'Total Contributors': '4',
      Contributions: '2',
      Memberships: '1',
      'Event Registrations': '1',
      'Total Amount': '$1,234.50',
    };
    expect(valuesAfter(cards, Object.keys(figures))).toEqual(figures);
    // Each figure is described, in visible text and to a screen reader, by what it counts.
    const described = (label: string) => {
      const figure = within(cards).getByText(label).nextElementSibling;
      const id = figure?.getAttribute('aria-describedby') ?? '';
      return id ? document.getElementById(id)?.textContent : undefined;
    };
    expect(described('Total Contributors')).toBe(
      'People, one per e-mail address, behind the contributions, memberships and registrations counted here.',
    );
    expect(described('Contributions')).toContain('declined and unpaid attempts are not counted');
    expect(described('Memberships')).toContain('Active memberships');
    expect(described('Total Amount')).toBe('Money received by card, less refunds and voids.');
    // Asked once, without a filter: the cards do not follow the table's search.
    expect(calls.filter((call) => call.url.startsWith('/api/admin/contributors/summary')).map((c) => c.url)).toEqual([
      '/api/admin/contributors/summary',
    ]);
    // The dashboard no longer reads the whole list.
    expect(calls.some((call) => call.url === '/api/admin/contributors')).toBe(false);
  });

  it("asks the server for the first page, newest first, and lists its rows in the server's order", async () => {
    const { pageCalls } = renderDashboard();
    await screen.findByRole('table');
    expect(pageCalls()).toEqual([{ sort: 'date', direction: 'desc', limit: '50' }]);
    expect(rowNames()).toEqual(['Abigail Smith', 'Jane Doe', 'John Adams', 'Benjamin Franklin']);
    expect(results()).toBe('Showing 4 of 4 matching contributors.');
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
        'Pending',
        'pt_janepay001',
        'One-time contribution',
        'Mar 1, 2025',
      ]),
    );
    expect(within(janeRow).getByText('Pending').getAttribute('data-tone')).toBe('warning');
    const ben = screen.getByRole('rowheader', { name: 'Benjamin Franklin' }).closest('tr');
    expect(ben && within(ben).getByText('Completed').getAttribute('data-tone')).toBe('success');
  });

  it('sends the search after a pause in typing, once, and shows the empty text when nothing matches', async () => {
    const { user, pageCalls } = renderDashboard();
    await screen.findByRole('table');
    await user.type(search(), '  jane doe');
    await waitFor(() => expect(rowNames()).toEqual(['Jane Doe']));
    // One request for the whole term, trimmed: not one per keystroke.
    expect(pageCalls().slice(1)).toEqual([{ q: 'jane doe', sort: 'date', direction: 'desc', limit: '50' }]);
    expect(results()).toBe('Showing 1 of 1 matching contributor.');

    await user.clear(search());
    await user.type(search(), 'nobody at all');
    await waitFor(() => expect(rowNames()).toEqual([]));
    expect(document.body.textContent).toContain('No contributors found matching your search criteria.');
    expect(search()).toHaveProperty('maxLength', 200);
  });

  it('has an advanced search by transaction id and exact amount, and Clear All resets every filter at once', async () => {
    const { user, pageCalls } = renderDashboard();
    await screen.findByRole('table');
    const toggle = screen.getByRole('button', { name: 'Advanced Search' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');

    await user.type(screen.getByRole('textbox', { name: 'Transaction ID' }), 'BEN555');
    await user.type(screen.getByRole('spinbutton', { name: 'Exact amount ($)' }), '45');
    await waitFor(() =>
      expect(pageCalls().at(-1)).toEqual({
        transactionId: 'BEN555',
        amount: '45.00',
        sort: 'date',
        direction: 'desc',
        limit: '50',
      }),
    );

    // Back to no filter at once: the first page of that is still at hand, so no new call is made;
    // the export asks for the filter in force.
    await user.click(screen.getByRole('button', { name: 'Clear All' }));
    const downloads: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.getAttribute('href') ?? '');
    });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(downloads[0]).toMatch(/^\/api\/admin\/contributors\/export\?sort=date&direction=desc(&timeZone=[^&]+)?$/);
    expect(search()).toHaveProperty('value', '');
    expect(screen.getByRole('spinbutton', { name: 'Exact amount ($)' })).toHaveProperty('value', '');
    expect(screen.getByRole('textbox', { name: 'Transaction ID' })).toHaveProperty('value', '');
    expect(screen.getByRole('combobox', { name: 'Filter by type' })).toHaveProperty('value', 'all');
  });

  it.each([
    ['Filter by type', ['All Types', 'Contributions', 'Memberships', 'Event Registrations', 'Membership Interest']],
    [
      'Filter by status',
      ['All statuses', 'Refunded', 'Partly refunded', 'Voided', 'Disputed', 'Declined', 'Cancelled'],
    ],
  ])('offers the options of "%s"', async (name, options) => {
    renderDashboard();
    await screen.findByRole('table');
    expect(optionTexts(screen.getByRole('combobox', { name }))).toEqual(options);
  });

  it('filters by type at once', async () => {
    const { user, pageCalls } = renderDashboard();
    await screen.findByRole('table');
    const filter = screen.getByRole('combobox', { name: 'Filter by type' });
    await user.selectOptions(filter, 'Contributions');
    await waitFor(() => expect(rowNames()).toEqual(['Jane Doe', 'Benjamin Franklin']));
    expect(pageCalls().at(-1)).toEqual({ type: 'Contribution', sort: 'date', direction: 'desc', limit: '50' });
    await user.selectOptions(filter, 'Memberships');
    await waitFor(() => expect(rowNames()).toEqual(['John Adams']));
    await user.selectOptions(filter, 'All Types');
    await waitFor(() => expect(rowNames()).toHaveLength(4));
  });

  it('lists membership interest under its own type: $0, new, nothing to confirm and no payment to open', async () => {
    const martha: ContributorRow = {
      ...jane,
      id: 'a0000000-0000-4000-8000-000000000005',
      firstName: 'Martha',
      lastName: 'Washington',
      email: 'martha@example.org',
      type: 'Membership Interest',
      amount: 0,
      status: 'new',
      paymentMethod: 'none',
      payTheoryPaymentId: null,
      details: 'I would like to help with events.',
    };
    const interestPages: ApiReply = (call) => {
      const { type } = paramsOf(call);
      return Response.json(page(type === 'Membership Interest' ? [martha] : [jane]));
    };
    const { user, pageCalls } = renderDashboard({ 'GET /api/admin/contributors/page': [interestPages] });
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by type' }), 'Membership Interest');
    await waitFor(() => expect(rowNames()).toEqual(['Martha Washington']));
    expect(pageCalls().at(-1)).toEqual({ type: 'Membership Interest', sort: 'date', direction: 'desc', limit: '50' });
    const row = within(table()).getByRole('row', { name: /Martha Washington/ });
    const cells = within(row)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual(
      expect.arrayContaining(['Membership Interest', '$0.00', 'New', 'I would like to help with events.']),
    );
    expect(within(row).queryByRole('button', { name: /Confirm/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: /Payment details/ })).toBeNull();
  });

  it('filters by status at once: Disputed asks the server for the disputed records, with the type filter kept', async () => {
    const { user, pageCalls } = renderDashboard();
    await screen.findByRole('table');
    const filter = screen.getByRole('combobox', { name: 'Filter by status' });
    await user.selectOptions(filter, 'Disputed');
    await waitFor(() => expect(rowNames()).toEqual(['Benjamin Franklin']));
    expect(pageCalls().at(-1)).toEqual({ status: 'disputed', sort: 'date', direction: 'desc', limit: '50' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by type' }), 'Memberships');
    await waitFor(() => expect(rowNames()).toEqual([]));
    expect(pageCalls().at(-1)).toMatchObject({ type: 'Membership', status: 'disputed' });
    await user.selectOptions(filter, 'All statuses');
    await waitFor(() => expect(rowNames()).toEqual(['John Adams']));
  });

  it('sorts by date (newest first) by default; name starts ascending, amount descending; clicks toggle', async () => {
    const { user, pageCalls } = renderDashboard();
    await screen.findByRole('table');
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    const lastOrder = () => {
      const { sort, direction } = pageCalls().at(-1) ?? {};
      return `${sort ?? ''} ${direction ?? ''}`;
    };
    expect(header('Date').getAttribute('aria-sort')).toBe('descending');
    expect(header('Name').getAttribute('aria-sort')).toBe('none');

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Date').getAttribute('aria-sort')).toBe('none');
    await waitFor(() => expect(lastOrder()).toBe('name asc'));
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(lastOrder()).toBe('name desc'));

    await user.click(screen.getByRole('button', { name: 'Amount' }));
    expect(header('Amount').getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(lastOrder()).toBe('amount desc'));
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(lastOrder()).toBe('amount asc'));

    // Date newest first is the first page already loaded: shown again without a call.
    await user.click(screen.getByRole('button', { name: 'Date' }));
    expect(header('Date').getAttribute('aria-sort')).toBe('descending');
    await waitFor(() => expect(rowNames()).toEqual(['Abigail Smith', 'Jane Doe', 'John Adams', 'Benjamin Franklin']));
    await user.click(screen.getByRole('button', { name: 'Date' }));
    expect(header('Date').getAttribute('aria-sort')).toBe('ascending');
    await waitFor(() => expect(lastOrder()).toBe('date asc'));
  });

  it('pages by cursor with "Show more", keeping the focus on it, then on the first new row after the last page', async () => {
    const { user, pageCalls } = renderDashboard({ 'GET /api/admin/contributors/page': [threePages] });
    await screen.findByRole('table');
    expect(rowNames()).toHaveLength(50);
    expect(results()).toBe('Showing 50 of 120 matching contributors.');

    const more = screen.getByRole('button', { name: 'Show 50 more' });
    more.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(rowNames()).toHaveLength(100));
    expect(pageCalls().at(-1)).toEqual({ sort: 'date', direction: 'desc', limit: '50', cursor: 'second' });
    expect(results()).toBe('Showing 100 of 120 matching contributors.');
    const last = screen.getByRole('button', { name: 'Show 20 more' });
    expect(document.activeElement).toBe(last);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(rowNames()).toHaveLength(120));
    expect(screen.queryByRole('button', { name: /^Show \d+ more$/ })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'Select Contributor 100' })),
    );
  }, 30_000);

  it('selects all matching rows without loading them, and e-mails their addresses from the server, saying when capped', async () => {
    const addresses = Array.from({ length: 100 }, (_, i) => `contributor.number${String(i)}@example.org`);
    const { user, calls } = renderDashboard({
      'GET /api/admin/contributors/page': [threePages],
      'GET /api/admin/contributors/recipients': [
        ok({ success: true, recipients: addresses, capped: true } satisfies ContributorRecipients),
      ],
    });
    await screen.findByRole('table');
    const selectAll = screen.getByRole('checkbox', { name: 'Select all matching contributors' });
    await user.click(selectAll);
    expect(selectAll).toHaveProperty('checked', true);
    expect(results()).toBe('Showing 50 of 120 matching contributors. All 120 matching rows selected.');
    // Only 50 rows are loaded, every one of them ticked.
    expect(within(table()).getAllByRole('checkbox', { checked: true })).toHaveLength(51);
    expect(calls.filter((call) => call.url.startsWith('/api/admin/contributors/page'))).toHaveLength(1);

    const trigger = await screen.findByRole('button', { name: 'Email Selected (100)' });
    expect(calls.find((call) => call.url.startsWith('/api/admin/contributors/recipients'))?.url).toBe(
      '/api/admin/contributors/recipients',
    );
    await user.click(trigger);
    const dialog = await screen.findByRole('dialog', { name: 'Email Selected Contributors' });
    expect(dialog.textContent).toContain(
      'Only the 100 most recent addresses of the 120 matching rows are included. To reach everyone, narrow the search, or export the CSV for a mailing service.',
    );
    const links = within(dialog).getAllByRole('link', { name: /^Open batch/ });
    expect(links.length).toBeGreaterThan(1);
    expect(links[0]?.textContent).toBe(`Open batch 1 of ${String(links.length)}`);
    for (const link of links) {
      const href = link.getAttribute('href') ?? '';
      expect(href.startsWith('mailto:info@patriotpillars.org?bcc=')).toBe(true);
      expect(href.length).toBeLessThanOrEqual(1800);
    }
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    // Unticking one row keeps the other loaded ones; Clear selection clears and focuses the box.
    await user.click(screen.getByRole('checkbox', { name: 'Select Contributor 3' }));
    expect(results()).toBe('Showing 50 of 120 matching contributors. 49 selected.');
    expect(selectAll).toHaveProperty('indeterminate', true);
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
    expect(document.activeElement).toBe(selectAll);
  }, 30_000);

  it('asks for the recipients of the filter, and a change of filter clears the selection', async () => {
    const { user, calls } = renderDashboard({
      'GET /api/admin/contributors/recipients': [
        ok({ success: true, recipients: ['jane@example.org', 'ben@example.org'], capped: false }),
      ],
    });
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by type' }), 'Contributions');
    await waitFor(() => expect(rowNames()).toHaveLength(2));
    await user.click(screen.getByRole('checkbox', { name: 'Select all matching contributors' }));
    expect(await screen.findByRole('button', { name: 'Email Selected (2)' })).toHaveProperty('disabled', false);
    expect(calls.filter((call) => call.url.startsWith('/api/admin/contributors/recipients')).at(-1)?.url).toBe(
      '/api/admin/contributors/recipients?type=Contribution',
    );

    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by type' }), 'All Types');
    await waitFor(() => expect(rowNames()).toHaveLength(4));
    expect(screen.queryAllByRole('checkbox', { checked: true })).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Email Selected' })).toHaveProperty('disabled', true);
  });

  it("e-mails the ticked rows in Bcc to the organisation mailbox with the '{orgName} Communication' subject", async () => {
    const { user } = renderDashboard();
    await screen.findByRole('table');
    expect(screen.getByRole('button', { name: 'Email Selected' })).toHaveProperty('disabled', true);
    await user.click(screen.getByRole('checkbox', { name: 'Select Jane Doe' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Benjamin Franklin' }));
    expect(results()).toBe('Showing 4 of 4 matching contributors. 2 selected.');
    const trigger = screen.getByRole('button', { name: 'Email Selected (2)' });
    await user.click(trigger);

    const dialog = await screen.findByRole('dialog', { name: 'Email Selected Contributors' });
    expect(dialog.textContent).toContain('Recipients: 2');
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

  it("exports by downloading the server's file for the filter and order, in the admin's time zone", async () => {
    const downloads: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.getAttribute('href') ?? '', download: this.getAttribute('download') ?? 'none' });
    });
    const { user, calls } = renderDashboard();
    await screen.findByRole('table');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Filter by type' }), 'Contributions');
    await user.click(screen.getByRole('button', { name: 'Amount' }));
    await waitFor(() => expect(rowNames()).toHaveLength(2));
    const pagesRead = calls.length;
    const exportButton = screen.getByRole('button', { name: 'Export CSV' });
    await user.click(exportButton);
    expect(downloads).toHaveLength(1);
    // A download named by the server, of its stream: no rows are fetched by the page for it.
    expect(downloads[0]?.download).toBe('');
    const href = new URL(downloads[0]?.href ?? '', 'http://localhost');
    expect(href.pathname).toBe('/api/admin/contributors/export');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      type: 'Contribution',
      sort: 'amount',
      direction: 'desc',
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(calls).toHaveLength(pagesRead);

    // With rows ticked, the admin is told the file still holds every matching row.
    await user.click(screen.getByRole('checkbox', { name: 'Select Jane Doe' }));
    const note = screen.getByText('Export CSV includes all 2 matching rows, not only the selected ones.');
    expect(exportButton.getAttribute('aria-describedby')).toBe(note.id);
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
    // The admin lists are invalidated and refetched: the page and the cards.
    await waitFor(() =>
      expect(calls.filter((call) => call.url.startsWith('/api/admin/contributors/page')).length).toBeGreaterThanOrEqual(
        3,
      ),
    );
    expect(
      calls.filter((call) => call.url.startsWith('/api/admin/contributors/summary')).length,
    ).toBeGreaterThanOrEqual(2);
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
      'GET /api/admin/contributors/page': [ok({ error: 'Authentication required', code: 'UNAUTHORIZED' }, 401)],
    });
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
  });

  it('shows the load error with its message, what to do, and the raw answer behind a disclosure', async () => {
    renderDashboard({
      'GET /api/admin/contributors/page': [ok({ error: 'Database unavailable', code: 'INTERNAL' }, 500)],
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading contributors: 500: Database unavailable');
    expect(alert.textContent).toContain("We couldn't load the contributors. Check your connection and try again.");
    expect(screen.getByText('Technical details').closest('details')?.textContent).toContain(
      '{"error":"Database unavailable","code":"INTERNAL"}',
    );
  });

  it('shows the same error when the cards fail, and loads again from "Try again"', async () => {
    const { user } = renderDashboard({
      'GET /api/admin/contributors/summary': [
        ok({ error: 'Database unavailable', code: 'INTERNAL' }, 500),
        ok(summary),
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading contributors: 500: Database unavailable');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect((await screen.findByRole('table')).querySelector('caption')?.textContent).toBe(
      'Contributors, donations, memberships and event registrations',
    );
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the contributors could not be fetched when no answer comes back', async () => {
    renderDashboard({
      'GET /api/admin/contributors/page': [
        () => {
          throw new TypeError('Failed to fetch');
        },
      ],
    });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Error loading contributors: Failed to fetch contributors');
  });

  it("says 'Failed to load contributors data' when the answer has the wrong shape", async () => {
    renderDashboard({ 'GET /api/admin/contributors/page': [ok({ success: false })] });
    // A wrong-shaped answer is no connection problem: no hint to check it.
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load contributors data');
  });

  it('logs out', async () => {
    const { user, calls, location } = renderDashboard({ 'POST /api/auth/logout': [ok({ success: true })] });
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
    expect(calls.some((call) => call.method === 'POST' && call.url === '/api/auth/logout')).toBe(true);
  });
});
