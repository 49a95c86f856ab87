import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './context';
import { incomingOf } from './connection';
import { AppError } from './errors';

/**
 * The size limits of request bodies, in bytes (docs/decisions/027). Every route has one: the
 * default fits every public form many times over; the two editors' bodies are the largest
 * legitimate ones (every field at its maximum in three-byte text: an article 155 KB, an event
 * with twelve tiers 251 KB), and 1 MB is four times that; image uploads keep their own limit in
 * features/media, counted the same way.
 */
export const BODY_LIMITS = {
  default: 64 * 1024,
  editor: 1024 * 1024,
} as const;

/** Routes whose bodies may exceed the default (method-independent: only writes have bodies). */
const EDITOR_PATHS = /^\/api\/admin\/(news|events)(\/|$)/;
/** Pay Theory's notifications: not ours to size, and a refused delivery counts towards deactivation. */
const WEBHOOK_PATHS = /^\/api\/webhooks\//;
/** features/media counts the upload against its own limit (MEDIA_MAX_BYTES and the form's envelope). */
const MEDIA_UPLOAD_PATH = '/api/admin/media';

/** Deeper JSON than this is refused before anything walks it (docs/decisions/027). */
export const MAX_JSON_DEPTH = 32;

/** "64 KB", "1 MB": a limit as people read it. */
export function sizeText(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${bytes / (1024 * 1024)} MB` : `${bytes / 1024} KB`;
}

export const requestBodyMessages = {
  tooLarge: (limit: number) => `The request body must be at most ${sizeText(limit)}.`,
  notJson: 'Send the request body as JSON (Content-Type: application/json).',
  tooDeep: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).`,
  invalidJson: 'Request body must be valid JSON',
  notUtf8: 'Send JSON as UTF-8: the Content-Type may say charset=utf-8, or no charset.',
  invalidUtf8: 'The request body must be valid UTF-8 text.',
  invalidUtf8At: (path: readonly (string | number)[]) =>
    `The request body must be valid UTF-8 text; the value of ${path.join('.') || 'the body'} is not.`,
} as const;

function limitOf(path: string): number | undefined {
  if (path === MEDIA_UPLOAD_PATH) return undefined;
  if (EDITOR_PATHS.test(path) || WEBHOOK_PATHS.test(path)) return BODY_LIMITS.editor;
  return BODY_LIMITS.default;
}

/** Methods whose requests Node's adapter gives no body, whatever their headers say. */
const BODILESS = new Set(['GET', 'HEAD', 'TRACE']);

const tooLarge = (limit: number) => new AppError('PAYLOAD_TOO_LARGE', requestBodyMessages.tooLarge(limit));

const limiters = new Map(
  Object.values(BODY_LIMITS).map((maxSize) => [
    maxSize,
    bodyLimit({
      maxSize,
      onError: () => {
        throw tooLarge(maxSize);
      },
    }),
  ]),
);

/**
 * Every request body is counted against its route's limit: by Content-Length when that is all
 * there is, otherwise while the body arrives (chunked), so an oversized body is refused with 413
 * before it is all read. Over Node's server the request's headers settle it without building the
 * Fetch request and its body stream, which a JSON body is then read without: HTTP/1.1 has no body
 * without Content-Length or Transfer-Encoding. Only a chunked body (or a request made in process)
 * is counted by the library as it arrives.
 */
export const limitRequestBodies: MiddlewareHandler<AppEnv> = async (c, next) => {
  const limit = limitOf(c.req.path);
  const limiter = limit === undefined ? undefined : limiters.get(limit);
  if (limit === undefined || !limiter) return next();
  const incoming = incomingOf(c);
  if (!incoming || incoming.headers['transfer-encoding'] !== undefined) return limiter(c, next);
  if (BODILESS.has(c.req.method)) return next();
  const length = incoming.headers['content-length'];
  if (length !== undefined && parseInt(length, 10) > limit) throw tooLarge(limit);
  return next();
};

/** `application/json`, with or without parameters. */
const JSON_TYPE = /^application\/json\s*(;|$)/i;
/** The charset parameter of a Content-Type, quoted or not. */
const CHARSET = /;\s*charset\s*=\s*(?:"([^"]*)"|([^;\s]*))/i;

/**
 * JSON travels as UTF-8 (RFC 8259 §8.1). A body declared in another charset would be read wrongly
 * as UTF-8, so it is refused (415) rather than guessed at; `charset=utf-8` in any case, or none, is fine.
 */
function declaresOtherCharset(contentType: string): boolean {
  const match = CHARSET.exec(contentType);
  if (!match) return false;
  return (match[1] ?? match[2] ?? '').toLowerCase() !== 'utf-8';
}

/** Refuses invalid UTF-8 (it throws) rather than putting U+FFFD in its place; a leading BOM is dropped. */
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lossyUtf8 = new TextDecoder('utf-8');

type JsonPath = (string | number)[];

/** Where in `value` a string or a key holds U+FFFD, as paths; only the first few are kept. */
function pathsWithReplacement(value: unknown, path: JsonPath = [], found: JsonPath[] = []): JsonPath[] {
  if (found.length >= 10) return found;
  if (typeof value === 'string') {
    if (value.includes('\uFFFD')) found.push(path);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => pathsWithReplacement(item, [...path, index], found));
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\uFFFD')) found.push([...path, key]);
      else pathsWithReplacement(item, [...path, key], found);
    }
  }
  return found;
}

/**
 * A body that is not valid UTF-8: always refused (400). `lossy` is the body read with U+FFFD for
 * the bad bytes and `damaged` where those are, so the caller can answer with the message its
 * contract gives those fields (lib/validate).
 */
export class InvalidUtf8Body extends AppError {
  constructor(
    readonly lossy: unknown,
    readonly damaged: JsonPath[],
  ) {
    const issues = damaged.map((path) => ({ path, message: requestBodyMessages.invalidUtf8At(path) }));
    super('INVALID_DATA', issues[0]?.message ?? requestBodyMessages.invalidUtf8, { issues });
  }
}

/**
 * The nesting depth of a JSON text, counted without building anything (brackets inside strings
 * do not count), so no later recursive walk can overflow the stack.
 */
export function jsonDepthExceeds(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      if (++depth > max) return true;
    } else if (ch === 0x7d || ch === 0x5d) depth--;
  }
  return false;
}

function parseJsonText(text: string): unknown {
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw new AppError('BAD_REQUEST', requestBodyMessages.tooDeep);
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new AppError('BAD_REQUEST', requestBodyMessages.invalidJson, { cause });
  }
}

/**
 * The one reader of JSON request bodies. A body that is not declared `application/json` is 415:
 * a browser sends text/plain, form and typeless bodies cross-site without asking (a "simple"
 * request), JSON never, so this also stops other sites submitting through a visitor's browser.
 * A charset other than UTF-8 is 415 too. Bytes that are not UTF-8 are 400 (InvalidUtf8Body), never
 * read as U+FFFD; malformed JSON and JSON nested deeper than MAX_JSON_DEPTH are 400
 * (docs/decisions/028).
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  const contentType = c.req.header('content-type') ?? '';
  if (!JSON_TYPE.test(contentType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', requestBodyMessages.notJson);
  if (declaresOtherCharset(contentType)) throw new AppError('UNSUPPORTED_MEDIA_TYPE', requestBodyMessages.notUtf8);
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  let text: string;
  try {
    text = strictUtf8.decode(bytes);
  } catch {
    let lossy: unknown;
    try {
      lossy = parseJsonText(lossyUtf8.decode(bytes));
    } catch {
      throw new AppError('BAD_REQUEST', requestBodyMessages.invalidUtf8);
    }
    throw new InvalidUtf8Body(lossy, pathsWithReplacement(lossy));
  }
  return parseJsonText(text);
}
