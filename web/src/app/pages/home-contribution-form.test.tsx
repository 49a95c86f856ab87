import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { PayTheoryGlobal } from '@/features/payments/lib/provider-sdk';
import { renderWithProviders } from '@/test/render-with-providers';
import { HomeContributionForm } from './home-contribution-form';

const PAYMENT_ID = '5b1f0c3e-8a2d-4c6b-9e7f-1a2b3c4d5e6f';
const DONATION_ID = '7c2e1d4f-9b3a-4d5c-8e6f-2b3c4d5e6f70';

/** A provider whose fields mount and report ready, and whose card tokenizes. */
function installProvider(): PayTheoryGlobal {
  let ready: (value: boolean) => void = () => {};
  const provider: PayTheoryGlobal = {
    payTheoryFields: vi.fn(() => {
      for (const id of ['number', 'exp', 'cvv', 'zip']) {
        const frame = document.createElement('iframe');
        frame.srcdoc = '<p>field</p>';
        document.getElementById(`pay-theory-credit-card-${id}`)?.append(frame);
      }
      ready(true);
    }),
    readyObserver: (callback) => {
      ready = callback;
      return () => {};
    },
    errorObserver: () => () => {},
    stateObserver: () => () => {},
    validObserver: () => () => {},
    tokenizePaymentMethod: vi.fn(() => Promise.resolve({ type: 'TOKENIZED', body: { payment_method_id: 'pm_9' } })),
    transact: vi.fn(),
    removeEventListeners: vi.fn(),
  };
  window.paytheory = provider;
  return provider;
}

function stubPaymentsApi() {
  const answer = (url: string): Response => {
    if (url === '/api/donations') {
      return Response.json(
        { success: true, data: { id: DONATION_ID }, paymentId: PAYMENT_ID, status: 'queued' },
        { status: 202 },
      );
    }
    return Response.json({
      id: PAYMENT_ID,
      kind: 'recurring_donation',
      recordId: DONATION_ID,
      state: 'succeeded',
      amountCents: 10000,
      transactionId: 'tx_1',
      recurringId: 'rec_1',
      nextPaymentDate: '2026-02-01',
      failureCode: null,
      failureMessage: null,
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

describe('HomeContributionForm', () => {
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
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/donations');
    expect(JSON.parse(init?.body as string)).toMatchObject({
      amount: '100.00',
      amountCents: '10000',
      isRecurring: true,
    });
    expect((init?.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[0-9a-f]{32}$/);
  });
});
