import type { Logger } from '@pillars/platform/logger';

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

/**
 * Each request's scope under the logger requestLogger made for that request alone, which every
 * route hands to its services: the scope travels with the logger, and no AsyncLocalStorage is
 * needed, whose promise hooks would tax every promise of the process (docs/decisions/030).
 */
const scopes = new WeakMap<Logger, RequestScope>();

export function beginRequestScope(logger: Logger, scope: RequestScope): void {
  scopes.set(logger, scope);
}

/** The request whose logger this is, if any (a job or a script has none). */
export function requestOf(logger: Logger): RequestScope | undefined {
  return scopes.get(logger);
}
