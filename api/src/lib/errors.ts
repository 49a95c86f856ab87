import type { ErrorCode, ValidationIssue } from '@pillars/contracts';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

export const STATUS_OF: Record<ErrorCode, ContentfulStatusCode> = {
  BAD_REQUEST: 400,
  INVALID_DATA: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
};

/** The one error type handlers throw; `onError` turns it into `{ error, code, issues? }`. */
export class AppError extends Error {
  readonly issues: ValidationIssue[] | undefined;

  constructor(
    readonly code: ErrorCode,
    message: string,
    options: { cause?: unknown; issues?: ValidationIssue[] } = {},
  ) {
    super(message, { cause: options.cause });
    this.name = 'AppError';
    this.issues = options.issues;
  }

  get status(): ContentfulStatusCode {
    return STATUS_OF[this.code];
  }
}

export function issuesOf(error: z.ZodError): ValidationIssue[] {
  return error.issues.map((issue) => ({
    path: issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p)),
    message: issue.message,
  }));
}

/** Validation failure: the message is the first issue's, so a client can show it as is. */
export function invalidData(error: z.ZodError): AppError {
  const issues = issuesOf(error);
  return new AppError('INVALID_DATA', issues[0]?.message ?? 'Invalid input', { issues });
}

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`);

/**
 * PostgreSQL errors that only a request's own values can cause (docs/decisions/027): text it
 * cannot store (a NUL character: 22021; a character the encoding lacks: 22P05), a value longer
 * than its column (22001), a value too large for an index row (54000). The contracts refuse
 * these first; this is the last line, so one that slips through is a 400, not a 500.
 */
const CLIENT_VALUE_SQLSTATES = new Set(['22021', '22P05', '22001', '54000']);

export const storageMessages = {
  unstorableValue: 'The request contains a value that cannot be stored: remove control characters or shorten it.',
} as const;

/** The 400 for a database error caused by the request's values, when `error` (or its cause) is one. */
export function clientValueError(error: unknown): AppError | undefined {
  for (let e: unknown = error, hops = 0; e instanceof Error && hops < 5; e = e.cause, hops++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && CLIENT_VALUE_SQLSTATES.has(code)) {
      return new AppError('BAD_REQUEST', storageMessages.unstorableValue);
    }
  }
  return undefined;
}
