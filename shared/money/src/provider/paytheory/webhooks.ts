import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { singleLineText } from '@pillars/contracts';
import type { WebhookEvent } from '../provider';

/**
 * Pay Theory webhooks (pay-theory/pay-theory-documentation, docs/api/webhooks.md): a POST whose
 * JSON body is `{ event, subtype, payload }`. The docs document no signature and no event id in
 * the delivery, so the receiver authenticates by a secret in the URL it registered (the API's
 * route) and treats the body only as a hint to re-fetch from.
 *
 * Event names: the current page lists AUTHORIZATION, DISPUTE, MERCHANT, PAYMENT, PAYMENT_METHOD,
 * PAYOR, SETTLEMENT, while its payload section is headed "Transaction" and an earlier revision
 * listed TRANSACTION instead of PAYMENT. Both are read as a transaction notification: the safe
 * reading when the docs disagree with themselves.
 *
 * A signature is checked only when a signing secret is configured (a deployment whose deliveries
 * are signed, e.g. by a relay in front of the API): lowercase hex HMAC-SHA256 of the raw body in
 * the header below, an optional `sha256=` prefix accepted.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'x-paytheory-signature';
const TRANSACTION_EVENTS = new Set<string>(['PAYMENT', 'TRANSACTION']);
/**
 * A dispute's notification: its payload is the dispute object (`dispute_id`, `status`, …) with the
 * disputed `transaction` nested. Only the ids and status are kept, as hints: the worker re-fetches
 * the charge's disputes (docs/decisions/047-disputes.md).
 */
const DISPUTE_EVENT = 'DISPUTE';

export function signWebhookBody(secret: string, rawBody: string): string {
  return createHmac('sha256', secret).update(rawBody, 'utf8').digest('hex');
}

function headerOf(headers: Record<string, string | undefined>, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers)) if (key.toLowerCase() === name) return value;
  return undefined;
}

function signatureMatches(secret: string, headers: Record<string, string | undefined>, rawBody: string): boolean {
  const given = headerOf(headers, WEBHOOK_SIGNATURE_HEADER)
    ?.trim()
    .replace(/^sha256=/i, '');
  if (!given || !/^[0-9a-f]{64}$/i.test(given)) return false;
  const expected = Buffer.from(signWebhookBody(secret, rawBody), 'hex');
  return timingSafeEqual(Buffer.from(given, 'hex'), expected);
}

// Ids and names are stored: bounded, and free of control characters (docs/decisions/028).
const id = singleLineText('Id', 200).min(1);
const name = singleLineText('Name', 50).min(1);
// Any event name is accepted (and ignored unless it is a transaction's): refusing a name Pay Theory
// adds later would count as a failed delivery, and failed deliveries deactivate the webhook.
/** A notification's body as it is read; exported for the fuzz suite, which derives bodies from it. */
export const PayTheoryNotification = z.object({
  event: name,
  subtype: name,
  payload: z
    .object({
      transaction_id: id.nullish(),
      recurring: z.object({ recurring_id: id.nullish() }).nullish(),
    })
    .nullish(),
});

/** A DISPUTE notification's payload as it is read; its other events' payloads are not held to it. */
const DisputePayload = z.object({
  dispute_id: id.nullish(),
  status: name.nullish(),
  transaction: z.object({ transaction_id: id.nullish() }).nullish(),
});

/**
 * The notification, or null when a configured signature does not match or the body is not a
 * documented notification. Only the transaction and plan ids are kept: they are hints.
 */
export function verifyPayTheoryWebhook(
  signingSecret: string | undefined,
  headers: Record<string, string | undefined>,
  rawBody: string,
): WebhookEvent | null {
  if (signingSecret && !signatureMatches(signingSecret, headers, rawBody)) return null;
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    return null;
  }
  const body = PayTheoryNotification.safeParse(json);
  if (!body.success) return null;
  const { event, subtype, payload } = body.data;
  if (event === DISPUTE_EVENT) {
    // An unreadable dispute payload keeps no hint from it but is not refused: a refused delivery
    // counts towards the provider deactivating the webhook, and the charge is re-fetched anyway.
    const parsed = DisputePayload.safeParse((json as { payload?: unknown }).payload ?? {});
    const hints = parsed.success ? parsed.data : {};
    // The disputed charge, nested as the documented payload has it (or at the top, as a transaction's).
    const disputed = hints.transaction?.transaction_id ?? payload?.transaction_id;
    return {
      event,
      subtype,
      ...(disputed ? { transactionId: disputed } : {}),
      dispute: { disputeId: hints.dispute_id ?? null, status: hints.status ?? null },
    };
  }
  const transactionId = TRANSACTION_EVENTS.has(event) ? payload?.transaction_id : undefined;
  const recurringId = transactionId ? payload?.recurring?.recurring_id : undefined;
  return {
    event,
    subtype,
    ...(transactionId ? { transactionId } : {}),
    ...(recurringId ? { recurringId } : {}),
  };
}
