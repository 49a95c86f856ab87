/**
 * Fuzz suite of the public write endpoints (docs/decisions/028): property-based probes derived from
 * the shared zod contracts (./fuzz-bodies.ts) are sent through `app.request()` to the real app over
 * real PostgreSQL and Redis, and every answer must be below 500, and a refused one (4xx) must have
 * written nothing: the tables a public write touches keep their row counts and their newest row
 * versions (xmin) across it. Over a real socket to the API's server, bodies that never arrive whole
 * (cut short and closed, or with chunk framing Node refuses) count no 500 and write nothing, and an
 * oversized body leaves its kept-alive connection's next request an answer.
 *
 * Short run (in `npm test`): FUZZ_RUNS probes per endpoint, 150 by default, about 3,000 requests.
 * Long run:   FUZZ_RUNS=10000 npx vitest run api/src/test/public-writes.fuzz.int.test.ts
 * Other knobs: FUZZ_SEED (replay a failure: the seed fast-check printed), FUZZ_MAX_DEPTH (deepest
 * nesting sent, see DEEPEST_NESTING). The figures of a run (requests, statuses per
 * endpoint, probes per kind) are logged as one 'fuzz run' line at the end.
 */
import { randomUUID } from 'node:crypto';
import { Agent } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApiError,
  CreatePaymentMethodRequest,
  DonationRequest,
  DonationStatusReport,
  EventPaymentPatch,
  EventRegistrationRequest,
  ForgotPasswordRequest,
  LoginRequest,
  ManageLinkRequest,
  ManageSessionRequest,
  MembershipApplication,
  MembershipForm,
  MembershipPaymentRequest,
  ProcessPaymentRequest,
  RegistrationChargeRequest,
  ResetPasswordRequest,
  TransactionReport,
} from '@pillars/contracts';
import { AdminEventInput, AdminNewsInput } from '@pillars/contracts/admin';
import { events } from '@pillars/platform/db';
import { flushOutboxMarks } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { PayTheoryNotification } from '@pillars/money/provider';
import { useTestDatabase } from '@pillars/testing/test-database';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { asAdmin, createTestAdmin, signIn } from './admin-session';
import {
  type FieldProbe,
  type Json,
  OTHER_CHARSETS,
  type Probe,
  type ProbeKind,
  fieldProbesOf,
  holdsForbidden,
  probesOf,
} from './fuzz-bodies';
import { answersCounted, rawExchange, rawPostHead, sendOn, statusOf } from './raw-http';
import { listen } from '../lib/http-server';
import { requestBodyMessages } from '../lib/request-body';
import { testApp, useAppInfra } from './test-app';

const RUNS = Number(process.env.FUZZ_RUNS ?? 150);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
/**
 * How deep probes nest by default: as deep as the issue's probe (100,000 levels). The HTTP edge
 * refuses such a body before any handler reads it (413 for its size, 400 past 32 levels;
 * docs/decisions/027), where it once overflowed the idempotency fingerprint's stack.
 */
const DEEPEST_NESTING = 100_000;
const MAX_DEPTH = Number(process.env.FUZZ_MAX_DEPTH ?? DEEPEST_NESTING);

/**
 * Configuration of the app under fuzz. Limits per address (the rate limiter) answer a burst from
 * one test client 429, which hides what the fuzz looks for: generous limits belong here.
 */
export const FUZZ_APP_ENV: Record<string, string> = {};

/** The tables a public write touches; sessions and login_throttle change on refused sign-ins by design. */
const WRITTEN_TABLES = [
  'donations',
  'memberships',
  'membership_applications',
  'event_registrations',
  'event_places',
  'transactions',
  'payments',
  'refunds',
  'outbox',
  'idempotency_keys',
  'webhook_events',
  'outbound_emails',
  'manage_links',
  'manage_sessions',
  'users',
  'audit_log',
  'events',
  'news_articles',
];
const FINGERPRINT = `select ${WRITTEN_TABLES.map(
  (table) => `(select count(*) || '/' || coalesce(max(xmin::text::bigint), 0) from "${table}") as "${table}"`,
).join(', ')}`;

const WEBHOOK_SECRET = `fuzz-${randomUUID()}`;
const database = await useTestDatabase();
const infra = await useAppInfra(database);
const app = testApp(database, { ...infra, env: { PAYTHEORY_WEBHOOK_URL_SECRET: WEBHOOK_SECRET, ...FUZZ_APP_ENV } });
afterAll(() => flushOutboxMarks(database.db));

async function fingerprint(): Promise<Record<string, string>> {
  await flushOutboxMarks(database.db);
  const { rows } = await database.pool.query<Record<string, string>>(FINGERPRINT);
  return rows[0] ?? {};
}

const post = async (path: string, body: unknown, method = 'POST') => {
  const res = await app.request(path, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { data: { id?: string; registrationId?: string } };
};

// What the seeds need: an admin, a free and a paid event, a registration to pay, a donation to report.
const admin = await createTestAdmin(database.db);
const starts = new Date(Date.now() + 90 * 86_400_000);
const eventRow = (slug: string, paid: boolean) => ({
  slug,
  title: `Fuzz ${slug}`,
  location: 'Town Hall',
  startDate: starts,
  endDate: new Date(starts.getTime() + 3_600_000),
  status: 'published' as const,
  requiresPayment: paid,
  price: paid ? 2_500 : 0,
  pricingTiers: paid
    ? JSON.stringify([{ id: 'general', name: 'General', price: 2_500, description: '', benefits: [] }])
    : null,
});
const [freeEvent, paidEvent] = await database.db
  .insert(events)
  .values([eventRow('fuzz-free', false), eventRow('fuzz-paid', true)])
  .returning({ id: events.id });
if (!freeEvent || !paidEvent) throw new Error('events not stored');

const person = () => ({
  firstName: 'Mercy',
  lastName: 'Warren',
  email: `mercy+${randomUUID().slice(0, 8)}@example.org`,
  phone: '555-010-1776',
});
const registration = await post('/api/events/fuzz-paid/register', {
  ...person(),
  eventId: paidEvent.id,
  selectedTier: 'general',
});
const registrationId = registration.data.registrationId ?? '';
const donationSeed = () => ({ ...person(), amount: '25.00', paymentMethod: 'card', isRecurring: false });
const donationId = (await post('/api/donations', donationSeed())).data.id ?? '';

interface Endpoint {
  method: 'POST' | 'PATCH';
  /** The OpenAPI path it covers. */
  route: string;
  path: string;
  schema: z.ZodType;
  seed: () => Json;
  /** Headers every request of this endpoint carries (an admin's session). */
  headers?: Record<string, string>;
  /** Fields whose characters are their owner's choice (passwords): only broken text is refused there. */
  ownersChoice?: string[];
}

const NO_BODY = z.object({});
const adminHeaders = asAdmin(await signIn(app, admin));
const buyer = () => ({ first_name: 'Mercy', last_name: 'Warren', email: person().email, phone: '555-010-1776' });

const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    route: '/api/auth/login',
    path: '/api/auth/login',
    schema: LoginRequest,
    seed: () => ({ username: admin.username, password: admin.password }),
    ownersChoice: ['password'],
  },
  { method: 'POST', route: '/api/auth/logout', path: '/api/auth/logout', schema: NO_BODY, seed: () => ({}) },
  {
    method: 'POST',
    route: '/api/auth/forgot-password',
    path: '/api/auth/forgot-password',
    schema: ForgotPasswordRequest,
    seed: () => ({ email: admin.email }),
  },
  {
    method: 'POST',
    route: '/api/auth/reset-password',
    path: '/api/auth/reset-password',
    schema: ResetPasswordRequest,
    seed: () => ({ token: 'x'.repeat(43), newPassword: 'a much less common passphrase' }),
    ownersChoice: ['newPassword'],
  },
  {
    method: 'POST',
    route: '/api/events/{slug}/register',
    path: '/api/events/fuzz-free/register',
    schema: EventRegistrationRequest,
    seed: () => ({ ...person(), eventId: freeEvent.id, comments: 'See you there.\nTwo lines.' }),
  },
  {
    method: 'POST',
    route: '/api/events/{slug}/register',
    path: '/api/events/fuzz-paid/register',
    schema: EventRegistrationRequest,
    seed: () => ({ ...person(), eventId: paidEvent.id, selectedTier: 'general' }),
  },
  {
    method: 'POST',
    route: '/api/event-registrations/{id}/payment',
    path: `/api/event-registrations/${registrationId}/payment`,
    schema: RegistrationChargeRequest,
    seed: () => ({ paymentMethodToken: 'pm_fuzz' }),
  },
  {
    method: 'PATCH',
    route: '/api/event-registrations/{id}/payment',
    path: `/api/event-registrations/${registrationId}/payment`,
    schema: EventPaymentPatch,
    seed: () => ({
      payTheoryPaymentId: 'pt_txn_fuzz',
      paymentAmount: 2_500,
      paymentDetails: { status: 'SUCCEEDED', provider: 'paytheory', paymentMethod: 'card' },
    }),
  },
  {
    method: 'POST',
    route: '/api/manage/link',
    path: '/api/manage/link',
    schema: ManageLinkRequest,
    seed: () => ({ email: person().email }),
  },
  {
    method: 'POST',
    route: '/api/manage/session',
    path: '/api/manage/session',
    schema: ManageSessionRequest,
    seed: () => ({ token: 'x'.repeat(43) }),
  },
  {
    method: 'POST',
    route: '/api/manage/plans/{paymentId}/cancel',
    path: `/api/manage/plans/${randomUUID()}/cancel`,
    schema: NO_BODY,
    seed: () => ({}),
  },
  { method: 'POST', route: '/api/manage/sign-out', path: '/api/manage/sign-out', schema: NO_BODY, seed: () => ({}) },
  {
    method: 'POST',
    route: '/api/memberships',
    path: '/api/memberships',
    schema: MembershipApplication,
    seed: () => ({ ...person(), message: 'Glad to join.\r\nThank you.', paymentMethod: 'card' }),
  },
  {
    method: 'POST',
    route: '/api/process-membership-payment',
    path: '/api/process-membership-payment',
    // The membership travels as a free-form record, parsed with MembershipForm: fuzz its fields too.
    schema: MembershipPaymentRequest.extend({ membership: MembershipForm }),
    seed: () => ({
      amount: 2_500,
      buyer: buyer(),
      membership: {
        ...person(),
        paymentMethod: 'card',
        waiverAccepted: true,
        address: '1 Main St',
        city: 'Boston',
        state: 'MA',
        zip: '02108',
      },
      paymentMethod: 'card',
      payment_method_id: 'pm_fuzz',
      tokenized: true,
    }),
  },
  {
    method: 'POST',
    route: '/api/donations',
    path: '/api/donations',
    schema: DonationRequest,
    seed: () => ({ ...donationSeed(), billingZip: '02108', paymentMethodToken: 'pm_fuzz', amountCents: '2500' }),
  },
  {
    method: 'PATCH',
    route: '/api/donations/{id}/status',
    path: `/api/donations/${donationId}/status`,
    schema: DonationStatusReport,
    seed: () => ({ status: 'completed', payTheoryPaymentId: 'pt_txn_fuzz' }),
  },
  {
    method: 'POST',
    route: '/api/process-payment',
    path: '/api/process-payment',
    schema: ProcessPaymentRequest,
    seed: () => ({
      amount: 2_500,
      buyer: buyer(),
      donation: donationSeed(),
      paymentMethod: 'card',
      payment_method_id: 'pm_fuzz',
      tokenized: true,
    }),
  },
  {
    method: 'POST',
    route: '/api/create-payment-method',
    path: '/api/create-payment-method',
    schema: CreatePaymentMethodRequest,
    seed: () => ({ card: { cardNumber: '4242 4242 4242 4242', expiryDate: '12/30', cvv: '123' } }),
  },
  {
    method: 'POST',
    route: '/api/transactions',
    path: '/api/transactions',
    schema: TransactionReport,
    seed: () => ({ donationId, providerTransactionId: 'pt_txn_fuzz' }),
  },
  {
    method: 'POST',
    route: '/api/webhooks/paytheory/{secret}',
    path: `/api/webhooks/paytheory/${WEBHOOK_SECRET}`,
    schema: PayTheoryNotification,
    seed: () => ({
      event: 'PAYMENT',
      subtype: 'CREATED',
      payload: { transaction_id: `pt_txn_${randomUUID()}`, recurring: { recurring_id: 'pt_rec_fuzz' } },
    }),
  },
  // The two editors: the contracts' only addresses a person enters (image addresses), and the
  // longest texts. Admin writes, fuzzed here for those fields' sake.
  {
    method: 'POST',
    route: '/api/admin/events',
    path: '/api/admin/events',
    schema: AdminEventInput,
    headers: adminHeaders,
    seed: () => ({
      title: 'Fuzz meeting',
      location: 'Town Hall',
      description: 'Bring a friend.\nAll welcome.',
      startDate: starts.toISOString(),
      endDate: new Date(starts.getTime() + 3_600_000).toISOString(),
      imageUrl: '/images/hall.svg',
      imageAlt: 'The hall',
      pricingTiers: [{ id: 'general', name: 'General', price: 1_000, description: 'A seat', benefits: ['Coffee'] }],
    }),
  },
  {
    method: 'POST',
    route: '/api/admin/news',
    path: '/api/admin/news',
    schema: AdminNewsInput,
    headers: adminHeaders,
    seed: () => ({
      title: 'Fuzz news',
      excerpt: 'Short.',
      content: 'Long.\n\nTwo paragraphs.',
      imageUrl: 'https://example.org/a.jpg',
      imageAlt: 'A picture',
      status: 'draft',
    }),
  },
];

/** Idempotency-Key headers sent with the probes: none, a fresh valid one, or malformed ones. */
const idempotencyKey = fc.oneof(
  fc.constant(undefined),
  fc.uuid(),
  fc.constantFrom('short', 'has spaces in it', 'k'.repeat(129), 'ünïcödé-key'),
);

const statuses = new Map<string, Map<number, number>>();
const kinds = new Map<ProbeKind, number>();
let requests = 0;

function tally(endpoint: string, status: number, probe: Probe) {
  requests += 1;
  const counts = statuses.get(endpoint) ?? new Map<number, number>();
  counts.set(status, (counts.get(status) ?? 0) + 1);
  statuses.set(endpoint, counts);
  for (const kind of probe.kinds) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
}

afterAll(() => {
  const byEndpoint = Object.fromEntries(
    [...statuses].map(([endpoint, counts]) => [endpoint, Object.fromEntries([...counts].sort(([a], [b]) => a - b))]),
  );
  createLogger({ level: 'info', name: 'fuzz' }).info(
    { requests, runsPerEndpoint: RUNS, statuses: byEndpoint, probes: Object.fromEntries(kinds) },
    'fuzz run',
  );
});

const declaresOtherCharset = (probe: Probe) =>
  OTHER_CHARSETS.some((charset) => probe.contentType?.endsWith(`charset=${charset}`));
/** The provider's notifications answer any unreadable body 404 and read their own bytes (docs/decisions/028). */
const isWebhook = (endpoint: Endpoint) => endpoint.route.startsWith('/api/webhooks/');
/** Endpoints that read a JSON body (the others take none and ignore what is sent). */
const readsBody = (endpoint: Endpoint) => !isWebhook(endpoint) && endpoint.schema !== NO_BODY;

/** The body as the app reads it, with U+FFFD for bytes that are not UTF-8. */
const lossy = (body: string | Uint8Array) =>
  JSON.parse(new TextDecoder().decode(typeof body === 'string' ? new TextEncoder().encode(body) : body)) as unknown;
const samePath = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((part, index) => part === b[index]);

const bytesMessage = (probe: FieldProbe) => requestBodyMessages.invalidUtf8At(probe.field.path);

describe('text fields under every shape of broken or invisible text', () => {
  it.each(
    ENDPOINTS.filter((endpoint) => !isWebhook(endpoint)).map(
      (endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const,
    ),
  )(
    '%s: refused with 400 naming the field, nothing written',
    async (_name, endpoint) => {
      const probes = fieldProbesOf(endpoint.schema, endpoint.seed, endpoint.ownersChoice);
      for (const probe of probes) {
        const where = `${probe.what} in ${probe.field.path.join('.')}`;
        const before = await fingerprint();
        const res = await app.request(endpoint.path, {
          method: endpoint.method,
          headers: { ...endpoint.headers, 'content-type': 'application/json' },
          body: probe.body,
        });
        const answer = ApiError.parse(await res.json());
        expect(res.status, `${where}: ${JSON.stringify(answer)}`).toBe(400);
        // The message is the contract's for that field, as the form shows it, never a generic one.
        const contract = endpoint.schema.safeParse(lossy(probe.body)).error?.issues ?? [];
        const expected = contract.find((issue) => samePath(issue.path, probe.field.path))?.message;
        const answered = answer.issues?.find((issue) => samePath(issue.path, probe.field.path))?.message;
        // Bytes that are not UTF-8 where the route's own contract takes any character (a password,
        // a free-form record parsed later): refused all the same, saying where.
        const anyCharacter = typeof probe.body !== 'string' && answered === bytesMessage(probe);
        if (!anyCharacter) {
          expect(expected, where).toMatch(/^(?!Invalid)\S/);
          expect(answered, where).toBe(expected);
        }
        expect(await fingerprint(), `${where} wrote`).toEqual(before);
      }
    },
    600_000,
  );

  it.each(OTHER_CHARSETS)('refuses JSON declared as charset=%s with 415 on every endpoint', async (charset) => {
    for (const endpoint of ENDPOINTS.filter(readsBody)) {
      const before = await fingerprint();
      const res = await app.request(endpoint.path, {
        method: endpoint.method,
        headers: { ...endpoint.headers, 'content-type': `application/json; charset=${charset}` },
        body: JSON.stringify(endpoint.seed()),
      });
      expect(res.status, endpoint.path).toBe(415);
      expect(await fingerprint(), `${endpoint.path} wrote`).toEqual(before);
    }
  });
});

describe('public write endpoints under fuzz', () => {
  it('covers every public write the OpenAPI document lists', async () => {
    const document = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const documented = Object.entries(document.paths).flatMap(([path, operations]) =>
      Object.keys(operations)
        .filter((method) => ['post', 'put', 'patch', 'delete'].includes(method))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    const publicWrites = documented.filter((operation) => !operation.includes('/api/admin/'));
    const fuzzed = new Set(ENDPOINTS.map((endpoint) => `${endpoint.method} ${endpoint.route}`));
    expect(publicWrites.filter((operation) => !fuzzed.has(operation))).toEqual([]);
    expect(publicWrites.length).toBeGreaterThanOrEqual(19);
  });

  it.each(ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s: never 5xx, and a refused body writes nothing',
    async (name, endpoint) => {
      expect(endpoint.schema.safeParse(endpoint.seed()).success).toBe(true);
      await fc.assert(
        fc.asyncProperty(
          probesOf(endpoint.schema, endpoint.seed, { maxDepth: MAX_DEPTH }),
          idempotencyKey,
          async (probe, key) => {
            const before = await fingerprint();
            const headers: Record<string, string> = { ...endpoint.headers };
            delete headers['content-type'];
            if (probe.contentType !== undefined) headers['content-type'] = probe.contentType;
            if (key !== undefined) headers['idempotency-key'] = key;
            const res = await app.request(endpoint.path, { method: endpoint.method, headers, body: probe.body });
            tally(name, res.status, probe);
            const answer = await res.text();
            expect(res.status, `${probe.what}: ${answer.slice(0, 300)}`).toBeLessThan(500);
            // Unpaired surrogates, bytes that are not UTF-8 and script addresses: never accepted.
            if (holdsForbidden(probe.body)) expect(res.status, `${probe.what}: ${answer}`).toBeGreaterThanOrEqual(400);
            if (declaresOtherCharset(probe) && readsBody(endpoint)) expect(res.status, probe.what).toBe(415);
            if (res.status >= 400) expect(await fingerprint(), `${probe.what} wrote`).toEqual(before);
          },
        ),
        { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    },
    600_000,
  );
});

// The same endpoints over a real socket to the API's server (docs/decisions/027): bodies that never
// arrive whole and oversized bodies followed by another request on the same kept-alive connection.
describe('public write endpoints over a socket', () => {
  const server = listen(app, { hostname: '127.0.0.1', port: 0 });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  const portOf = async () => {
    if (!server.listening) await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    return (server.address() as AddressInfo).port;
  };
  const errorsCounted = async () => answersCounted(await (await app.request('/metrics')).text(), 500);

  /** A body that never arrives whole: cut short and closed, or with chunk framing Node refuses. */
  const brokenBody = fc.oneof(
    fc
      .tuple(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 4096 }))
      .map(([cut, missing]) => ({ kind: 'aborted' as const, cut, missing })),
    fc.tuple(fc.integer({ min: 1, max: 200 }), fc.integer({ min: 1, max: 200 })).map(([cut, missing]) => ({
      kind: 'aborted chunked' as const,
      cut,
      missing,
    })),
    fc
      .tuple(fc.integer({ min: 1, max: 200 }), fc.stringMatching(/^[g-zG-Z;\- ]{1,8}$/))
      .map(([cut, size]) => ({ kind: 'malformed chunked' as const, cut, size })),
  );

  it.each(ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s: an aborted or malformed body is never a 500 and writes nothing',
    async (_, endpoint) => {
      const port = await portOf();
      await fc.assert(
        fc.asyncProperty(brokenBody, async (shape) => {
          const [before, errors] = [await fingerprint(), await errorsCounted()];
          const text = JSON.stringify(endpoint.seed());
          const sent = text.slice(0, Math.min(shape.cut, text.length - 1));
          const head = (framing: string) => rawPostHead(endpoint.path, framing).replace('POST', endpoint.method);
          const hex = (n: number) => n.toString(16);
          if (shape.kind === 'aborted') {
            await rawExchange(port, head(`Content-Length: ${Buffer.byteLength(text) + shape.missing}`) + sent, true);
          } else if (shape.kind === 'aborted chunked') {
            const chunk = `${hex(Buffer.byteLength(sent) + shape.missing)}\r\n${sent}`;
            await rawExchange(port, head('Transfer-Encoding: chunked') + chunk, true);
          } else {
            const chunks = `${hex(Buffer.byteLength(sent))}\r\n${sent}\r\n${shape.size}\r\n}\r\n0\r\n\r\n`;
            const reply = await rawExchange(port, head('Transfer-Encoding: chunked') + chunks, false);
            expect(reply).toMatch(/^HTTP\/1\.1 4\d\d /);
          }
          expect(await errorsCounted(), JSON.stringify(shape)).toBe(errors);
          expect(await fingerprint(), `${JSON.stringify(shape)} wrote`).toEqual(before);
        }),
        { numRuns: Math.max(5, Math.ceil(RUNS / 10)), ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    },
    600_000,
  );

  it.each(ENDPOINTS.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s: an oversized body is refused, and the next request on the same connection gets its answer',
    async (_, endpoint) => {
      const port = await portOf();
      await fc.assert(
        fc.asyncProperty(
          fc.integer({ min: 1024 * 1024 + 1, max: 3 * 1024 * 1024 }),
          fc.boolean(),
          async (size, chunked) => {
            const agent = new Agent({ keepAlive: true, maxSockets: 1 });
            try {
              const oversized = `{"x":"${'x'.repeat(size)}"}`;
              const refused = await sendOn(agent, port, {
                method: endpoint.method,
                path: endpoint.path,
                body: oversized,
                chunked,
              });
              expect(statusOf(refused)).toBe(413);
              const next = await sendOn(agent, port, { method: 'GET', path: '/healthz' });
              expect(statusOf(next)).toBe(200);
            } finally {
              agent.destroy();
            }
          },
        ),
        { numRuns: 3, ...(SEED === undefined ? {} : { seed: SEED }) },
      );
    },
    600_000,
  );
});
