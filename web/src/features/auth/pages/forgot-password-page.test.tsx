import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, pending, stubFetch } from '@/test/stub-fetch';
import { findToast } from '@/test/toasts';
import { sentRequest } from '@/test/sent-request';
import { ForgotPasswordPage } from './forgot-password-page';

function renderPage() {
  const user = userEvent.setup();
  return { ...renderWithProviders(<ForgotPasswordPage />, { path: '/forgot-password' }), user };
}

const email = () => screen.getByRole('textbox', { name: /^Email/ });
const submitButton = () => screen.getByRole('button', { name: /^(Send Reset Link|Sending\.\.\.)$/ });

describe('ForgotPasswordPage', () => {
  it('has one heading, an email input with autocomplete and a link back to login', () => {
    renderPage();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Forgot Password');
    expect(email().getAttribute('autocomplete')).toBe('email');
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');
  });

  it('asks for a valid email and sends nothing', async () => {
    const fetchMock = stubFetch({});
    const { user } = renderPage();
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');

    await user.type(email(), 'not-an-email');
    await user.click(submitButton());
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');
    expect(email().getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('reads "Sending..." while the request runs', async () => {
    stubFetch({ '/api/auth/forgot-password': pending });
    const { user } = renderPage();
    await user.type(email(), 'admin@example.org');
    await user.click(submitButton());
    await waitFor(() => expect(submitButton().textContent).toBe('Sending...'));
  });

  it('on success toasts "Request Submitted" and shows "Check Your Email"', async () => {
    const fetchMock = stubFetch({
      '/api/auth/forgot-password': json({ success: true, message: 'If the email exists, a reset link has been sent.' }),
    });
    const { user } = renderPage();
    await user.type(email(), 'admin@example.org');
    await user.click(submitButton());

    expect(await findToast('Request Submitted')).toContain('If the email exists, a reset link has been sent.');
    const heading = screen.getByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Check Your Email');
    expect(document.activeElement).toBe(heading);
    expect(screen.getAllByText('If the email exists, a reset link has been sent.').length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Back to Login' }).getAttribute('href')).toBe('/login');

    expect(sentRequest(fetchMock, '/api/auth/forgot-password')).toEqual({
      method: 'POST',
      body: { email: 'admin@example.org' },
      credentials: 'include',
    });
  });

  it('toasts "Error" with the server message, or "Request failed" without one', async () => {
    let reply = () =>
      Response.json({ error: 'Too many requests. Please try again later.', code: 'RATE_LIMITED' }, { status: 429 });
    stubFetch({ '/api/auth/forgot-password': () => reply() });
    const { user } = renderPage();
    await user.type(email(), 'admin@example.org');
    await user.click(submitButton());
    expect(await findToast('Error')).toContain('Too many requests. Please try again later.');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Forgot Password');

    reply = () => new Response('', { status: 500, statusText: 'Internal Server Error' });
    await waitFor(() => expect(submitButton().textContent).toBe('Send Reset Link'));
    await user.click(submitButton());
    await waitFor(async () => expect(await findToast('Error')).toContain('Request failed'));
  });
});
