import type { Context } from 'hono';
import type { z } from 'zod';
import { invalidData } from './errors';
import { readJsonBody } from './request-body';

/**
 * Parses the JSON body with a shared contract: not declared JSON is 415, malformed or too deeply
 * nested JSON and schema failures are 400s (lib/request-body).
 */
export async function parseJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  const body = await readJsonBody(c);
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
