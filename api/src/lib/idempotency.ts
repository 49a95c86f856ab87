import { IDEMPOTENCY_HEADER, IdempotencyKey } from '@pillars/contracts';
import type { Context } from 'hono';
import { invalidData } from './errors';

/**
 * The Idempotency-Key header, validated; undefined when the client sent none. A request with a
 * key is answered exactly once per key (`accept` in @pillars/money stores the answer).
 */
export function idempotencyKeyOf(c: Context): string | undefined {
  const raw = c.req.header(IDEMPOTENCY_HEADER);
  if (raw === undefined) return undefined;
  const parsed = IdempotencyKey.safeParse(raw);
  if (!parsed.success) throw invalidData(parsed.error);
  return parsed.data;
}
