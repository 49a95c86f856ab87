import { IDEMPOTENCY_HEADER } from '@pillars/contracts';
import type { z } from 'zod';
import { apiRequest } from './api';

// Apart from lib/api: the contracts it reads answers with stay out of the first load, which
// lib/api is part of (docs/decisions/038).

/**
 * A submission the server records once per Idempotency-Key (one key per form submission, the same
 * on its retries, so a retry is answered with the first answer), its answer read by `answer`.
 */
export async function submitOnce<S extends z.ZodType>(
  method: 'POST' | 'PATCH',
  url: string,
  body: unknown,
  answer: S,
  { idempotencyKey, signal }: { idempotencyKey: string; signal?: AbortSignal },
): Promise<z.infer<S>> {
  const response = await apiRequest(method, url, body, { headers: { [IDEMPOTENCY_HEADER]: idempotencyKey }, signal });
  return answer.parse(await response.json());
}
