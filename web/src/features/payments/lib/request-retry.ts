import { ApiRequestError } from '@/lib/api';

function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException('The operation was aborted.', 'AbortError');
}

/** Resolves after `ms`, or rejects with the signal's reason when it is aborted first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortReason(signal));
      return;
    }
    const onAbort = () => {
      window.clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = window.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Worth asking again: the request may not have arrived (network failure, our own timeout) or
 * the server could not answer (5xx, 408, 429). A 4xx is the server's final word on this request.
 */
export function isTransientRequestError(error: unknown): boolean {
  if (error instanceof ApiRequestError) return error.status >= 500 || error.status === 408 || error.status === 429;
  if (error instanceof DOMException) return error.name === 'TimeoutError';
  return error instanceof TypeError;
}

/**
 * Runs `send` and, while it fails transiently, again after each delay. The caller passes the
 * same Idempotency-Key every time, so a request that did arrive is not acted on twice.
 */
export async function withRetries<T>(
  send: () => Promise<T>,
  delaysMs: readonly number[],
  signal?: AbortSignal,
): Promise<T> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await send();
    } catch (error) {
      const delay = delaysMs[attempt];
      if (delay === undefined || signal?.aborted || !isTransientRequestError(error)) throw error;
      await sleep(delay, signal);
    }
  }
}

/**
 * A signal that aborts after `ms` (with a TimeoutError, which counts as transient) or when
 * `outer` aborts. Call `dispose` once the request settled.
 */
export function timeoutSignal(ms: number, outer?: AbortSignal): { signal: AbortSignal; dispose: () => void } {
  const controller = new AbortController();
  const onAbort = () => controller.abort(outer?.reason);
  const timer = window.setTimeout(() => controller.abort(new DOMException('Request timed out', 'TimeoutError')), ms);
  if (outer?.aborted) onAbort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      window.clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}
