import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayTheoryGlobal } from '@/features/payments/lib/provider-sdk';
import { hostedFieldTexts } from '@/features/payments/payments-texts';
import { renderWithProviders } from '@/test/render-with-providers';
import { HomeContributionForm } from './home-contribution-form';

const PAYMENT_ID = '5b1f0c3e-8a2d-4c6b-9e7f-1a2b3c4d5e6f';
const DONATION_ID = '7c2e1d4f-9b3a-4d5c-8e6f-2b3c4d5e6f70';
const REASON = 'The account has insufficient funds for this payment. Please use another card.';

/**
 * A provider whose fields mount and report ready, and whose card tokenizes once per mount: as
 * Pay Theory's fields do, they answer ACTION_COMPLETE until they are mounted again.
 */
function installProvider(): PayTheoryGlobal {
  let ready: (value: boolean) => void = () => {};
  let spent = false;
  const provider: PayTheoryGlobal = {
    payTheoryFields: vi.fn(() => {
      spent = false;
      for (const id of ['number', 'exp', 'cvv', 'zip']) {
        const frame = document.createElement('iframe');
        frame.srcdoc = '<p>field</p>';
        document.getElementById(`pay-theory-credit-card-${id}`)?.append(frame);
      }
      ready(true);
      return Promise.resolve({ type: 'READY', body: true });
    }),
    readyObserver: (callback) => {
      ready = callback;
      return () => {};
    },
    errorObserver: () => () => {},
    stateObserver: () => () => {},
    validObserver: () => () => {},
    tokenizePaymentMethod: vi.fn(() => {
      if (spent) return Promise.resolve({ type: 'ERROR', error: 'ACTION_COMPLETE: these fields have been used' });
      spent = true;
      return Promise.resolve({ type: 'TOKENIZED', body: { payment_method_id: 'pm_9' } });
    }),
    transact: vi.fn(),
  };
  window.paytheory = provider;
  return provider;
}

/** The payments API; `outcomes` are the charges' results in turn (the last one repeats). */
function stubPaymentsApi(outcomes: Array<'succeeded' | 'failed'> = ['succeeded']) {
  let submissions = 0;
  const answer = (url: string): Response => {
    if (url === '/api/donations') {
      submissions += 1;
      return Response.json(
        { success: true, data: { id: DONATION_ID }, paymentId: PAYMENT_ID, status: 'queued' },
        { status: 202 },
      );
    }
    const state = outcomes[Math.min(submissions, outcomes.length) - 1] ?? 'succeeded';
    return Response.json({
      id: PAYMENT_ID,
      kind: 'recurring_donation',
      state,
      nextPaymentDate: state === 'succeeded' ? '2026-02-01' : null,
      failureMessage: state === 'failed' ? REASON : null,
      declined: state === 'failed',
    });
  };
  const fetchMock = vi.fn((input: RequestInfo | URL, _init?: RequestInit) =>
    Promise.resolve(answer(typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url)),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  delete window.paytheory;
});

/** Renders the form, fills it in for $25.00 and submits it once. */
async function submitOnce(provider: PayTheoryGlobal) {
  const user = userEvent.setup();
  const { location } = renderWithProviders(<HomeContributionForm />, {
    config: { payments: { sdkUrl: 'https://sdk.test/paytheory.js', apiKey: 'pk_test', testMode: true } },
  });
  await waitFor(() => expect(provider.payTheoryFields).toHaveBeenCalledTimes(1));
  await user.click(screen.getByRole('radio', { name: '$25' }));
  await user.type(screen.getByRole('textbox', { name: 'First name' }), 'John');
  await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Adams');
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'john@example.org');
  await user.type(screen.getByRole('textbox', { name: 'Phone' }), '5550101776');
  const submit = screen.getByRole('button', { name: 'Contribute $25.00' });
  await user.click(submit);
  return { user, location, submit };
}

describe('HomeContributionForm', () => {
  it('keeps a decline beside the card fields until the visitor edits the form', async () => {
    const provider = installProvider();
    stubPaymentsApi(['failed']);
    const { user } = await submitOnce(provider);
    const group = screen.getByRole('group', { name: 'Card details' });
    const declined = await within(group).findByRole('alert', undefined, { timeout: 5000 });
    expect(declined.textContent).toBe(`${hostedFieldTexts.declinedTitle}${REASON}`);
    await waitFor(() => expect(provider.payTheoryFields).toHaveBeenCalledTimes(2));
    expect(within(group).getByRole('alert').textContent).toContain(REASON);

    // Another amount is a change: the decline was about the attempt before it.
    await user.click(screen.getByRole('radio', { name: '$50' }));
    expect(within(group).queryByRole('alert')).toBeNull();
    expect(group.getAttribute('aria-describedby') ?? '').not.toContain('hosted-card-fields-declined');
  });

  it('says nothing of a decline when the payment failed for another reason', async () => {
    const provider = installProvider();
    const fetchMock = stubPaymentsApi(['failed']);
    fetchMock.mockImplementation((input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
      if (url === '/api/donations') {
        return Promise.resolve(
          Response.json(
            { success: true, data: { id: DONATION_ID }, paymentId: PAYMENT_ID, status: 'queued' },
            { status: 202 },
          ),
        );
      }
      return Promise.resolve(
        Response.json({
          id: PAYMENT_ID,
          kind: 'donation',
          state: 'failed',
          nextPaymentDate: null,
          failureMessage: 'We could not reach the payment processor. No charge was made; please try again.',
          declined: false,
        }),
      );
    });
    await submitOnce(provider);
    await screen.findAllByText(/could not reach the payment processor/, undefined, { timeout: 5000 });
    expect(within(screen.getByRole('group', { name: 'Card details' })).queryByRole('alert')).toBeNull();
  });

  it('mounts the hosted fields and charges a monthly contribution through to /success', async () => {
    const provider = installProvider();
    const fetchMock = stubPaymentsApi();
    const user = userEvent.setup();
    const { location } = renderWithProviders(<HomeContributionForm />, {
      config: { payments: { sdkUrl: 'https://sdk.test/paytheory.js', apiKey: 'pk_test', testMode: true } },
    });

    await waitFor(() =>
      expect(provider.payTheoryFields).toHaveBeenCalledWith(expect.objectContaining({ apiKey: 'pk_test' })),
    );
    await user.click(screen.getByRole('radio', { name: '$100' }));
    await user.click(screen.getByRole('switch', { name: /monthly/ }));
    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'John');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Adams');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'john@example.org');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), '5550101776');
    await user.click(screen.getByRole('button', { name: 'Contribute $100.00 monthly' }));

    await waitFor(() => expect(location.history.at(-1)).toBe('/success?type=contribution&amount=100.00'));
    // The monthly plan's next charge date rides in the history state, not the URL.
    // So does the payment's reference, made from our payment id (no provider id reaches the page).
    expect(location.state).toEqual({
      monthlyPlan: { kind: 'recurring_donation', nextPaymentDate: '2026-02-01' },
      reference: 'PAY-5B1F0C3E8A',
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/donations');
    expect(JSON.parse(init?.body as string)).toMatchObject({
      amount: '100.00',
      amountCents: '10000',
      isRecurring: true,
    });
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });

  it('after a decline clears and mounts the card fields again, says so, and pays on the same page', async () => {
    const provider = installProvider();
    stubPaymentsApi(['failed', 'succeeded']);
    const { user, location, submit } = await submitOnce(provider);

    // A slow machine may take over findBy's default second to poll the payment.
    const group = screen.getByRole('group', { name: 'Card details' });
    const declined = await within(group).findByRole('alert', undefined, { timeout: 5000 });
    // Beside the card fields, not only in the toast: that it was declined, and the provider's reason.
    expect(declined.textContent).toBe(`${hostedFieldTexts.declinedTitle}${REASON}`);
    expect(group.getAttribute('aria-describedby')).toContain(declined.id);
    await waitFor(() => expect(provider.payTheoryFields).toHaveBeenCalledTimes(2));
    // Announced politely: a status region that was in the page before its text changed.
    expect(screen.getByText(hostedFieldTexts.cleared).getAttribute('role')).toBe('status');
    expect(screen.getByRole('group', { name: 'Card details' }).getAttribute('aria-describedby')).toContain(
      'hosted-card-fields-note',
    );
    expect(document.querySelectorAll('#pay-theory-credit-card-number iframe')).toHaveLength(1);
    expect(document.activeElement).toBe(submit);
    // It stays while the visitor changes nothing.
    expect(within(group).getByRole('alert').textContent).toContain(REASON);

    await user.click(submit);
    // Paying again is a change: the old decline goes.
    await waitFor(() => expect(within(group).queryByRole('alert')).toBeNull());
    await waitFor(() => expect(location.history.at(-1)).toBe('/success?type=contribution&amount=25.00'));
    expect(provider.tokenizePaymentMethod).toHaveBeenCalledTimes(2);
    await expect(
      (provider.tokenizePaymentMethod as ReturnType<typeof vi.fn>).mock.results[1]?.value,
    ).resolves.toMatchObject({ type: 'TOKENIZED' });
  });
});
