import { createHash, timingSafeEqual } from 'node:crypto';
import type { Database } from '@pillars/platform/db';
import { webhookEvents } from '@pillars/platform/db';
import { JOBS, type OutboxRow, addToOutboxRows } from '@pillars/platform/jobs';
import type { WebhookEvent } from '@pillars/money/provider';
import { sql } from 'drizzle-orm';

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Whether the secret in the request's URL is the configured one. Both sides are hashed first, so
 * the comparison takes the same time whatever the length or content of the guess. No secret
 * configured: nothing matches (webhooks are off; the recurring poll records instalments).
 */
export function urlSecretMatches(configured: string | undefined, given: string): boolean {
  if (!configured) return false;
  return timingSafeEqual(digest(configured), digest(given));
}

/**
 * A dispute notification's key: the dispute and the status the delivery named. Each move of a
 * dispute is a row of its own to re-fetch; a redelivery of the same move is a duplicate.
 */
function disputeKeyOf(event: WebhookEvent): string | null {
  if (!event.dispute) return null;
  return `${event.dispute.disputeId ?? ''}:${event.dispute.status ?? ''}`;
}

/**
 * Stores a transaction notification once per provider transaction id (a dispute's once per
 * dispute and status), with its process-webhook outbox row in the same transaction. Returns the
 * outbox ids to publish (none for a duplicate).
 */
export async function storeTransactionNotification(
  db: Database,
  provider: string,
  event: WebhookEvent & { transactionId: string },
): Promise<OutboxRow[]> {
  const disputeKey = disputeKeyOf(event);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(webhookEvents)
      .values({
        provider,
        type: `${event.event}.${event.subtype}`,
        transactionId: event.transactionId,
        recurringId: event.recurringId ?? null,
        disputeKey,
      })
      .onConflictDoNothing(
        disputeKey === null
          ? {
              target: [webhookEvents.provider, webhookEvents.transactionId],
              where: sql`${webhookEvents.disputeKey} IS NULL`,
            }
          : {
              target: [webhookEvents.provider, webhookEvents.transactionId, webhookEvents.disputeKey],
              where: sql`${webhookEvents.disputeKey} IS NOT NULL`,
            },
      )
      .returning({ id: webhookEvents.id });
    if (!row) return [];
    return addToOutboxRows(tx, [{ job: JOBS.processWebhook, eventId: row.id }]);
  });
}
