import { rateLimitMessages } from '@pillars/contracts';
import { type Limiters, type Refusal, orAllowOnOutage } from '@pillars/platform/limits';
import type { Context, MiddlewareHandler } from 'hono';
import { clientAddress } from './session/session-http';
import type { AppDeps, AppEnv } from './context';
import { AppError } from './errors';
import { requestOf } from './request-scope';
import { isSafeMethod } from './methods';

/** The longest of several waits, or null when none refuses. */
export function longest(refusals: (Refusal | null)[]): Refusal | null {
  return refusals.reduce<Refusal | null>(
    (worst, r) => (r && (!worst || r.retryAfterMs > worst.retryAfterMs) ? r : worst),
    null,
  );
}

/** Every refusal: 429, `Retry-After` in whole seconds, and the door's own sentence. */
export function refuse(c: Context, refusal: Refusal, message: string): never {
  c.header('Retry-After', String(Math.ceil(refusal.retryAfterMs / 1000)));
  throw new AppError('RATE_LIMITED', message);
}

/**
 * Writes outside the per-address public-write limit: the admin's calls (behind a session), the
 * provider's webhooks (the provider posts them), and sign-in and sign-out (their own limits).
 */
const NOT_PUBLIC_WRITES = [/^\/api\/admin(\/|$)/, /^\/api\/webhooks\//, /^\/api\/auth\/(login|logout)$/];

/**
 * Every public write, per client address, before the body is even read: past the limit, 429
 * and nothing written. A limiter outage lets the request through (docs/decisions/026).
 */
export function publicWriteLimit(deps: AppDeps, limiters: Limiters): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (isSafeMethod(c.req.method) || NOT_PUBLIC_WRITES.some((re) => re.test(c.req.path))) return next();
    const address = clientAddress(c, deps.config);
    const refusal = await orAllowOnOutage(c.get('logger'), 'publicWriteAddress', () =>
      limiters.consume('publicWriteAddress', address),
    );
    if (refusal) refuse(c, refusal, rateLimitMessages.tooManyRequests(refusal.retryAfterMs));
    await next();
  };
}

/** What identifies who pays: the payer's e-mail, and the card token when the request carries one. */
export interface ChargeSource {
  /** Absent only where no payer is named yet (raw card fields exchanged for a token). */
  email?: string | undefined;
  token?: string | undefined;
}

/**
 * Card-testing defence (docs/decisions/026), for every request that starts a charge, before
 * anything is written: an e-mail or a client address with repeated declines (counted by the
 * worker) is refused, and charges are counted per client address, per e-mail and per card token.
 * A limiter outage lets the charge through with a warning: the limits must never stop the payment
 * path.
 */
export async function guardCharge(
  c: Context<AppEnv>,
  deps: AppDeps,
  limiters: Limiters,
  source: ChargeSource,
): Promise<void> {
  const logger = c.get('logger');
  const email = source.email?.trim().toLowerCase();
  const { token } = source;
  const address = clientAddress(c, deps.config);
  const addressPseudonym = limiters.pseudonymOf(address);
  // All at once, so the store gets them in one round trip. The declines answer first; a request
  // they refuse still spends its charge counts, as one refused by any count spends the others.
  const [declines, charges] = await Promise.all([
    Promise.all([
      orAllowOnOutage(logger, 'declinesAddress', () => limiters.refused('declinesAddress', addressPseudonym)),
      ...(email ? [orAllowOnOutage(logger, 'declinesEmail', () => limiters.refused('declinesEmail', email))] : []),
    ]),
    Promise.all([
      orAllowOnOutage(logger, 'chargeAddress', () => limiters.consume('chargeAddress', address)),
      ...(email ? [orAllowOnOutage(logger, 'chargeEmail', () => limiters.consume('chargeEmail', email))] : []),
      ...(token ? [orAllowOnOutage(logger, 'chargeToken', () => limiters.consume('chargeToken', token))] : []),
    ]),
  ]);
  const refusal = longest(declines) ?? longest(charges);
  if (refusal) {
    logger.warn({ event: 'charge.rate-limited' }, 'charge refused by a rate limit');
    refuse(c, refusal, rateLimitMessages.tooManyPayments(refusal.retryAfterMs));
  }
  // The charge job names its client address by this pseudonym, for the worker's decline count.
  const request = requestOf(logger);
  if (request) request.declineSource = addressPseudonym;
}
