import { EventRegistrationCreated, type EventRegistrationRequest } from '@pillars/contracts';
import { apiRequest } from '@/lib/api';

/**
 * POST /api/events/{slug}/register with the form fields plus eventId (the product's call). The
 * Idempotency-Key makes a repeated request (e.g. a retried network call) register only once.
 * Resolves with the new registration's id.
 */
export async function registerForEvent(
  slug: string,
  body: EventRegistrationRequest,
  idempotencyKey: string,
): Promise<string> {
  const response = await apiRequest('POST', `/api/events/${slug}/register`, body, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  return EventRegistrationCreated.parse(await response.json()).data.registrationId;
}
