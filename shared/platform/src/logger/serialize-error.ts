/**
 * The `err` of a log line: what an operator needs to find the fault, never the values a request
 * carried (docs/decisions/027). An error's other properties are left out because libraries hang
 * request data and whole objects on them: drizzle's DrizzleQueryError carries the query's
 * `params` (and repeats them in its message), pg's DatabaseError a `detail` that quotes the
 * offending row ("Key (email)=(…) already exists"), connection errors the pg `client`.
 */
export interface SerializedError {
  type: string;
  message: string;
  stack?: string;
  /** pg's SQLSTATE, Node's errno name (ECONNREFUSED), a provider's code. */
  code?: string | number;
  constraint?: string;
  schema?: string;
  table?: string;
  column?: string;
  dataType?: string;
  routine?: string;
  severity?: string;
  errno?: number;
  syscall?: string;
  address?: string;
  port?: number;
  /** AcceptConflict's reason: one of a fixed set of words. */
  reason?: string;
  cause?: SerializedError | string;
  errors?: (SerializedError | string)[];
}

/** Scalar properties kept as they are: names of things and codes, never values. */
const KEPT = [
  'code',
  'constraint',
  'schema',
  'table',
  'column',
  'dataType',
  'routine',
  'severity',
  'errno',
  'syscall',
  'address',
  'port',
  'reason',
] as const;

/** Long enough for any statement the app writes; a longer one is cut. */
const MAX_MESSAGE = 2_000;
/** Causes and aggregated errors followed at most this deep, and this many of them. */
const MAX_DEPTH = 4;
const MAX_ERRORS = 5;

/**
 * Drizzle's "Failed query: <sql>\nparams: <values>": the SQL text has placeholders only, the
 * values follow `params:`. pg's messages about a bad value end with it quoted
 * (`invalid input syntax for type uuid: "…"`).
 */
function scrub(text: string, isDatabaseError: boolean): string {
  let message = text;
  const params = message.search(/\nparams: /);
  if (message.startsWith('Failed query: ') && params !== -1)
    message = `${message.slice(0, params)}\nparams: [redacted]`;
  if (isDatabaseError) message = message.replace(/: ".*"$/s, ': [redacted]');
  return message.length > MAX_MESSAGE ? `${message.slice(0, MAX_MESSAGE)}…` : message;
}

/** The stack's frames under our own message line: the original first line repeats the raw message. */
function stackOf(error: Error, type: string, message: string): string | undefined {
  if (typeof error.stack !== 'string') return undefined;
  const frames = error.stack
    .split('\n')
    .filter((line) => line.startsWith('    at '))
    .join('\n');
  return `${type}: ${message}${frames ? `\n${frames}` : ''}`;
}

function serialize(value: unknown, depth: number): SerializedError | string {
  if (!(value instanceof Error)) {
    // A thrown string or object: its type only, since an object could be anything.
    // A thrown or logged string (a job's failure message) is scrubbed like a message.
    return typeof value === 'string' ? scrub(value, false) : `[non-error ${typeof value}]`;
  }
  const record = value as unknown as Record<string, unknown>;
  // pg's DatabaseError: a five-character SQLSTATE and a severity.
  const isDatabaseError = typeof record.code === 'string' && /^[0-9A-Z]{5}$/.test(record.code) && 'severity' in record;
  const message = scrub(String(value.message), isDatabaseError);
  const kept: Record<string, string | number> = {};
  for (const key of KEPT) {
    const field = record[key];
    if (typeof field === 'string' || typeof field === 'number') kept[key] = field;
  }
  const out: SerializedError = { type: value.constructor.name || value.name, message, ...kept };
  const stack = stackOf(value, out.type, message);
  if (stack) out.stack = stack;
  if (depth < MAX_DEPTH) {
    if (value.cause !== undefined) out.cause = serialize(value.cause, depth + 1);
    if (Array.isArray(record.errors)) {
      out.errors = record.errors.slice(0, MAX_ERRORS).map((inner) => serialize(inner, depth + 1));
    }
  }
  return out;
}

/** pino's serializer for `err` (and `error`): anything that is not an Error is described by its type. */
export function serializeError(value: unknown): SerializedError | string {
  return serialize(value, 0);
}
