import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ProviderRequestError, TransientProviderError } from '../provider';
import { PayTheoryGraphQLError, createGraphQLClient, redactDigits } from './graphql-client';

const SECRET = 'sk-very-secret';
const CARD = '4111111111111111';

function client(respond: (init: RequestInit) => Response | Promise<Response>, timeoutMs = 1000) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchStub = (async (url: string | URL | Request, init?: RequestInit) => {
    calls.push({ url: url instanceof Request ? url.url : url.toString(), init: init ?? {} });
    return respond(init ?? {});
  }) as typeof fetch;
  const request = createGraphQLClient({
    graphqlUrl: 'http://provider.test/graphql',
    merchantUid: 'merchant-1',
    secretKey: SECRET,
    timeoutMs,
    post: fetchStub,
  });
  const send = () =>
    request('createPaymentMethod', 'mutation { x }', { card_number: CARD }, z.object({ ok: z.boolean() }));
  return { calls, send, request };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof Error)) throw new Error('expected a rejection');
  expect(error.message).not.toContain(SECRET);
  expect(error.message).not.toContain(CARD);
  return error;
}

describe('Pay Theory GraphQL client', () => {
  it('POSTs JSON with the documented `MERCHANT_UID;SECRET_KEY` Authorization header', async () => {
    const { calls, send } = client(() => json(200, { data: { ok: true } }));
    await expect(send()).resolves.toEqual({ ok: true });
    const headers = calls[0]?.init.headers as Record<string, string>;
    expect(calls[0]?.init.method).toBe('POST');
    expect(headers.authorization).toBe(`merchant-1;${SECRET}`);
    expect(JSON.parse(calls[0]?.init.body as string)).toEqual({
      query: 'mutation { x }',
      variables: { card_number: CARD },
    });
  });

  it("names the document's own operation, which GraphQL requires operationName to match", async () => {
    const { calls, request } = client(() => json(200, { data: { ok: true } }));
    await request('createPaymentMethod', '\nmutation CreatePaymentMethod { x }', {}, z.unknown());
    expect(JSON.parse(calls[0]?.init.body as string)).toMatchObject({ operationName: 'CreatePaymentMethod' });
  });

  it('maps a timeout to TransientProviderError', async () => {
    const { send } = client(
      (init) =>
        new Promise((_, reject) => init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error))),
      20,
    );
    const error = await failure(send());
    expect(error).toBeInstanceOf(TransientProviderError);
    expect(error.message).toContain('20 ms');
  });

  it('maps a network error, 5xx, 408 and 429 to TransientProviderError', async () => {
    for (const respond of [
      () => Promise.reject(new TypeError('fetch failed')),
      () => json(503, { errors: [{ message: 'down' }] }),
      () => json(500, {}),
      () => json(429, {}),
      () => json(408, {}),
    ]) {
      expect(await failure(client(respond).send())).toBeInstanceOf(TransientProviderError);
    }
  });

  it('maps 401 and 403, and a 400 whose codes are all documented refusals, to ProviderRequestError', async () => {
    for (const [status, code] of [
      [401, 'UNAUTHORIZED'],
      [403, 'X'],
      [400, 'GRAPHQL_PARSE_FAILED'],
    ] as const) {
      const error = await failure(
        client(() => json(status, { errors: [{ message: 'no', extensions: { code } }] })).send(),
      );
      expect(error).toBeInstanceOf(ProviderRequestError);
      expect(error).not.toBeInstanceOf(TransientProviderError);
      expect(error.message).toContain(`HTTP ${status}`);
    }
  });

  it('maps any other HTTP error (a 400 without a documented code, a 404 page, a 502) to unclear', async () => {
    for (const respond of [
      () => json(400, { errors: [{ message: 'no', extensions: { code: 'X' } }] }),
      () => new Response('<html>not found</html>', { status: 404 }),
      () => json(502, { message: 'Bad Gateway' }),
    ]) {
      const error = await failure(client(respond).send());
      expect(error).toBeInstanceOf(TransientProviderError);
      expect(error.message).toMatch(/HTTP (400|404|502)/);
    }
  });

  it('maps documented refusals to ProviderRequestError with their codes, masking echoed card numbers', async () => {
    const { send } = client(() =>
      json(200, { data: null, errors: [{ message: `bad card ${CARD}`, extensions: { code: 'NOT_VALID' } }] }),
    );
    const error = await failure(send());
    expect(error).toBeInstanceOf(PayTheoryGraphQLError);
    expect((error as PayTheoryGraphQLError).codes).toEqual(['NOT_VALID']);
    expect(error.message).toContain('[redacted]');
  });

  it('treats AppSync error types and any code not documented as a refusal as unclear', async () => {
    for (const errors of [
      [{ message: 'Execution timed out.', errorType: 'ExecutionTimeout' }],
      [{ message: 'Error', errorType: 'Lambda:Unhandled' }],
      [{ message: 'Rate exceeded', errorType: 'Lambda:TooManyRequestsException' }],
      [{ message: 'x', extensions: { code: 'SERVICE_UNAVAILABLE' } }],
      [{ message: 'x', extensions: { code: 'SOMETHING_NEW' } }],
      [{ message: 'x' }],
      // One unknown error beside a refusal: the unknown one may have come after the work.
      [
        { message: 'x', extensions: { code: 'BAD_USER_INPUT' } },
        { message: 'y', errorType: 'Lambda:Unhandled' },
      ],
    ]) {
      const error = await failure(client(() => json(200, { data: null, errors })).send());
      expect(error).toBeInstanceOf(TransientProviderError);
      expect(error).not.toBeInstanceOf(ProviderRequestError);
    }
    const appsync = await failure(
      client(() => json(200, { errors: [{ message: 'x', errorType: 'Lambda:Unhandled' }] })).send(),
    );
    expect(appsync.message).toContain('Lambda:Unhandled: x');
  });

  it('treats an unreadable 2xx, malformed JSON and a schema mismatch as unclear', async () => {
    expect(await failure(client(() => new Response('<html>', { status: 200 })).send())).toBeInstanceOf(
      TransientProviderError,
    );
    expect(await failure(client(() => new Response('{"data": {"ok": tr', { status: 200 })).send())).toBeInstanceOf(
      TransientProviderError,
    );
    const mismatch = await failure(client(() => json(200, { data: { ok: 'yes' } })).send());
    expect(mismatch).toBeInstanceOf(TransientProviderError);
    expect(mismatch.message).toContain('schema');
  });

  it('redacts long digit runs only', () => {
    expect(redactDigits('card 4111 1111 1111 1111 for 2500 cents')).toBe('card [redacted] for 2500 cents');
  });
});
