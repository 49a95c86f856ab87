import { z } from 'zod';
import { PublicConfig } from '@pillars/contracts';

/**
 * The only reader of `process.env` in the project. Every variable is listed here with its
 * default; `loadConfig` reports every bad or missing one at once, so a misconfigured
 * deployment fails at boot with the whole list instead of one error per restart.
 */
const publicDefaults = PublicConfig.parse({});

const emptyAsUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalString = z.preprocess(emptyAsUndefined, z.string().optional());
const postgresUrl = z.preprocess(
  emptyAsUndefined,
  z.url({ protocol: /^postgres(ql)?$/, error: 'must be a postgres:// or postgresql:// URL' }).optional(),
);

/** The demo's key: anyone reading this code could reverse its pseudonyms of client addresses. */
/** A yes/no setting written 'true' or 'false', off unless set to 'true'. */
const offUnlessTrue = () =>
  z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true');

export const DEFAULT_RATE_LIMIT_HASH_KEY = 'pillars-rate-limits-default-key';

export const ConfigSchema = z.object({
  /** `production` turns demo seeding off unless SEED_DEMO_CONTENT asks for it. */
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Interface the API listens on. */
  HOST: z.string().default('0.0.0.0'),
  /** Port of the web app and the API (`npm run dev`: Vite here, the API on PORT+1). */
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  /** pino level, `silent` to `trace`. */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * Unset: `npm start` runs an embedded PostgreSQL under DATA_DIR.
   * @default unset (`npm start`: the embedded PostgreSQL)
   */
  DATABASE_URL: postgresUrl,
  /**
   * Connections of the application pool of each api and worker process. The queues (on PostgreSQL)
   * and LISTEN connections come on top: see "PostgreSQL connections per replica" in README.md.
   */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** Where embedded services keep their data; relative paths are from the repository root. */
  DATA_DIR: z.string().default('.data'),
  /** Loopback port of the embedded PostgreSQL (when DATABASE_URL is unset). */
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /**
   * Built web app to serve (web/dist); unset means API only.
   * @default unset (`npm start`: web/dist)
   */
  STATIC_DIR: optionalString,
  /**
   * Canonical public origin: share links and e-mailed links use it, never the Host header.
   * Unset, it is http://localhost:PORT (loadConfig).
   * @default http://localhost:PORT
   */
  PUBLIC_URL: z.url().default(publicDefaults.publicUrl),
  /** The organisation's name, shown on the site. */
  ORG_NAME: z.string().min(1).default(publicDefaults.orgName),
  /** Contact e-mail address shown on the site; the worker also tells it when a payment is disputed. */
  CONTACT_EMAIL: z.email().default(publicDefaults.contactEmail),
  /** Contact phone number shown on the site. */
  CONTACT_PHONE: z.string().min(1).default(publicDefaults.contactPhone),
  /** Postal address shown on the site. */
  CONTACT_ADDRESS: z.string().min(1).default(publicDefaults.contactAddress),
  /** Unset: queues run on BullMQ's PostgreSQL backend in DATABASE_URL (docs/decisions/006). */
  REDIS_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^rediss?$/ }).optional()),
  /** Jobs a worker runs at once per queue (charges: CHARGES_CONCURRENCY). */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
  /**
   * Charges a worker runs at once. A charge spends nearly all its time waiting for the provider and
   * holds no database connection meanwhile, so it runs wider than the other queues: with the sandbox
   * answering after 150 ms, 5 at once settle 26 charges/s and 50 at once 61 (infra/bench/charge-loop.ts).
   */
  CHARGES_CONCURRENCY: z.coerce.number().int().min(1).max(200).default(25),
  /** Namespace of the queues (Redis key prefix, or PostgreSQL schema), so deployments can share a server. */
  QUEUE_PREFIX: z
    .string()
    .regex(/^[a-z0-9_]+$/)
    .default('bull'),
  /**
   * How long a worker's lock on a job lasts: a worker that dies mid-job (SIGKILL, lost machine)
   * has its job retried within 1.5 times this after it stopped renewing the lock. Short, because
   * a falsely stalled charge is harmless (it looks the charge up before sending; decision 010).
   */
  WORKER_LOCK_MS: z.coerce.number().int().min(1000).max(600_000).default(10_000),
  /**
   * The card provider (Pay Theory). With these unset, `npm start` runs the sandbox provider
   * (infra/sandbox-provider) and fills them in for the api and the worker.
   * @default unset (`npm start`: the sandbox)
   */
  PAYTHEORY_GRAPHQL_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /**
   * Server-side credentials of the merchant (`Authorization: UID;SECRET`).
   * @default unset (`npm start`: the sandbox's)
   */
  PAYTHEORY_MERCHANT_UID: optionalString,
  /**
   * Secret of the merchant's server-side credentials, with PAYTHEORY_MERCHANT_UID.
   * @default unset (`npm start`: the sandbox's)
   */
  PAYTHEORY_SECRET_KEY: optionalString,
  /**
   * Public key of the browser SDK; safe to expose.
   * @default unset (`npm start`: the sandbox's)
   */
  PAYTHEORY_API_KEY: optionalString,
  /**
   * Pay Theory's webhooks are unsigned, so the URL registered with Pay Theory carries this secret:
   * POST /api/webhooks/paytheory/<secret>. Unset: every delivery answers 404, and recurring
   * instalments are still recorded by the scheduled poll of each plan.
   * @default unset (`npm start`: random per start)
   */
  PAYTHEORY_WEBHOOK_URL_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9_-]{32,128}$/, 'must be 32 to 128 letters, digits, - or _ (e.g. openssl rand -hex 32)')
      .optional(),
  ),
  /** Only for deliveries that arrive signed (HMAC-SHA256 of the body); Pay Theory itself does not sign. */
  PAYTHEORY_WEBHOOK_SIGNING_SECRET: optionalString,
  /** Replaced by PAYTHEORY_WEBHOOK_URL_SECRET: it meant a signature Pay Theory never sends, so it stops the process. */
  PAYTHEORY_WEBHOOK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .undefined({
        error:
          'no longer read: Pay Theory does not sign webhooks. Set PAYTHEORY_WEBHOOK_URL_SECRET and register ' +
          '<PUBLIC_URL>/api/webhooks/paytheory/<that secret> with Pay Theory; set PAYTHEORY_WEBHOOK_SIGNING_SECRET ' +
          'only if your deliveries are signed',
      })
      .optional(),
  ),
  /**
   * Pay Theory's "SDK Import URL", e.g. https://{partner}.sdk.{stage}.com/ (config/paytheory-origins.ts).
   * @default unset (`npm start`: the sandbox's)
   */
  PAYTHEORY_SDK_URL: z.preprocess(emptyAsUndefined, z.url().optional()),
  /**
   * Where the SDK's hosted card fields (iframes) come from, allowed in the pages' CSP `frame-src`.
   * Unset: derived from PAYTHEORY_SDK_URL's partner and stage as the SDK builds it,
   * https://{partner}{mode}.tags.static.{stage}.com; required when that URL is not Pay Theory's.
   * @default derived from PAYTHEORY_SDK_URL
   */
  PAYTHEORY_FIELDS_ORIGIN: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) origin' }).optional(),
  ),
  /**
   * Where the SDK fetches its session token from our pages, allowed in the pages' CSP `connect-src`.
   * Unset: derived from PAYTHEORY_SDK_URL's partner and stage as the SDK builds it,
   * https://{partner}{mode}.{stage}.com; set it when that derivation does not fit the account
   * (the browser's console then reports the blocked origin).
   * @default derived from PAYTHEORY_SDK_URL
   */
  PAYTHEORY_TOKEN_SERVICE_ORIGIN: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) origin' }).optional(),
  ),
  /** `true` for a live merchant: hides the test-mode banner. */
  PAYTHEORY_LIVE_MODE: offUnlessTrue(),
  /** How long one provider request may take before its outcome counts as unclear. */
  PAYMENT_PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  /**
   * The longest the provider may take to show a new charge or plan to a metadata query. After an
   * unclear outcome nothing is sent again until a lookup this long after the last send finds no
   * charge (docs/decisions/010). Pay Theory documents no bound, so the default is generous.
   * @default 60000 (`npm start` with the sandbox: 6000)
   */
  PAYMENT_PROVIDER_VISIBILITY_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /**
   * The spec's raw-card fallbacks put the server in PCI SAQ D scope; off unless a merchant
   * decides otherwise (ADR 007, no card data on our side).
   */
  RAW_CARD_FALLBACK_ENABLED: offUnlessTrue(),
  /** Port of the bundled sandbox card provider (its API and SDK), when `npm start` runs it. */
  SANDBOX_PORT: z.coerce.number().int().min(1).max(65535).default(5090),
  /** The sandbox's hosted fields listen here: a second origin, as Pay Theory's fields have. */
  SANDBOX_FIELDS_PORT: z.coerce.number().int().min(1).max(65535).default(5091),
  /**
   * Outbound e-mail (password resets). With SMTP_URL unset, messages are written as .eml files
   * to MAILBOX_DIR instead of being sent: the embedded default's dev mailbox.
   */
  SMTP_URL: z.preprocess(emptyAsUndefined, z.url({ protocol: /^smtps?$/ }).optional()),
  /** Sender of every e-mail. */
  MAIL_FROM: z.string().min(3).default('Patriot Pillars Foundation <no-reply@patriotpillars.org>'),
  /**
   * Where e-mails are written as `.eml` files when SMTP_URL is unset; relative paths are from the
   * repository root. Unset, it is the folder `mailbox` in DATA_DIR (loadConfig).
   * @default DATA_DIR/mailbox
   */
  MAILBOX_DIR: optionalString,
  /**
   * What a donation receipt must state for a US non-profit: the organisation's legal name and EIN,
   * and whether anything was given in exchange. The defaults suit the demo only.
   */
  ORG_LEGAL_NAME: z.string().min(1).default('Patriot Pillars Foundation, Inc.'),
  /** The organisation's EIN, printed on every receipt (12-3456789). */
  ORG_EIN: z
    .string()
    .regex(/^\d{2}-\d{7}$/, 'ORG_EIN must look like 12-3456789')
    .default('00-0000000'),
  /** The sentence a contribution's receipt states about goods or services given in exchange. */
  RECEIPT_GOODS_STATEMENT: z
    .string()
    .min(1)
    .default('No goods or services were provided in exchange for this contribution.'),
  /**
   * Dunning: how long a monthly plan may keep failing (its instalments declined, no success since)
   * before it ends: a membership becomes inactive, a monthly gift cancelled (docs/decisions/018).
   */
  DUNNING_GRACE_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  /** How long a "Manage your giving" link works, in hours (docs/decisions/020). */
  MANAGE_LINK_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(72),
  /** Admin sessions end after this long without a request, and this long after sign-in at most. */
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(5)
    .max(24 * 60)
    .default(60),
  /** Admin sessions end this long after sign-in, however active. */
  SESSION_ABSOLUTE_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(30 * 24)
    .default(12),
  /** Behind a reverse proxy: take the client address from X-Forwarded-For (for the rate limits, docs/decisions/026). */
  TRUST_PROXY: offUnlessTrue(),
  /**
   * Keys the HMAC under which rate limits count client addresses, e-mails, usernames and card
   * tokens (docs/decisions/026), so the limiter store never holds them in clear. Set the same value
   * on the api and the worker. Unset: a fixed key, which still keeps values out of the store but is
   * only a pseudonym to whoever reads this code; production refuses to start without its own
   * (openssl rand -hex 32).
   */
  RATE_LIMIT_HASH_KEY: z.string().min(16).default(DEFAULT_RATE_LIMIT_HASH_KEY),
  /**
   * Raises every rate limit out of reach (docs/decisions/026): only for load tests and browser
   * test runs that send all their requests from one machine. Never in production.
   */
  RATE_LIMITS_RELAXED: offUnlessTrue(),
  /** For containers: the first admin, created at start when no user exists yet. */
  ADMIN_USERNAME: optionalString,
  /** Password of that first admin (ADMIN_USERNAME); change it after the first sign-in. */
  ADMIN_PASSWORD: optionalString,
  /**
   * Uploaded images (docs/decisions/023). Unset bucket: files under DATA_DIR/media. Set: an
   * S3-compatible bucket; MEDIA_S3_ENDPOINT for MinIO and the like (path-style), and the keys here or
   * the AWS SDK's own variables (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, roles).
   */
  MEDIA_S3_BUCKET: optionalString,
  /** Region of MEDIA_S3_BUCKET. */
  MEDIA_S3_REGION: z.string().min(1).default('us-east-1'),
  /** An S3-compatible server instead of AWS (MinIO and the like; path-style). */
  MEDIA_S3_ENDPOINT: z.preprocess(emptyAsUndefined, z.url({ protocol: /^https?$/ }).optional()),
  /** Access key of the bucket; unset: the AWS SDK's own variables and roles. */
  MEDIA_S3_ACCESS_KEY_ID: optionalString,
  /** Secret of MEDIA_S3_ACCESS_KEY_ID. */
  MEDIA_S3_SECRET_ACCESS_KEY: optionalString,
  /**
   * Bearer token for GET /metrics on the api and the worker (docs/decisions/029): set, a scrape must
   * send `Authorization: Bearer <token>` or gets a bare 401. Unset, metrics are open, as in the
   * embedded default on a developer's machine; set it wherever the port is reachable by others.
   */
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z.string().min(16, 'must be at least 16 characters (e.g. openssl rand -hex 32)').optional(),
  ),
  /**
   * The worker's own HTTP port: GET /healthz and GET /metrics (docs/decisions/029), on HOST. Apart
   * from PORT and the sandbox's ports; 0 takes any free port (tests running several workers).
   */
  WORKER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9464),
  /**
   * Seed demo content when the database has none (on by default outside production).
   * @default `true` outside production
   */
  SEED_DEMO_CONTENT: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});

/** The schema's output with the defaults loadConfig derives from other variables filled in. */
export type Config = Omit<z.infer<typeof ConfigSchema>, 'MAILBOX_DIR'> & { MAILBOX_DIR: string };
