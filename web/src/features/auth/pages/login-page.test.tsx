import { authResponseMessages } from '@pillars/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { currentUserQueryKey } from '@/lib/auth';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, pending, stubFetch } from '@/test/stub-fetch';
import { findToast } from '@/test/toasts';
import { sentRequest } from '@/test/sent-request';
import { LoginPage } from './login-page';

const signedOut = () => Response.json({ error: 'Authentication required', code: 'UNAUTHORIZED' }, { status: 401 });

function renderPage() {
  const user = userEvent.setup();
  return { ...renderWithProviders(<LoginPage />, { path: '/login' }), user };
}

const username = () => screen.getByLabelText(/^Username/);
const password = () => screen.getByLabelText(/^Password/);
const submitButton = () => screen.getByRole('button', { name: /^(Sign In|Signing In\.\.\.)$/ });

async function fill(user: UserEvent) {
  await user.type(username(), 'admin');
  await user.type(password(), 'correct horse');
}

describe('LoginPage', () => {
  it('has one heading, labelled inputs with autocomplete and a link to forgot password', () => {
    stubFetch({ '/api/auth/me': signedOut });
    renderPage();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(username().getAttribute('autocomplete')).toBe('username');
    expect(password().getAttribute('autocomplete')).toBe('current-password');
    expect(screen.getByRole('link', { name: 'Forgot your password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(document.title).toMatch(/^Admin Login \| /);
  });

  it('shows the validation messages and sends nothing', async () => {
    const fetchMock = stubFetch({ '/api/auth/me': signedOut });
    const { user } = renderPage();
    await user.click(submitButton());

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Username is required', 'Password is required']);
    expect(username().getAttribute('aria-invalid')).toBe('true');
    expect(password().getAttribute('aria-describedby')).toBe('login-password-error');
    expect(fetchMock.mock.calls.some((call) => call[0] === '/api/auth/login')).toBe(false);
  });

  it('shows and hides the password with a toggle whose name and state follow', async () => {
    stubFetch({ '/api/auth/me': signedOut });
    const { user } = renderPage();
    await user.type(password(), 'secret');
    expect(password().getAttribute('type')).toBe('password');

    await user.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password().getAttribute('type')).toBe('text');
    const hide = screen.getByRole('button', { name: 'Hide password' });
    expect(hide.getAttribute('aria-pressed')).toBe('true');

    await user.click(hide);
    expect(password().getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Show password' }).getAttribute('aria-pressed')).toBe('false');
    expect(password()).toHaveProperty('value', 'secret');
  });

  it('reads "Signing In..." while the request runs and ignores a second submit', async () => {
    const fetchMock = stubFetch({ '/api/auth/me': signedOut, '/api/auth/login': pending });
    const { user } = renderPage();
    await fill(user);
    await user.click(submitButton());
    await waitFor(() => expect(submitButton().textContent).toBe('Signing In...'));
    expect(submitButton().getAttribute('aria-disabled')).toBe('true');

    await user.click(submitButton());
    expect(fetchMock.mock.calls.filter((call) => call[0] === '/api/auth/login')).toHaveLength(1);
  });

  it('signs in: toasts "Login Successful", caches the user and goes to /admin', async () => {
    const fetchMock = stubFetch({
      '/api/auth/me': signedOut,
      '/api/auth/login': json({ success: true, user: { username: 'admin' } }),
    });
    const { user, location, queryClient } = renderPage();
    await fill(user);
    await user.click(submitButton());

    expect(await findToast('Login Successful')).toBe('Login Successful');
    expect(sentRequest(fetchMock, '/api/auth/login')).toEqual({
      method: 'POST',
      body: { username: 'admin', password: 'correct horse' },
      credentials: 'include',
    });
    expect(queryClient.getQueryData(currentUserQueryKey)).toEqual({ username: 'admin' });
    await waitFor(() => expect(location.history).toEqual(['/login', '/admin']));
  });

  it('toasts "Login Failed" with the server message', async () => {
    const message = authResponseMessages.tooManyAttempts(15);
    stubFetch({
      '/api/auth/me': signedOut,
      '/api/auth/login': json({ error: message, code: 'RATE_LIMITED' }, 429),
    });
    const { user, location } = renderPage();
    await fill(user);
    await user.click(submitButton());

    expect(await findToast('Login Failed')).toContain(message);
    await waitFor(() => expect(submitButton().textContent).toBe('Sign In'));
    expect(username()).toHaveProperty('value', 'admin');
    expect(location.history).toEqual(['/login']);
  });

  it('falls back to "Invalid username or password" when the server gives no message', async () => {
    stubFetch({
      '/api/auth/me': signedOut,
      '/api/auth/login': () => new Response('Bad gateway', { status: 502 }),
    });
    const { user } = renderPage();
    await fill(user);
    await user.click(submitButton());

    expect(await findToast('Login Failed')).toContain('Invalid username or password');
  });

  it('sends an admin who is already signed in to /admin', async () => {
    stubFetch({ '/api/auth/me': json({ username: 'admin' }) });
    const { location } = renderPage();
    await waitFor(() => expect(location.history).toEqual(['/admin']));
  });
});
