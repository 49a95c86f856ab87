/**
 * The promise's value, or `fallback` when it rejects or has not settled within `ms`: for reads
 * (queue counts, health checks) that must answer in time even when what they ask is down.
 */
export function withTimeout<T, F = T>(promise: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    promise.catch(() => fallback),
    new Promise<F>((resolve) => {
      timer = setTimeout(() => resolve(fallback), ms);
    }),
  ]).finally(() => clearTimeout(timer));
}
