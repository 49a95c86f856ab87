import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from './context';
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
} as const;

function limitOf(path: string): number | undefined {
  if (path === MEDIA_UPLOAD_PATH) return undefined;
  if (EDITOR_PATHS.test(path) || WEBHOOK_PATHS.test(path)) return BODY_LIMITS.editor;
  return BODY_LIMITS.default;
}

const limiters = new Map(
  Object.values(BODY_LIMITS).map((maxSize) => [
    maxSize,
    bodyLimit({
      maxSize,
      onError: () => {
        throw new AppError('PAYLOAD_TOO_LARGE', requestBodyMessages.tooLarge(maxSize));
      },
    }),
  ]),
);

/**
 * Every request body is counted against its route's limit: by Content-Length when that is all
 * there is, otherwise while the body arrives (chunked), so an oversized body is refused with 413
 * before it is all read.
 */
export const limitRequestBodies: MiddlewareHandler<AppEnv> = async (c, next) => {
  const limit = limitOf(c.req.path);
  const limiter = limit === undefined ? undefined : limiters.get(limit);
  if (!limiter) return next();
  return limiter(c, next);
};

/** `application/json`, with or without parameters (charset). */
const JSON_TYPE = /^application\/json\s*(;|$)/i;

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

/**
 * The one reader of JSON request bodies. A body that is not declared `application/json` is 415:
 * a browser sends text/plain, form and typeless bodies cross-site without asking (a "simple"
 * request), JSON never, so this also stops other sites submitting through a visitor's browser.
 * Malformed JSON and JSON nested deeper than MAX_JSON_DEPTH are 400.
 */
export async function readJsonBody(c: Context): Promise<unknown> {
  if (!JSON_TYPE.test(c.req.header('content-type') ?? '')) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', requestBodyMessages.notJson);
  }
  const text = await c.req.text();
  if (jsonDepthExceeds(text, MAX_JSON_DEPTH)) throw new AppError('BAD_REQUEST', requestBodyMessages.tooDeep);
  try {
    return JSON.parse(text) as unknown;
  } catch (cause) {
    throw new AppError('BAD_REQUEST', requestBodyMessages.invalidJson, { cause });
  }
}
