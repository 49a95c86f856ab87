import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * What the request being served has to say in its log line and pass on to its jobs: its id
 * (X-Request-Id) and the payment it created. Set up by requestLogger for each request; the
 * accept path (payments.ts) reads the id into the charge job and notes the payment, so a
 * payment's whole story can be found by the request's id (docs/decisions/030-process-lifecycle.md).
 */
export interface RequestScope {
  requestId: string;
  paymentId?: string;
  /** The client address's pseudonym, once a charge guard has read it: the charge job carries it. */
  declineSource?: string;
}

const storage = new AsyncLocalStorage<RequestScope>();

export function inRequestScope<T>(scope: RequestScope, run: () => T): T {
  return storage.run(scope, run);
}

/** The request being served, if any (a job or a script has none). */
export function currentRequest(): RequestScope | undefined {
  return storage.getStore();
}
