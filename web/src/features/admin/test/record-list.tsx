import type { RecordListName } from '@pillars/contracts/admin';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '@/test/render-with-providers';
import { stubFetch } from '@/test/stub-fetch';
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
