import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { builtBodySize } from './built-answer';
import type { AppEnv } from './context';

export type ContentCoding = 'br' | 'gzip';

/** Text answers worth compressing: pages, scripts, styles, JSON, SVG, XML, CSV. Images and fonts already are. */
const COMPRESSIBLE = /^(text\/(?!event-stream)|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/i;

/** Below this a known-length body gains nothing: the coding's own framing eats the saving. */
const MIN_BYTES = 1024;

/**
 * The coding the client prefers among ours, Brotli first at equal weight; null for none
 * (no header, identity only, or every coding refused with q=0).
 */
export function preferredCoding(acceptEncoding: string | undefined): ContentCoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const best = (['br', 'gzip'] as const).reduce<ContentCoding | null>(
    (chosen, coding) => (weightOf(coding) > (chosen ? weightOf(chosen) : 0) ? coding : chosen),
    null,
  );
  return best;
}

/**
 * A stream that compresses what passes through and flushes after every chunk, so a streamed
 * answer (a server-rendered page, a CSV export) reaches the browser piece by piece instead of
 * waiting in the compressor's window. A whole body is one chunk: one flush, no cost.
 */
export function compressingStream(coding: ContentCoding): TransformStream<Uint8Array, Uint8Array> {
  // Fast settings: dynamic answers are compressed on every request (static files come
  // precompressed at the strongest settings from the web build).
  const zlib =
    coding === 'br'
      ? createBrotliCompress({ params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
      : createGzip({ level: 6 });
  const flushKind = coding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  let failed: Error | null = null;
  return new TransformStream({
    start(controller) {
      // The compressor answers on its own events, after the stream may have ended: a client that
      // went away cancels the answer, and enqueueing then throws. Thrown in an event handler that
      // would be an uncaught exception, which ends the process; instead the compressor stops.
      const stop = (error: Error) => {
        failed ??= error;
        zlib.destroy();
      };
      zlib.on('data', (chunk: Buffer) => {
        try {
          controller.enqueue(new Uint8Array(chunk));
        } catch (error) {
          stop(error instanceof Error ? error : new Error(String(error)));
        }
      });
      zlib.on('error', (error) => {
        stop(error);
        try {
          controller.error(error);
        } catch {
          // Already ended: nobody is reading.
        }
      });
    },
    transform(chunk) {
      return new Promise<void>((resolve, reject) => {
        if (failed) return reject(failed);
        // A compressor stopped meanwhile never calls the flush back.
        const onClose = () => reject(failed ?? new Error('The compressor was closed'));
        zlib.once('close', onClose);
        zlib.write(chunk);
        zlib.flush(flushKind, () => {
          zlib.off('close', onClose);
          if (failed) reject(failed);
          else resolve();
        });
      });
    },
    flush() {
      return new Promise<void>((resolve, reject) => {
        if (failed) return reject(failed);
        zlib.once('end', resolve);
        zlib.end();
      });
    },
  });
}

function appendVary(headers: Headers, value: string) {
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', value);
  else if (!vary.split(',').some((v) => v.trim().toLowerCase() === value.toLowerCase() || v.trim() === '*'))
    headers.set('vary', `${vary}, ${value}`);
}

/**
 * Brotli or gzip on text answers, by the request's Accept-Encoding, on the fly. Answers that
 * already carry a coding (the web build's precompressed files) pass as they are, and so do
 * ranges, answers marked no-transform, and bodies under MIN_BYTES, which go out whole with
 * their Content-Length (docs/decisions/037). Every compressible
 * answer says `Vary: Accept-Encoding`, compressed or not, so a shared cache keeps one copy per coding.
 */
export const compressResponses: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const res = c.res;
  const type = res.headers.get('content-type') ?? '';
  if (!COMPRESSIBLE.test(type)) return;
  appendVary(res.headers, 'Accept-Encoding');
  if (c.req.method === 'HEAD' || res.status === 206 || res.headers.has('content-encoding')) return;
  if (/\bno-transform\b/i.test(res.headers.get('cache-control') ?? '')) return;
  const length = res.headers.get('content-length');
  if (length !== null && Number(length) < MIN_BYTES) return;
  // A small answer built whole (every small JSON answer) goes out as built, with its length.
  const built = builtBodySize(res);
  if (built !== undefined && built < MIN_BYTES) {
    res.headers.set('content-length', String(built));
    return;
  }
  if (!res.body) return;
  const coding = preferredCoding(c.req.header('accept-encoding'));
  if (!coding) return;
  const start = await leadingBytes(res.body, MIN_BYTES);
  if (start.ended && start.size < MIN_BYTES) {
    // Whole and small: sent as it is, with its length, so the client knows where it ends.
    const headers = new Headers(res.headers);
    headers.set('content-length', String(start.size));
    return replaceResponse(c, res, Buffer.concat(start.chunks), headers);
  }
  const headers = new Headers(res.headers);
  headers.delete('content-length');
  headers.set('content-encoding', coding);
  // A strong validator names exact bytes; the compressed ones differ, so it becomes weak.
  const etag = headers.get('etag');
  if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
  replaceResponse(c, res, start.rest.pipeThrough(compressingStream(coding)), headers);
};

function replaceResponse(
  c: Context<AppEnv>,
  res: Response,
  body: Uint8Array | ReadableStream<Uint8Array>,
  headers: Headers,
) {
  // Cleared first: assigning over a response copies the old headers (Content-Length) onto the new one.
  c.res = undefined;
  c.res = new Response(body, { status: res.status, statusText: res.statusText, headers });
}

/**
 * Reads a body until `min` bytes or its end, whichever comes first. A body built from a string
 * (every JSON answer) arrives whole in one read, with no Content-Length to tell its size before
 * it is read. `rest` is the whole body again, those bytes first. A streamed page waits for its
 * first `min` bytes, which its shell alone exceeds.
 */
export async function leadingBytes(
  body: ReadableStream<Uint8Array>,
  min: number,
): Promise<{ chunks: Uint8Array[]; size: number; ended: boolean; rest: ReadableStream<Uint8Array> }> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let ended = false;
  while (size < min) {
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      break;
    }
    chunks.push(value);
    size += value.byteLength;
  }
  const pending = [...chunks];
  const rest = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = pending.shift();
      if (next) return controller.enqueue(next);
      if (ended) return controller.close();
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
  return { chunks, size, ended, rest };
}
