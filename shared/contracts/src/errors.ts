import { z } from 'zod';

/** Machine-readable kinds of failure; each maps to one HTTP status in the API. */
export const ErrorCode = z.enum([
  'BAD_REQUEST',
  'INVALID_DATA',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'INTERNAL',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const ValidationIssue = z.object({
  path: z.array(z.union([z.string(), z.number()])),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssue>;

/** The body of every non-2xx JSON response of the API. */
export const ApiError = z
  .object({
    error: z.string(),
    code: ErrorCode,
    issues: z.array(ValidationIssue).optional(),
  })
  .meta({ id: 'ApiError' });
export type ApiError = z.infer<typeof ApiError>;

/** "in 5 minutes", "in 2 hours": when a refused request may be tried again. */
export function retryWait(retryAfterMs: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  if (minutes <= 90) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hours`;
}

/** Texts of the 429 answers that have no product wording of their own (docs/decisions/026). */
export const rateLimitMessages = {
  tooManyRequests: (retryAfterMs: number) =>
    `Too many requests from your connection. Please try again in ${retryWait(retryAfterMs)}.`,
  tooManyPayments: (retryAfterMs: number) =>
    `Too many payment attempts. Please try again in ${retryWait(retryAfterMs)}.`,
} as const;
