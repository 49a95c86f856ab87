import { authResponseMessages } from '@pillars/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, pending, stubFetch } from '@/test/stub-fetch';
import { findToast } from '@/test/toasts';
import { INVALID_RESET_LINK_REDIRECT_MS, RESET_SUCCESS_REDIRECT_MS } from '../auth-texts';
import { sentRequest } from '@/test/sent-request';
import { ResetPasswordPage } from './reset-password-page';
import { expectH1, isEnabled, paragraphs } from '@/test/screen-text';

const RESET = '/api/auth/reset-password';

function renderPage(path = '/reset-password?token=tok-123') {
  const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
  return { ...renderWithProviders(<ResetPasswordPage />, { path }), user };
}

const newPassword = () => screen.getByLabelText(/^New Password/);
const confirmPassword = () => screen.getByLabelText(/^Confirm New Password/);
const submitButton = () => screen.getByRole('button', { name: /^(Reset Password|Resetting\.\.\.)$/ });
const heading = () => screen.getByRole('heading', { level: 1 });

async function fill(user: UserEvent, password = 'liberty-bell-1776', confirmation = password) {
  await user.type(newPassword(), password);
  await user.type(confirmPassword(), confirmation);
}

/** Moves the fake clock inside act, so timers' state updates render. */
function advance(ms: number) {
  act(() => {
    vi.advanceTimersByTime(ms);
  });
}

/** The page stays until `early` ms before `delay`, and goes to the login page once `delay` has passed. */
function expectLoginAfter(location: { history: string[] }, delay: number, early: number) {
  advance(delay - early);
  expect(location.history).toEqual(['/reset-password']);
  advance(early);
  expect(location.history).toEqual(['/login']);
}

describe('ResetPasswordPage', () => {
  it("redirects after the spec's delays: 2 s for an invalid link, 3 s after a reset", () => {
    expect(INVALID_RESET_LINK_REDIRECT_MS).toBe(2000);
    expect(RESET_SUCCESS_REDIRECT_MS).toBe(3000);
  });

  it('without a token says the link is invalid and goes to /login after 2000 ms, not before', () => {
    // A clock that moves only when told, so "not before" is exact.
    vi.useFakeTimers();
    const { location } = renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });

    expect(heading().textContent).toBe('Invalid Reset Link');
    expect(paragraphs()).toContain('This reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
    expect(screen.queryByLabelText(/^New Password/)).toBeNull();

    expectLoginAfter(location, INVALID_RESET_LINK_REDIRECT_MS, 1);
  });

  it('takes the token out of the address bar and keeps the form', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { location } = renderPage();
    await waitFor(() => expect(location.history).toEqual(['/reset-password']));
    expect(heading().textContent).toBe('Reset Your Password');
    expect(newPassword().getAttribute('autocomplete')).toBe('new-password');
    expect(confirmPassword().getAttribute('autocomplete')).toBe('new-password');
    advance(INVALID_RESET_LINK_REDIRECT_MS * 2);
    expect(location.history).toEqual(['/reset-password']);
  });

  it('shows the validation messages for a short password and a mismatch, and sends nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubFetch({});
    const { user } = renderPage();

    await fill(user, '12345');
    await user.click(submitButton());
    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'Password must be at least 6 characters',
      'Password must be at least 6 characters',
    ]);

    await user.clear(newPassword());
    await user.clear(confirmPassword());
    await fill(user, 'liberty-bell-1776', 'liberty-bell-1777');
    await user.click(submitButton());
    await waitFor(() =>
      expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(["Passwords don't match"]),
    );
    expect(confirmPassword().getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows and hides each password separately', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user } = renderPage();
    await user.click(screen.getByRole('button', { name: 'Show new password' }));
    expect(newPassword().getAttribute('type')).toBe('text');
    expect(confirmPassword().getAttribute('type')).toBe('password');
    expect(screen.getByRole('button', { name: 'Hide new password' }).getAttribute('aria-pressed')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Show password confirmation' }));
    expect(confirmPassword().getAttribute('type')).toBe('text');
  });

  it('reads "Resetting..." while the request runs', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({ [RESET]: pending });
    const { user } = renderPage();
    await fill(user);
    await user.click(submitButton());
    await waitFor(() => expect(submitButton().textContent).toBe('Resetting...'));
  });

  it('on success sends the token, shows "Password Reset Complete!" and goes to /login after 3000 ms', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubFetch({ [RESET]: json({ success: true, message: authResponseMessages.passwordReset }) });
    const { user, location } = renderPage();
    await fill(user);
    await user.click(submitButton());

    await expectH1('Password Reset Complete!');
    expect(document.activeElement).toBe(heading());
    expect(isEnabled(screen.getByRole('button', { name: 'Go to Login Now' }))).toBe(true);
    expect(sentRequest(fetchMock, RESET)).toEqual({
      method: 'POST',
      body: { token: 'tok-123', newPassword: 'liberty-bell-1776' },
      credentials: 'include',
    });

    // This clock also follows real time, so "not before" leaves a margin for the test's own run.
    expectLoginAfter(location, RESET_SUCCESS_REDIRECT_MS, 500);
  });

  it('"Go to Login Now" goes at once, and leaving the page cancels the timed redirect', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({ [RESET]: json({ success: true }) });
    const { user, location, unmount } = renderPage();
    await fill(user);
    await user.click(submitButton());
    await user.click(await screen.findByRole('button', { name: 'Go to Login Now' }));
    expect(location.history).toEqual(['/login']);

    unmount();
    location.navigate('/about');
    advance(RESET_SUCCESS_REDIRECT_MS * 2);
    expect(location.history).toEqual(['/login', '/about']);
  });

  it('toasts "Reset Failed" with the server message and offers a new link when it is invalid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    stubFetch({ [RESET]: json({ error: authResponseMessages.invalidResetLink, code: 'BAD_REQUEST' }, 400) });
    const { user, location } = renderPage();
    await fill(user);
    await user.click(submitButton());

    expect(await findToast('Reset Failed')).toContain('This reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new reset link' }).getAttribute('href')).toBe(
      '/forgot-password',
    );
    expect(heading().textContent).toBe('Reset Your Password');
    expect(location.history).toEqual(['/reset-password']);
  });

  it('toasts the refusal of a common password, and "Reset failed" when the server says nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let reply = () =>
      Response.json(
        {
          error: 'Invalid input',
          code: 'INVALID_DATA',
          issues: [{ path: ['newPassword'], message: authResponseMessages.commonPassword }],
        },
        { status: 400 },
      );
    stubFetch({ [RESET]: () => reply() });
    const { user } = renderPage();
    await fill(user, 'password');
    await user.click(submitButton());
    expect(await findToast('Reset Failed')).toContain(authResponseMessages.commonPassword);
    expect(screen.queryByRole('link', { name: 'Request a new reset link' })).toBeNull();

    reply = () => new Response('', { status: 503, statusText: 'Service Unavailable' });
    await waitFor(() => expect(submitButton().textContent).toBe('Reset Password'));
    await user.click(submitButton());
    await waitFor(async () => expect(await findToast('Reset Failed')).toContain('Reset failed'));
  });
});
