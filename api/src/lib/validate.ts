import type { Context } from 'hono';
import type { z } from 'zod';
import { AppError, invalidData, issuesOf } from './errors';
import { InvalidUtf8Body, readJsonBody } from './request-body';

/**
 * Parses the JSON body with a shared contract: not declared JSON, or declared in a charset other
 * than UTF-8, is 415; bytes that are not UTF-8, malformed or too deeply nested JSON and schema
 * failures are 400s (lib/request-body).
 */
export async function parseJson<T extends z.ZodType>(c: Context, schema: T): Promise<z.infer<T>> {
  let body: unknown;
  try {
    body = await readJsonBody(c);
  } catch (error) {
    throw error instanceof InvalidUtf8Body ? invalidUtf8(error, schema) : error;
  }
  const result = schema.safeParse(body);
  if (!result.success) throw invalidData(result.error);
  return result.data;
}

/**
 * Bytes that are not UTF-8 are refused whatever the contract says; where the contract has a
 * message for the damaged field (every text field refuses U+FFFD, naming itself), that is the answer.
 */
function invalidUtf8(error: InvalidUtf8Body, schema: z.ZodType): AppError {
  const parsed = schema.safeParse(error.lossy);
  const contractIssues = parsed.success ? [] : issuesOf(parsed.error);
  const samePath = (a: readonly unknown[], b: readonly unknown[]) =>
    a.length === b.length && a.every((part, index) => part === b[index]);
  const issues = (error.issues ?? []).map(
    (issue) => contractIssues.find((candidate) => samePath(candidate.path, issue.path)) ?? issue,
  );
  return new AppError('INVALID_DATA', issues[0]?.message ?? error.message, { issues });
}
