import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, pending, stubFetch } from '@/test/stub-fetch';
import { AdminGuard } from './admin-guard';

function renderGuard() {
  return renderWithProviders(
    <AdminGuard>
      <p>Admin content</p>
    </AdminGuard>,
    { path: '/admin' },
  );
}

describe('AdminGuard', () => {
  it('says "Checking authentication..." while the session is checked', () => {
    stubFetch({ '/api/auth/me': pending });
    const { location } = renderGuard();
    expect(screen.getByRole('status').textContent).toBe('Checking authentication...');
    expect(screen.queryByText('Admin content')).toBeNull();
    expect(location.history).toEqual(['/admin']);
  });

  it('sends a signed-out visitor (401) to /login', async () => {
    stubFetch({ '/api/auth/me': json({ error: 'Authentication required', code: 'UNAUTHORIZED' }, 401) });
    const { location } = renderGuard();
    await waitFor(() => expect(location.history).toEqual(['/login']));
    expect(screen.queryByText('Admin content')).toBeNull();
  });

  it('renders the page for a signed-in admin', async () => {
    stubFetch({ '/api/auth/me': json({ username: 'admin' }) });
    const { container, location } = renderGuard();
    await waitFor(() => expect(container.textContent).toBe('Admin content'));
    expect(location.history).toEqual(['/admin']);
  });

  it('on another failure shows nothing of the admin page and retries on request', async () => {
    let reply = () => new Response('', { status: 503, statusText: 'Service Unavailable' });
    const fetchMock = stubFetch({ '/api/auth/me': () => reply() });
    const { container, location } = renderGuard();
    expect((await screen.findByRole('alert')).textContent).toBe('We could not check your sign-in. Please try again.');
    expect(screen.queryByText('Admin content')).toBeNull();
    expect(location.history).toEqual(['/admin']);

    reply = () => Response.json({ username: 'admin' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(container.textContent).toBe('Admin content'));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
