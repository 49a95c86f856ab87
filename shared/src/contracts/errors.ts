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
