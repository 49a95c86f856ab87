import type { RecordListName } from '@pillars/contracts/admin';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, stubFetch } from '@/test/stub-fetch';
import { RecordListPage } from '../pages/record-list-page';

/** What the stubbed API answers, by request path. */
export type RecordListRoutes = Parameters<typeof stubFetch>[0];

/**
 * Renders one record list page (`name`) at `path` with the API answering `routes`, and returns the
 * render, a user to act with and the fetch stub (to read the requests sent).
 */
export function renderRecordList(name: RecordListName, path: string, routes: RecordListRoutes) {
  const fetchMock = stubFetch(routes);
  return {
    ...renderWithProviders(<RecordListPage name={name} />, { path }),
    user: userEvent.setup(),
    fetchMock,
  };
}

/** One page of a record list as the API sends it. */
export const recordPage = <T,>(data: T[], nextCursor: string | null = null, total = data.length) =>
  json({ success: true, data, nextCursor, total });

/**
 * The two ways a record list's first load fails: a server error is announced with its message and a
 * 'Try again' button; a 401 goes to /login.
 */
export function itHandlesLoadFailures(
  renderPage: (reply: RecordListRoutes[string]) => ReturnType<typeof renderRecordList>,
  errorPrefix: string,
) {
  it('announces a load error', async () => {
    renderPage(json({ error: 'Boom', code: 'INTERNAL' }, 500));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(`${errorPrefix}: 500: Boom`);
    expect(screen.getByRole('button', { name: 'Try again' })).toHaveProperty('disabled', false);
  });

  it('redirects to /login on a 401', async () => {
    const { location } = renderPage(json({ error: 'Authentication required', code: 'UNAUTHORIZED' }, 401));
    await waitFor(() => expect(location.history.at(-1)).toBe('/login'));
  });
}
