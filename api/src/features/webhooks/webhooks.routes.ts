import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { publishNow } from '../../lib/payments';
import { storeTransactionNotification, urlSecretMatches } from './webhooks.service';

/**
 * Provider webhooks (DESIGN.md rule 7). Pay Theory signs nothing, so the URL registered with it
 * carries a secret: POST /api/webhooks/paytheory/<PAYTHEORY_WEBHOOK_URL_SECRET>. A wrong or missing
 * secret, or a bad signature when a signing secret is configured, answers the same 404 as an
 * unknown path, so a caller learns nothing about which part was wrong. The body is only a hint:
 * a transaction notification that names a recurring plan is stored once per transaction id with
 * its process-webhook outbox row and answered 200 at once; the worker re-fetches the transaction.
 * Anything else authenticated (other events, one-time charges) is answered 200 and dropped,
 * because a refused delivery counts towards the provider deactivating the webhook.
 */
export function webhooksRoutes(deps: AppDeps) {
  const { db, queues, provider, logger, config } = deps;

  return new Hono<AppEnv>().post('/paytheory/:secret', async (c) => {
    const log = c.get('logger') ?? logger;
    if (!urlSecretMatches(config.PAYTHEORY_WEBHOOK_URL_SECRET, c.req.param('secret'))) {
      log.warn({ reason: 'url secret' }, 'webhook refused');
      throw new AppError('NOT_FOUND', 'Not found');
    }
    // The signature, when one is configured, covers the RAW body: read as text, never re-serialized.
    const rawBody = await c.req.text();
    const event = provider.verifyWebhook(c.req.header(), rawBody);
    if (!event) {
      log.warn({ reason: 'signature or body' }, 'webhook refused');
      throw new AppError('NOT_FOUND', 'Not found');
    }
    const { transactionId } = event;
    if (!transactionId || !event.recurringId) {
      log.debug({ event: event.event, subtype: event.subtype }, 'webhook ignored');
      return c.json({ received: true, ignored: true });
    }
    const outboxIds = await storeTransactionNotification(db, provider.name, { ...event, transactionId });
    const duplicate = outboxIds.length === 0;
    log.info({ event: event.event, subtype: event.subtype, transactionId, duplicate }, 'webhook received');
    await publishNow(db, queues, logger, outboxIds);
    return c.json({ received: true, duplicate });
  });
}
