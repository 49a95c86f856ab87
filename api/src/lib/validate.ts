import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, invalidData } from './errors';

/** Parses the JSON body with a shared contract; malformed JSON and schema failures are 400s. */
export async function parseJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch (cause) {
    throw new AppError('BAD_REQUEST', 'Request body must be valid JSON', { cause });
  }
  const result = schema.safeParse(body);
  if (!result.success) throw invalidData(result.error);
  return result.data;
}

/** Parses the query string with a contract; a bad value is a 400 naming it, never a 500. */
export function parseQuery<T extends z.ZodType>(c: Context, schema: T): z.infer<T> {
  const result = schema.safeParse(c.req.query());
  if (!result.success) throw invalidData(result.error);
  return result.data;
}
