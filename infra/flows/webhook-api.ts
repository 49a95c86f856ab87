import { createLogger } from '@pillars/platform/logger';
import { afterAll } from 'vitest';
import { PaymentEvents } from '@pillars/api/lib/payment-events';
import { testApp } from '@pillars/api/test/test-app';
import { useSandbox } from '@pillars/sandbox-provider/test-sandbox';
import { listenBeforeApp } from './api-listener';

type AppOptions = Parameters<typeof testApp>[1];

/**
 * The API as the sandbox provider's webhooks reach it: listening before the sandbox is told to
 * deliver to `/api/webhooks/paytheory/{urlSecret}`, then the app built with the sandbox's
 * provider, that secret and long-polls that answer when the worker's settled notification
 * arrives, as in production. `logger`, when given, receives the API's log lines.
 */
export async function useWebhookApi(
  database: Parameters<typeof testApp>[0] & { url: string },
  queues: AppOptions['queues'],
  urlSecret: string,
  logger?: AppOptions['logger'],
) {
  const { apiUrl, setApp } = await listenBeforeApp();
  const webhookUrl = `${apiUrl}/api/webhooks/paytheory/${urlSecret}`;
  const sandboxed = await useSandbox({ webhook: { url: webhookUrl } });
  const paymentEvents = new PaymentEvents(database.url, createLogger({ level: 'silent' }));
  await paymentEvents.start();
  afterAll(() => paymentEvents.stop());
  const app = testApp(database, {
    queues,
    provider: sandboxed.provider,
    paymentEvents,
    env: { PAYTHEORY_WEBHOOK_URL_SECRET: urlSecret },
    ...(logger ? { logger } : {}),
  });
  setApp(app);
  return { ...sandboxed, apiUrl, webhookUrl, app };
}
