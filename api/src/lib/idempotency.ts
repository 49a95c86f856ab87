import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, IdempotencyKey } from '@pillars/shared/contracts';
import { type Database, idempotencyKeys } from '@pillars/shared/db';
import { and, eq } from 'drizzle-orm';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError, invalidData } from './errors';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface StoredResponse {
  status: ContentfulStatusCode;
  body: Record<string, unknown>;
}

/** A fresh response also names the outbox rows to publish once the transaction committed. */
export type WorkResult<R extends StoredResponse = StoredResponse> = R & { outboxIds?: number[] };

/** The Idempotency-Key header, validated; undefined when the client sent none. */
export function idempotencyKeyOf(c: Context): string | undefined {
  const raw = c.req.header(IDEMPOTENCY_HEADER);
  if (raw === undefined) return undefined;
  const parsed = IdempotencyKey.safeParse(raw);
  if (!parsed.success) throw invalidData(parsed.error);
  return parsed.data;
}

/**
 * Runs `work` in one transaction, exactly once per (scope, key): a retried or double-submitted
 * request receives the first response instead of creating a second record and a second charge.
 * Two concurrent requests with one key serialise on the key's primary key: the second waits for
 * the first to commit, then reads its answer. Without a key, `work` simply runs.
 */
export async function once<R extends StoredResponse>(
  db: Database,
  scope: string,
  key: string | undefined,
  request: unknown,
  work: (tx: Tx) => Promise<WorkResult<R>>,
): Promise<WorkResult<R>> {
  if (!key) return db.transaction(work);
  const requestHash = createHash('sha256').update(JSON.stringify(request)).digest('hex');
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(idempotencyKeys)
      .values({ scope, key, requestHash, responseStatus: 0, responseBody: {} })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (claimed.length === 0) {
      const [stored] = await tx
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
      if (!stored || stored.requestHash !== requestHash) {
        throw new AppError('CONFLICT', 'This Idempotency-Key was already used for a different request.');
      }
      // The row holds what `work` answered for this scope, so it has the type `work` returns.
      return { status: stored.responseStatus, body: stored.responseBody } as R;
    }
    const response = await work(tx);
    await tx
      .update(idempotencyKeys)
      .set({ responseStatus: response.status, responseBody: response.body })
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    return response;
  });
}
