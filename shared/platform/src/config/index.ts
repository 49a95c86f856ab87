import { join } from 'node:path';
import type { PublicConfig } from '@pillars/contracts';
import { loadEnvFile } from './env-file';
import { payTheoryBrowserOrigins } from './paytheory-origins';
import { type Config, ConfigSchema, DEFAULT_RATE_LIMIT_HASH_KEY } from './schema';

export { loadEnvFile } from './env-file';
export { fromRepoRoot } from './paths';
export { derivedFieldsOrigin, payTheoryBrowserOrigins, type PayTheoryBrowserOrigins } from './paytheory-origins';
// Every variable, its default and its doc comment (the README's table is generated from schema.ts).
export { type Config, ConfigSchema } from './schema';

export interface ProviderConfig {
  graphqlUrl: string;
  merchantUid: string;
  secretKey: string;
  liveMode: boolean;
  timeoutMs: number;
  webhookSigningSecret?: string | undefined;
}

/** The provider settings, or a list of what is missing: the api and worker refuse to start without them. */
export function providerConfigOf(config: Config): ProviderConfig {
  const {
    PAYTHEORY_GRAPHQL_URL: graphqlUrl,
    PAYTHEORY_MERCHANT_UID: merchantUid,
    PAYTHEORY_SECRET_KEY: secretKey,
  } = config;
  if (!graphqlUrl || !merchantUid || !secretKey) {
    throw new ConfigError(
      ['PAYTHEORY_GRAPHQL_URL', 'PAYTHEORY_MERCHANT_UID', 'PAYTHEORY_SECRET_KEY']
        .filter((key) => !config[key as keyof Config])
        .map((key) => `${key}: required (npm start provides the sandbox provider when none is configured)`),
    );
  }
  return {
    graphqlUrl,
    merchantUid,
    secretKey,
    liveMode: config.PAYTHEORY_LIVE_MODE,
    timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS,
    webhookSigningSecret: config.PAYTHEORY_WEBHOOK_SIGNING_SECRET,
  };
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const result = ConfigSchema.superRefine((config, ctx) => {
    // Without the fields' origin the pages' policy would refuse the card form's frames.
    if (payTheoryBrowserOrigins(config)?.fields === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['PAYTHEORY_FIELDS_ORIGIN'],
        message: 'required when PAYTHEORY_SDK_URL is not a Pay Theory SDK URL (https://{partner}.sdk.{stage}.com)',
      });
    }
    // The limits' pseudonyms of client addresses travel in charge jobs: under the published demo
    // key they could be reversed by trying every address (docs/decisions/026).
    if (config.NODE_ENV === 'production' && config.RATE_LIMIT_HASH_KEY === DEFAULT_RATE_LIMIT_HASH_KEY) {
      ctx.addIssue({
        code: 'custom',
        path: ['RATE_LIMIT_HASH_KEY'],
        message: 'required in production, the same on the api and the worker (e.g. openssl rand -hex 32)',
      });
    }
  }).safeParse(env);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`));
  }
  const config = result.data;
  return {
    ...config,
    // Unset, the public address is this machine's on PORT, so e-mailed links work on any port.
    PUBLIC_URL: env.PUBLIC_URL ? config.PUBLIC_URL : `http://localhost:${config.PORT}`,
    // Unset, the mailbox is kept with the other local data, so one DATA_DIR holds a whole instance.
    MAILBOX_DIR: config.MAILBOX_DIR ?? join(config.DATA_DIR, 'mailbox'),
  };
}

/**
 * For process entry points: the environment, with `.env` read into it first, validated; every
 * problem printed and the process ended instead of a stack trace.
 */
export function loadConfigOrExit(): Config {
  loadEnvFile();
  try {
    return loadConfig(process.env);
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
    payments: {
      sdkUrl: config.PAYTHEORY_SDK_URL ?? '',
      apiKey: config.PAYTHEORY_API_KEY ?? '',
      testMode: !config.PAYTHEORY_LIVE_MODE,
    },
    orgName: config.ORG_NAME,
    contactEmail: config.CONTACT_EMAIL,
    contactPhone: config.CONTACT_PHONE,
    contactAddress: config.CONTACT_ADDRESS,
    publicUrl: config.PUBLIC_URL,
  };
}
