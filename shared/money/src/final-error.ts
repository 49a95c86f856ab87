/**
 * An attempt that must never be tried again: a decline or refusal already recorded, our own bad
 * request, a job naming nothing there is to act on. Every other error is transient: the caller
 * (the worker's queue) tries again with backoff.
 */
export class FinalError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FinalError';
  }
}
