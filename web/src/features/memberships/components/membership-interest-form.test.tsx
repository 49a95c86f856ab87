import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { json, pending, stubFetch } from '@/test/stub-fetch';
import { findToast } from '@/test/toasts';
import { MembershipInterestForm } from './membership-interest-form';
import { PAYER_FIELD_ERRORS, expectShortPhoneRefused, fillPayer, submitForErrors } from '@/test/payer-form';

function renderForm() {
  const user = userEvent.setup();
  return { ...renderWithProviders(<MembershipInterestForm />), user };
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name });
const submitButton = () => screen.getByRole('button', { name: /^(Submit Application|Submitting)/ });

async function fill(user: UserEvent) {
  await fillPayer(user, {
    firstName: 'Martha',
    lastName: 'Washington',
    email: 'martha@example.org',
    phone: '555-010-1776',
  });
  await user.type(field('Message (optional)'), 'I would like to volunteer.');
}

/** The request the form sent: body and headers. */
function sent(fetchMock: ReturnType<typeof stubFetch>, index = 0) {
  // The stub types only the URL; fetch is called with (url, init).
  const call: unknown[] = fetchMock.mock.calls[index] ?? [];
  const init = call[1] as RequestInit | undefined;
  const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
  return { method: init?.method, body, key: new Headers(init?.headers).get('Idempotency-Key') };
}

describe('MembershipInterestForm', () => {
  it('is a named form with a link to join with payment', () => {
    renderForm();
    const form = screen.getByRole('form', { name: 'Membership interest form' });
    expect(within(form).getByRole('button', { name: 'Submit Application' }).getAttribute('type')).toBe('submit');
    expect(screen.getByRole('link', { name: /Become a member now/ }).getAttribute('href')).toBe('/membership');
  });

  it('shows the validation messages, checks the optional phone when given and sends nothing', async () => {
    const fetchMock = stubFetch({});
    const { user } = renderForm();
    expect(await submitForErrors(user, submitButton)).toEqual(PAYER_FIELD_ERRORS.slice(0, 3));
    expect(field(/^First name/).getAttribute('aria-invalid')).toBe('true');

    await expectShortPhoneRefused(user, submitButton);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('names the field that is too long or holds a control character, and sends nothing', async () => {
    const fetchMock = stubFetch({});
    const { user } = renderForm();
    await fill(user);
    await user.clear(field(/^First name/));
    // Pasted, as nobody types 101 characters into a name.
    await user.click(field(/^First name/));
    await user.paste('M'.repeat(101));
    await user.clear(field('Message (optional)'));
    await user.click(field('Message (optional)'));
    await user.paste('Line one\nline two\u0007');
    await user.click(submitButton());

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([
      'First name must be at most 100 characters.',
      'Message must not contain control characters.',
    ]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the application with an Idempotency-Key, toasts success and resets the form', async () => {
    const fetchMock = stubFetch({
      '/api/memberships': json({ success: true, data: { id: '3f0c9a52-6d1e-4b8a-9c2f-1e5d7a4b8c90' } }, 201),
    });
    const { user } = renderForm();
    await fill(user);
    await user.click(submitButton());

    expect(await findToast('Membership Application Submitted')).toContain(
      "Thank you for your interest! We'll review your application and contact you soon.",
    );
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/memberships');
    const request = sent(fetchMock);
    expect(request.method).toBe('POST');
    expect(request.body).toEqual({
      firstName: 'Martha',
      lastName: 'Washington',
      email: 'martha@example.org',
      phone: '555-010-1776',
      message: 'I would like to volunteer.',
      paymentMethod: 'card',
    });
    expect(request.key).toMatch(/^[0-9a-f]{32}$/);
    await waitFor(() => expect(field(/^First name/)).toHaveProperty('value', ''));
    expect(field('Message (optional)')).toHaveProperty('value', '');
  });

  it('reads "Submitting..." while the request runs', async () => {
    stubFetch({ '/api/memberships': pending });
    const { user } = renderForm();
    await fill(user);
    await user.click(submitButton());
    await waitFor(() => expect(submitButton().textContent).toBe('Submitting...'));
  });

  it('on failure toasts "Submission Failed", keeps the values and retries with the same key', async () => {
    const fetchMock = stubFetch({ '/api/memberships': json({ error: 'Unavailable', code: 'INTERNAL' }, 503) });
    const { user } = renderForm();
    await fill(user);
    await user.click(submitButton());

    expect(await findToast('Submission Failed')).toContain(
      'There was an error submitting your application. Please try again.',
    );
    expect(field(/^First name/)).toHaveProperty('value', 'Martha');
    expect(field('Message (optional)')).toHaveProperty('value', 'I would like to volunteer.');
    await waitFor(() => expect(submitButton().textContent).toBe('Submit Application'));

    // The same application again is the same request: the server must not record it twice.
    await user.click(submitButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(sent(fetchMock, 1).key).toBe(sent(fetchMock, 0).key);

    // A changed application is a new request with a new key.
    await user.type(field(/^Last name/), '-Custis');
    await user.click(submitButton());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(sent(fetchMock, 2).key).not.toBe(sent(fetchMock, 0).key);
  });
});
