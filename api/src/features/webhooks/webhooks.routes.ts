import { createRoute } from '@hono/zod-openapi';
import { WebhookReceived } from '@pillars/contracts';
import { publishNow } from '@pillars/platform/jobs';
import { z } from 'zod';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { apiError, featureRouter, json, openapiRoute } from '../../lib/openapi';
import { storeTransactionNotification, urlSecretMatches } from './webhooks.service';

const payTheoryWebhook = createRoute({
  method: 'post',
  path: '/paytheory/{secret}',
  tags: ['webhooks'],
  summary: "Pay Theory's transaction and dispute notifications; the path's secret authenticates the sender",
  request: {
    params: z.object({ secret: z.string() }),
    body: {
      required: true,
      description: "The provider's notification; read as raw text, and only a hint (the worker re-fetches)",
      content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } },
    },
  },
  responses: {
    200: json('Accepted: stored once per transaction, or ignored', WebhookReceived),
    404: apiError('Wrong secret, bad signature or unreadable body (the same answer as an unknown path)'),
  },
});

/**
 * Provider webhooks. Pay Theory signs nothing, so the URL registered with it carries a secret:
 * POST /api/webhooks/paytheory/<PAYTHEORY_WEBHOOK_URL_SECRET>. A wrong or missing secret, or a bad
 * signature when a signing secret is configured, answers the same 404 as an unknown path, so a
 * caller learns nothing about which part was wrong. The body is only a hint: a transaction
 * notification that names a recurring plan is stored once per transaction id (a dispute
 * notification once per dispute and status, docs/decisions/047-disputes.md) with its
 * process-webhook outbox row and answered 200 at once; the worker re-fetches the transaction, so
 * a forged body can at most trigger a lookup. Anything else authenticated (other events, one-time
 * charges) is answered 200 and dropped, because a refused delivery counts towards the provider
 * deactivating the webhook.
 */
export function webhooksRoutes(deps: AppDeps) {
  const { db, queues, provider, logger, config } = deps;
  const app = featureRouter();

  openapiRoute(app, payTheoryWebhook, async (c) => {
    const log = c.get('logger') ?? logger;
    if (!urlSecretMatches(config.PAYTHEORY_WEBHOOK_URL_SECRET, c.req.valid('param').secret)) {
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
    // Kept: an instalment of a plan (a one-time charge is the charge job's), and any dispute.
    if (!transactionId || !(event.recurringId || event.dispute)) {
      log.debug({ event: event.event, subtype: event.subtype }, 'webhook ignored');
      return c.json({ received: true, ignored: true } satisfies WebhookReceived, 200);
    }
    const outboxRows = await storeTransactionNotification(db, provider.name, { ...event, transactionId });
    const duplicate = outboxRows.length === 0;
    log.info({ event: event.event, subtype: event.subtype, transactionId, duplicate }, 'webhook received');
    await publishNow(db, queues, logger, outboxRows);
    return c.json({ received: true, duplicate } satisfies WebhookReceived, 200);
  });

  return app;
}
