import type { ManageOverview } from '@pillars/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render-with-providers';
import { sentRequest } from '@/test/sent-request';
import { json, pending, stubFetch } from '@/test/stub-fetch';
import { ManagePage } from './manage-page';
import { isEnabled, paragraphs, tableCells } from '@/test/screen-text';

const noSession = json({ error: 'Your session has ended. Ask for a new link below.', code: 'UNAUTHORIZED' }, 401);

const giftPlanId = '7b0a4c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b';

function overview(planState: 'active' | 'cancellation-requested' = 'active'): ManageOverview {
  return {
    email: 'ann@example.org',
    contributions: [
      {
        id: '1b0a4c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b',
        amountCents: 5000,
        isRecurring: true,
        status: 'active',
        createdAt: '2026-02-01T15:00:00.000Z',
        plan: {
          paymentId: giftPlanId,
          state: planState,
          nextChargeDate: planState === 'active' ? '2026-12-24' : null,
          cancellable: planState === 'active',
        },
      },
      {
        id: '2b0a4c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b',
        amountCents: 1776,
        isRecurring: false,
        // $7.76 of it was refunded (the receipts below): the ledger's state.
        status: 'partly_refunded',
        refundedCents: 776,
        createdAt: '2026-01-10T15:00:00.000Z',
        plan: null,
      },
    ],
    memberships: [],
    registrations: [
      {
        id: '3b0a4c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b',
        eventTitle: 'Liberty Gala',
        eventStartDate: '2026-07-04T22:00:00.000Z',
        status: 'confirmed',
        amountCents: 4500,
        createdAt: '2026-03-01T15:00:00.000Z',
      },
    ],
    receipts: [
      {
        id: '4b0a4c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b',
        receiptNumber: '2026-4B0A4C1E2F',
        date: '2026-03-02T15:00:00.000Z',
        amountCents: -776,
        kind: 'donation',
        refund: true,
      },
      {
        id: '5b0a4c1e-2f3d-4e5f-8a9b-0c1d2e3f4a5b',
        receiptNumber: '2026-5B0A4C1E2F',
        date: '2026-01-10T15:00:00.000Z',
        amountCents: 1776,
        kind: 'donation',
        refund: false,
      },
    ],
    statementYears: [2026],
  };
}

function renderPage(path = '/manage') {
  const user = userEvent.setup();
  return { ...renderWithProviders(<ManagePage />, { path }), user };
}

describe('ManagePage without a session', () => {
  it('asks for an e-mail address and confirms the same way whatever the address', async () => {
    const fetchMock = stubFetch({
      '/api/manage': noSession,
      '/api/manage/link': json(
        {
          success: true,
          message: 'If we have contributions, memberships or registrations for this address, we have sent it a link.',
        },
        202,
      ),
    });
    const { user } = renderPage();
    expect((await screen.findByRole('heading', { level: 1 })).textContent).toBe('Manage your giving');
    const email = screen.getByRole('textbox', { name: /^Email/ });
    expect(email.getAttribute('autocomplete')).toBe('email');

    await user.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter a valid email address');

    await user.type(email, 'ann@example.org');
    await user.click(screen.getByRole('button', { name: 'Email me a link' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Check your email' });
    expect(document.activeElement).toBe(heading);
    expect(paragraphs().join(' ')).toMatch(/we have sent it a link/);
    expect(sentRequest(fetchMock, '/api/manage/link')).toEqual({
      method: 'POST',
      body: { email: 'ann@example.org' },
      credentials: 'include',
    });
  });

  it('shows the server message of a refused request (too many) in an alert', async () => {
    stubFetch({
      '/api/manage': noSession,
      '/api/manage/link': json(
        { error: 'Too many link requests. Please try again in 60 minutes.', code: 'RATE_LIMITED' },
        429,
      ),
    });
    const { user } = renderPage();
    await user.type(await screen.findByRole('textbox', { name: /^Email/ }), 'ann@example.org');
    await user.click(screen.getByRole('button', { name: 'Email me a link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many link requests. Please try again in 60 minutes.',
    );
  });
});

describe('ManagePage with a link', () => {
  it('spends the token once, drops it from the address, and shows the dashboard', async () => {
    const fetchMock = stubFetch({
      '/api/manage/session': json({ email: 'ann@example.org', expiresAt: '2026-06-01T13:00:00.000Z' }),
      '/api/manage': json(overview()),
    });
    const { location } = renderPage('/manage?token=secret-token');
    expect(screen.getByRole('status').textContent).toBe('Opening your giving page…');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Your giving' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(location.history).toEqual(['/manage']);
    expect(sentRequest(fetchMock, '/api/manage/session')).toEqual({
      method: 'POST',
      body: { token: 'secret-token' },
      credentials: 'include',
    });
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/manage/session')).toHaveLength(1);

    expect(paragraphs()).toContain('Showing everything given or registered with ann@example.org.');
    const contributions = screen.getByRole('table', { name: 'Contributions' });
    const monthly = tableCells(contributions).find((row) => row.includes('Monthly gift'));
    expect(monthly).toEqual(expect.arrayContaining(['$50.00', 'December 24, 2026']));
    expect(within(contributions).queryAllByRole('button', { name: 'Cancel monthly gift' })).toHaveLength(1);
    const oneTime = within(contributions).getByText('One-time gift').closest('tr');
    const oneTimeCells = oneTime
      ? within(oneTime)
          .getAllByRole('cell')
          .map((cell) => cell.textContent)
      : [];
    expect(oneTimeCells).toEqual(expect.arrayContaining(['$17.76$7.76 refunded', 'Partly refunded']));
    expect(paragraphs()).toContain('No memberships with this address.');
    expect(tableCells(screen.getByRole('table', { name: 'Event registrations' })).flat()).toContain('Liberty Gala');
    const receipts = tableCells(screen.getByRole('table', { name: 'Receipts' }));
    expect(receipts.find((row) => row.includes('−$7.76'))).toContain('Refund: One-time gift');
    expect(receipts.flat()).toContain('2026-5B0A4C1E2F');
    expect(screen.getByRole('link', { name: 'Giving statement for 2026' }).getAttribute('href')).toBe(
      '/manage/statement/2026',
    );
  });

  it('explains a spent or expired link above the request form', async () => {
    stubFetch({
      '/api/manage/session': json(
        { error: 'This link has expired or was already used. Ask for a new one below.', code: 'INVALID_DATA' },
        400,
      ),
      '/api/manage': noSession,
    });
    renderPage('/manage?token=spent');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This link has expired or was already used. Ask for a new one below.',
    );
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Manage your giving');
    expect(isEnabled(screen.getByRole('button', { name: 'Email me a link' }))).toBe(true);
  });

  it('keeps saying it is opening while the token is being spent', async () => {
    stubFetch({ '/api/manage/session': pending });
    renderPage('/manage?token=slow');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Opening your giving page…'));
  });
});

describe('Signing out', () => {
  it('ends the session and puts the visitor on the form, its heading focused', async () => {
    const fetchMock = stubFetch({
      '/api/manage': json(overview()),
      '/api/manage/sign-out': json({ success: true, message: 'Signed out' }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    const heading = await screen.findByRole('heading', { level: 1, name: 'Manage your giving' });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(sentRequest(fetchMock, '/api/manage/sign-out').method).toBe('POST');
    expect(isEnabled(screen.getByRole('button', { name: 'Email me a link' }))).toBe(true);
  });
});

describe('Cancelling a monthly gift', () => {
  it('confirms in a dialog, then shows "Cancellation requested" and moves focus to it', async () => {
    let current = overview();
    const fetchMock = stubFetch({
      '/api/manage': () => Response.json(current),
      [`/api/manage/plans/${giftPlanId}/cancel`]: () => {
        current = overview('cancellation-requested');
        return Response.json({ paymentId: giftPlanId, outcome: 'requested', message: 'Cancellation requested' });
      },
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel monthly gift' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel your monthly gift?' });
    expect(dialog.textContent).toContain('Your monthly gift of $50.00 stops: no further charges are made.');

    // "Keep it" sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => typeof url === 'string' && url.endsWith('/cancel'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Cancel monthly gift' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel' }));
    const note = await screen.findByText('Cancellation requested. We will email you when it is confirmed.');
    await waitFor(() => expect(document.activeElement).toBe(note));
    expect(sentRequest(fetchMock, `/api/manage/plans/${giftPlanId}/cancel`).method).toBe('POST');
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel monthly gift' })).toBeNull());
    const contributions = screen.getByRole('table', { name: 'Contributions' });
    expect(within(contributions).getAllByText(/^Cancellation requested$/)).toHaveLength(1);
  });

  it('keeps the dialog open with the message when the cancellation fails', async () => {
    stubFetch({
      '/api/manage': json(overview()),
      [`/api/manage/plans/${giftPlanId}/cancel`]: () => new Response('', { status: 500 }),
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Cancel monthly gift' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Yes, cancel' }));
    expect((await within(screen.getByRole('alertdialog')).findByRole('alert')).textContent).toBe(
      'We could not cancel it. Please try again.',
    );
  });
});
