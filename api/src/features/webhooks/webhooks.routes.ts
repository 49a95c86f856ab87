import { webhookEvents } from '@pillars/shared/db';
import { JOBS, addToOutbox } from '@pillars/shared/jobs';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { publishNow } from '../../lib/payments';

/**
 * Provider webhooks (DESIGN.md rule 7). The signature is checked over the RAW body, so the body
 * is read as text and never re-serialized. A verified event is stored once per provider event id
 * together with its process-webhook outbox row (one transaction), answered 200 at once, and
 * published after commit; a redelivery finds the row and queues nothing. The event itself is
 * not trusted beyond its ids: the worker re-fetches the charge and the plan before acting.
 */
export function webhooksRoutes(deps: AppDeps) {
  const { db, queues, provider, logger } = deps;

  return new Hono<AppEnv>().post('/paytheory', async (c) => {
    const rawBody = await c.req.text();
    const event = provider.verifyWebhook(c.req.header(), rawBody);
    if (!event) throw new AppError('UNAUTHORIZED', 'Invalid webhook signature');

    const outboxIds = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(webhookEvents)
        .values({
          provider: provider.name,
          providerEventId: event.id,
          type: event.type,
          transactionId: event.transactionId ?? null,
          recurringId: event.recurringId ?? null,
        })
        .onConflictDoNothing({ target: webhookEvents.providerEventId })
        .returning({ id: webhookEvents.id });
      if (!row) return [];
      return addToOutbox(tx, [{ job: JOBS.processWebhook, eventId: row.id }]);
    });

    const duplicate = outboxIds.length === 0;
    (c.get('logger') ?? logger).info({ eventId: event.id, type: event.type, duplicate }, 'webhook received');
    await publishNow(db, queues, logger, outboxIds);
    return c.json({ received: true, duplicate });
  });
}
