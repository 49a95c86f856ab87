import type { Context } from 'hono';

/**
 * A handler's answer as Node's adapter (@hono/node-server) builds it: a lightweight Response that
 * keeps the string or bytes it was made from and writes them in one go with their Content-Length.
 * Reading its `body`, or rebuilding it (Hono's `c.header` once the answer is given, or assigning
 * `c.res`), turns it into a full Fetch Response with a stream, which costs more than answering a
 * small JSON body. The edge's middleware therefore sets headers on the answer in place and reads
 * the built body's size here instead (docs/decisions/037).
 */

/** The adapter's own key for what the answer was built from: `[status, body, headers]`. */
let builtKey: symbol | undefined;

function builtOf(res: Response): unknown[] | undefined {
  builtKey ??= Object.getOwnPropertySymbols(res).find((key) => key.description === 'cache');
  const built = builtKey === undefined ? undefined : (res as unknown as Record<symbol, unknown>)[builtKey];
  return Array.isArray(built) ? built : undefined;
}

/**
 * The size in bytes of the body the answer was built from, without reading it; undefined when the
 * answer has no body, or its size is not known without reading it (a stream, a full Fetch Response).
 */
export function builtBodySize(res: Response): number | undefined {
  const body: unknown = builtOf(res)?.[1];
  if (typeof body === 'string') return Buffer.byteLength(body);
  if (body instanceof Uint8Array) return body.byteLength;
  return undefined;
}

/**
 * Sets a header on the answer already given, in place. A response whose headers cannot change
 * (one fetched from elsewhere) is rebuilt by Hono with the header instead.
 */
export function setAnswerHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
