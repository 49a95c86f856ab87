import { loadEnvFile } from '@pillars/platform/config';
import { createLogger } from '@pillars/platform/logger';
import { exitOnListenError, reportListening } from '@pillars/platform/service';
import { startSandboxProvider } from './server';

/**
 * `node --import tsx infra/sandbox-provider/main.ts`: the sandbox card provider as a process,
 * for `npm start`, docker compose and manual runs. It is test infrastructure, so it reads its own
 * environment (with `.env`, as every entry point does) here rather than through shared/config,
 * which describes the app.
 */
loadEnvFile();
const env = process.env;
const logger = createLogger({ name: 'sandbox-provider', level: env.LOG_LEVEL ?? 'info' });

const port = Number(env.SANDBOX_PORT ?? 5090);
const fieldsPort = Number(env.SANDBOX_FIELDS_PORT ?? 5091);
const sandbox = await startSandboxProvider({
  port,
  fieldsPort,
  host: env.SANDBOX_HOST ?? '127.0.0.1',
  merchantUid: env.PAYTHEORY_MERCHANT_UID ?? 'sandbox-merchant',
  secretKey: env.PAYTHEORY_SECRET_KEY ?? 'sandbox-secret',
  publicApiKey: env.PAYTHEORY_API_KEY ?? 'sandbox-public-key',
  ...(env.SANDBOX_LEDGER_FILE ? { ledgerFile: env.SANDBOX_LEDGER_FILE } : {}),
  ...(env.SANDBOX_VISIBILITY_DELAY_MS ? { visibilityDelayMs: Number(env.SANDBOX_VISIBILITY_DELAY_MS) } : {}),
  ...(env.SANDBOX_PENDING_MS ? { pendingMs: Number(env.SANDBOX_PENDING_MS) } : {}),
  ...(env.SANDBOX_SETTLE_EVERY_MS ? { settleEveryMs: Number(env.SANDBOX_SETTLE_EVERY_MS) } : {}),
  ...(env.SANDBOX_DUPLICATE_WINDOW_MS ? { duplicateWindowMs: Number(env.SANDBOX_DUPLICATE_WINDOW_MS) } : {}),
  ...(env.SANDBOX_REVIEW_THRESHOLD_CENTS ? { reviewThresholdCents: Number(env.SANDBOX_REVIEW_THRESHOLD_CENTS) } : {}),
  ...(env.SANDBOX_WEBHOOK_URL ? { webhookUrl: env.SANDBOX_WEBHOOK_URL } : {}),
  ...(env.SANDBOX_WEBHOOK_SIGNING_SECRET ? { webhookSigningSecret: env.SANDBOX_WEBHOOK_SIGNING_SECRET } : {}),
  ...(env.SANDBOX_WEBHOOK_EVENT_NAME === 'PAYMENT' || env.SANDBOX_WEBHOOK_EVENT_NAME === 'TRANSACTION'
    ? { webhookEventName: env.SANDBOX_WEBHOOK_EVENT_NAME }
    : {}),
  ...(env.SANDBOX_WEBHOOK_RETRY_DELAYS_MS
    ? { webhookRetryDelaysMs: env.SANDBOX_WEBHOOK_RETRY_DELAYS_MS.split(',').map(Number) }
    : {}),
  logger,
}).catch((error: unknown) => {
  // Which of the two listeners failed is in the error's own port.
  const failed = (error as { port?: unknown } | null)?.port === fieldsPort ? 'SANDBOX_FIELDS_PORT' : 'SANDBOX_PORT';
  return exitOnListenError(logger, error, {
    setting: failed,
    value: failed === 'SANDBOX_PORT' ? port : fieldsPort,
  });
});
logger.info(
  {
    url: sandbox.url,
    graphqlUrl: sandbox.graphqlUrl,
    sdkUrl: sandbox.sdkUrl,
    fieldsOrigin: sandbox.fieldsOrigin,
    ledgerFile: env.SANDBOX_LEDGER_FILE ?? null,
    // The webhook URL holds the receiver's secret, so only its presence is logged.
    webhooks: Boolean(env.SANDBOX_WEBHOOK_URL),
  },
  'sandbox provider listening',
);
reportListening(Number(new URL(sandbox.url).port));

let stopping = false;
async function stop(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'sandbox provider stopping');
  await sandbox.close();
  logger.info('sandbox provider stopped');
  process.exit(0);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
