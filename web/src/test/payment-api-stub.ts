import type { PaymentStatus } from '@pillars/contracts';
import { vi } from 'vitest';
import { type PayTheoryGlobal, createProviderSdk } from '@/features/payments/lib/provider-sdk';

export type ApiCall = { method: string; url: string; headers: Record<string, string>; body: unknown };
export type ApiReply = (call: ApiCall) => Response;

/**
 * The HTTP boundary of the payment engine: answers by "METHOD path" (query string ignored) from
 * a queue of replies, the last reply repeating, and records every call.
 */
export function stubApi(routes: Record<string, ApiReply[]>): ApiCall[] {
  const calls: ApiCall[] = [];
  const answer = (input: RequestInfo | URL, init?: RequestInit): Response => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const call: ApiCall = {
      method: init?.method ?? 'GET',
      url,
      headers: { ...(init?.headers as Record<string, string> | undefined) },
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    calls.push(call);
    const queue = routes[`${call.method} ${url.split('?')[0]}`];
    const reply = queue && (queue.length > 1 ? queue.shift() : queue[0]);
    return reply ? reply(call) : Response.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
  };
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => Promise.resolve(answer(input, init)));
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

/** GET /api/payments/{id} answering with the given state. */
export function paymentStatusReply(
  payment: Pick<PaymentStatus, 'id' | 'kind'>,
  state: PaymentStatus['state'],
  extra: Partial<PaymentStatus> = {},
): ApiReply {
  return () =>
    Response.json({
      ...payment,
      state,
      nextPaymentDate: null,
      failureMessage: null,
      declined: false,
      ...extra,
    } satisfies PaymentStatus);
}

/** A provider global whose tokenize and transact answer as given; tokenize succeeds by default. */
export function fakeSdk(answers: { tokenize?: () => Promise<unknown>; transact?: () => Promise<unknown> }) {
  const global = {
    payTheoryFields: vi.fn(),
    readyObserver: vi.fn(),
    errorObserver: vi.fn(),
    stateObserver: vi.fn(),
    validObserver: vi.fn(),
    tokenizePaymentMethod: vi.fn(
      answers.tokenize ??
        (() =>
          Promise.resolve({
            type: 'TOKENIZED',
            body: {
              payment_method_id: 'pm_123',
              last_four: '1111',
              brand: 'VISA',
              expiration: '1230',
              payment_type: 'card',
            },
          })),
    ),
    transact: vi.fn(answers.transact ?? (() => Promise.resolve({ type: 'ERROR', error: 'transact not expected' }))),
  } satisfies PayTheoryGlobal;
  return { global, sdk: createProviderSdk(global) };
}

/** The SDK's answer to a successful browser charge. */
export const chargedInBrowser = (receipt = 'rcpt_42', amount = 2500) =>
  Promise.resolve({
    type: 'SUCCESS',
    body: { receipt_number: receipt, amount, state: 'SUCCEEDED', payment_method_id: 'pm_777' },
  });
