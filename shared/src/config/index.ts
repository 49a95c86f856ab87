import { z } from 'zod';
import { PublicConfig } from '../contracts/public-config';

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

export const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('0.0.0.0'),
  PORT: z.coerce.number().int().min(1).max(65535).default(5000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Unset: `npm start` runs an embedded PostgreSQL under DATA_DIR. */
  DATABASE_URL: postgresUrl,
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  /** Where embedded services keep their data; relative paths are from the repository root. */
  DATA_DIR: z.string().default('.data'),
  EMBEDDED_POSTGRES_PORT: z.coerce.number().int().min(1).max(65535).default(54329),
  /** Built web app to serve (web/dist); unset means API only. */
  STATIC_DIR: optionalString,
  /** Canonical public origin: share links and e-mailed links use it, never the Host header. */
  PUBLIC_URL: z.url().default(publicDefaults.publicUrl),
  ORG_NAME: z.string().min(1).default(publicDefaults.orgName),
  CONTACT_EMAIL: z.email().default(publicDefaults.contactEmail),
  CONTACT_PHONE: z.string().min(1).default(publicDefaults.contactPhone),
  CONTACT_ADDRESS: z.string().min(1).default(publicDefaults.contactAddress),
  /** Seed demo content when the database has none (on by default outside production). */
  SEED_DEMO_CONTENT: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true')),
});

export type Config = z.infer<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = ConfigSchema.safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  return result.data;
}

/** For process entry points: print every problem and exit instead of throwing a stack trace. */
export function loadConfigOrExit(env: Record<string, string | undefined> = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

export function publicConfigOf(config: Config): PublicConfig {
  return {
    orgName: config.ORG_NAME,
    contactEmail: config.CONTACT_EMAIL,
    contactPhone: config.CONTACT_PHONE,
    contactAddress: config.CONTACT_ADDRESS,
    publicUrl: config.PUBLIC_URL,
  };
}
