import { createHmac, timingSafeEqual } from 'node:crypto';
import type { WebhookEvent } from '../provider';

/**
 * Pay Theory webhooks (pay-theory/pay-theory-documentation, docs/api/webhooks.md): a POST whose
 * JSON body is `{ event, subtype, payload }`, `event` one of TRANSACTION, AUTHORIZATION, …,
 * `subtype` CREATED or UPDATED, `payload` the object (a transaction carries
 * `recurring { recurring_id }` when it is a plan's instalment). The docs give each webhook event
 * an `id` but do not say where it travels in the delivery, nor how deliveries are signed. Where
 * they are silent we choose the minimal thing and the sandbox provider does the same:
 * - the event id is the body's top-level `id`;
 * - the signature is the lowercase hex HMAC-SHA256 of the raw body with the webhook secret, in
 *   the header below (an optional `sha256=` prefix is accepted).
 */
export const WEBHOOK_SIGNATURE_HEADER = 'x-paytheory-signature';

export function signWebhookBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

function headerOf(headers: Record<string, string | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

const text = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);

/** The event, or null when unsigned, wrongly signed, or not a Pay Theory event body. */
export function verifyPayTheoryWebhook(
  secret: string | undefined,
  headers: Record<string, string | undefined>,
  rawBody: string,
): WebhookEvent | null {
  if (!secret) return null;
  const given = headerOf(headers, WEBHOOK_SIGNATURE_HEADER)
    ?.trim()
    .replace(/^sha256=/i, '');
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return null;
  const expected = Buffer.from(signWebhookBody(secret, rawBody), 'hex');
  const actual = Buffer.from(given, 'hex');
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;

  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    return null;
  }
  if (!body || typeof body !== 'object') return null;
  const { id, event, subtype, payload } = body as Record<string, unknown>;
  const eventId = text(id);
  const kind = text(event);
  if (!eventId || !kind) return null;
  const object = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
  const recurring = (object.recurring && typeof object.recurring === 'object' ? object.recurring : {}) as Record<
    string,
    unknown
  >;
  const transactionId = kind === 'TRANSACTION' ? text(object.transaction_id) : undefined;
  const recurringId = text(recurring.recurring_id) ?? text(object.recurring_id);
  return {
    id: eventId,
    type: text(subtype) ? `${kind}.${text(subtype)}` : kind,
    ...(transactionId ? { transactionId } : {}),
    ...(recurringId ? { recurringId } : {}),
  };
}
