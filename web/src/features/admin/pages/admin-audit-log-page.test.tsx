import type { AuditLogEntry } from '@pillars/contracts/admin';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, pending, stubFetch } from '@/test/stub-fetch';
import { AdminAuditLogPage } from './admin-audit-log-page';

const entry = (id: number, extra: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  id,
  actorUserId: '0b6f4f0e-8a52-4c39-9c1b-2f1e0d9c8b7a',
  actorLabel: 'admin',
  action: 'contribution.confirmed',
  entityType: 'donation',
  entityId: `1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0${id}`,
  before: { status: 'pending' },
  after: { status: 'confirmed' },
  createdAt: `2026-01-1${id}T10:00:00.000Z`,
  ...extra,
});

const first = '/api/admin/audit-log?limit=50';

function renderPage(routes: Parameters<typeof stubFetch>[0]) {
  const fetchMock = stubFetch(routes);
  return {
    ...renderWithProviders(<AdminAuditLogPage />, { path: '/admin/audit-log' }),
    fetchMock,
    user: userEvent.setup(),
  };
}

describe('AdminAuditLogPage', () => {
  it('announces the load, lists the entries with who, what and when, and loads more by cursor', async () => {
    const { user } = renderPage({
      [first]: json({
        success: true,
        data: [entry(3), entry(2, { actorUserId: null, actorLabel: 'worker', action: 'payment.duplicate-reversed' })],
        nextCursor: '2026-01-12T10:00:00.000Z_2',
      }),
      '/api/admin/audit-log?before=2026-01-12T10%3A00%3A00.000Z_2&limit=50': json({
        success: true,
        data: [entry(1)],
        nextCursor: null,
      }),
    });
    expect(screen.getByRole('status').textContent).toBe('Loading the audit log...');
    const table = await screen.findByRole('table', { name: 'Audit log entries' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]?.textContent).toContain('contribution.confirmed');
    expect(rows[0]?.textContent).toContain('{"status":"confirmed"}');
    expect(rows[1]?.textContent).toContain('worker (no account)');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByText('All 3 entries shown.'));
  });

  it('sends the labelled filters and says when nothing matches', async () => {
    const { user, fetchMock } = renderPage({
      [first]: json({ success: true, data: [entry(1)], nextCursor: null }),
      '/api/admin/audit-log?actor=admin&action=user.created&from=2026-01-01&to=2026-01-31&limit=50': json({
        success: true,
        data: [],
        nextCursor: null,
      }),
    });
    await screen.findByRole('table');
    const form = screen.getByRole('form', { name: 'Filter the audit log' });
    await user.type(within(form).getByLabelText('Who (username or user id)'), 'admin');
    await user.type(within(form).getByLabelText('What (words in the action or record, e.g. refund)'), 'user.created');
    await user.type(within(form).getByLabelText('From (date)'), '2026-01-01');
    await user.type(within(form).getByLabelText('To (date, inclusive)'), '2026-01-31');
    await user.click(within(form).getByRole('button', { name: 'Apply filters' }));
    await waitFor(() =>
      expect(document.body.textContent).toContain(
        'No audit entries match these filters. Widen the dates or clear the filters.',
      ),
    );
    expect(fetchMock).toHaveBeenCalledTimes(2);

    await user.click(within(form).getByRole('button', { name: 'Clear filters' }));
    expect((await screen.findByRole('table', { name: 'Audit log entries' })).textContent).toContain(
      'contribution.confirmed',
    );
    expect(within(form).getByLabelText<HTMLInputElement>('Who (username or user id)').value).toBe('');
  });

  it('says the log is empty, or why it failed, in words a person can act on', async () => {
    renderPage({ [first]: json({ success: true, data: [], nextCursor: null }) });
    await waitFor(() => expect(document.body.textContent).toContain('Nothing has been recorded in the audit log yet.'));
  });

  it('shows a load error with what to do next', async () => {
    renderPage({ [first]: json({ error: 'Invalid query', code: 'VALIDATION_ERROR' }, 400) });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The audit log could not be loaded');
    expect(alert.textContent).toContain('Check the filters, then reload the page or try again in a moment.');
  });

  it('keeps announcing while the first page is on its way', () => {
    renderPage({ [first]: pending });
    expect(screen.getByRole('status').textContent).toBe('Loading the audit log...');
  });

  it('redirects to /login on a 401', async () => {
    const { location } = renderPage({
      [first]: json({ error: 'Authentication required', code: 'UNAUTHORIZED' }, 401),
    });
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
  });
});
