import { z } from 'zod';
import {
  Email,
  FirstName,
  Id,
  IsoDateTime,
  LastName,
  Phone,
  TEXT_LIMITS,
  multiLineText,
  singleLineText,
} from './common';
import {
  EVENT_TIME_ZONE,
  FEW_PLACES_LEFT,
  fewPlacesNotice,
  placesMessages,
  registrationMessages,
} from './event-messages';

// Plain values, apart so a page showing them loads no schema (docs/decisions/038).
export { EVENT_TIME_ZONE, FEW_PLACES_LEFT, fewPlacesNotice, placesMessages, registrationMessages };

/** The longest id of a ticket type (a slug such as `vip`). */
export const TIER_ID_MAX = 40;

/** A ticket type of a paid event; prices are integer cents. */
export const PricingTier = z.object({
  id: z.string().min(1),
  name: z.string(),
  price: z.number().int().nonnegative(),
  description: z.string(),
  benefits: z.array(z.string()),
  /** Places of this ticket type, or none for no limit of its own (kept in event_places). */
  capacity: z.number().int().positive().nullable().optional(),
});
export type PricingTier = z.infer<typeof PricingTier>;

/**
 * `events.pricingTiers` is free text holding a JSON list. Product rule: invalid JSON is
 * treated as no tiers. We apply the same rule to JSON that parses but is not a list of
 * well-formed tiers, so a half-broken value never reaches a price calculation.
 */
export function parsePricingTiers(raw: string | null | undefined): PricingTier[] {
  if (!raw) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  const parsed = z.array(PricingTier).safeParse(value);
  return parsed.success ? parsed.data : [];
}

/** An event card on the home page (the product's "event list item"). */
export const EventListItem = z.object({
  id: Id,
  slug: z.string(),
  title: z.string(),
  startDate: IsoDateTime,
  location: z.string(),
  description: z.string().nullable().optional(),
  imageUrl: z.string().nullable().optional(),
  /** Places left of the whole event; null when it has no capacity (docs/decisions/022). */
  placesLeft: z.number().int().nonnegative().nullable().optional(),
});
export type EventListItem = z.infer<typeof EventListItem>;

/**
 * What a public event page can be: published, or cancelled (the page says so and offers no
 * registration). Drafts are never public (docs/decisions/025).
 */
export const PublicEventState = z.enum(['published', 'cancelled']);
export type PublicEventState = z.infer<typeof PublicEventState>;

export const EventDetail = EventListItem.extend({
  /** Absent in answers older than event states: published. */
  status: PublicEventState.optional(),
  imageAlt: z.string().nullable().optional(),
  endDate: IsoDateTime,
  requiresPayment: z.boolean(),
  price: z.number().int().nonnegative(),
  pricingTiers: z.array(
    PricingTier.extend({
      /** Places left in this tier (never more than the event's); null when neither is limited. */
      placesLeft: z.number().int().nonnegative().nullable().optional(),
    }),
  ),
}).meta({ id: 'EventDetail' });
export type EventDetail = z.infer<typeof EventDetail>;

export const EventList = z.array(EventListItem).meta({ id: 'EventList' });

/** Event registration form: the product's fields and messages. */
export const EventRegistrationFields = z.object({
  firstName: FirstName,
  lastName: LastName,
  email: Email,
  phone: Phone,
  comments: multiLineText('Comments', TEXT_LIMITS.message).optional(),
  selectedTier: singleLineText('Ticket type', TIER_ID_MAX).optional(),
});

/**
 * The tier is required only when the event requires payment (product rule) and offers tiers to
 * choose from: a paid event with a direct price has none. Built per event; the same builder
 * serves the form (zodResolver) and the API.
 */
export function eventRegistrationSchema(event: Pick<EventDetail, 'requiresPayment' | 'pricingTiers'>) {
  return EventRegistrationFields.superRefine((value, ctx) => {
    const tierIds = event.pricingTiers.map((t) => t.id);
    if (event.requiresPayment && tierIds.length > 0 && !tierIds.includes(value.selectedTier ?? '')) {
      ctx.addIssue({ code: 'custom', path: ['selectedTier'], message: registrationMessages.selectTier });
    }
  });
}
export const EventRegistrationRequest = EventRegistrationFields.extend({ eventId: Id }).meta({
  id: 'EventRegistrationRequest',
});
export type EventRegistrationRequest = z.infer<typeof EventRegistrationRequest>;

export const EventRegistrationCreated = z
  .object({
    success: z.literal(true),
    data: z.object({ registrationId: Id }),
  })
  .meta({ id: 'EventRegistrationCreated' });

/** Event payment patch: the product's wire shape for a charge the browser made itself. */
export const EventPaymentPatch = z
  .object({
    payTheoryPaymentId: singleLineText('Payment id', TEXT_LIMITS.providerId).min(1),
    paymentAmount: z.number().int().nonnegative(),
    paymentDetails: z.object({
      status: singleLineText('Status', TEXT_LIMITS.shortCode),
      provider: singleLineText('Provider', TEXT_LIMITS.shortCode),
      paymentMethod: singleLineText('Payment method', TEXT_LIMITS.shortCode),
    }),
    accountType: z.enum(['checking', 'savings']).optional(),
  })
  .meta({ id: 'EventPaymentPatch' });
export type EventPaymentPatch = z.infer<typeof EventPaymentPatch>;

/**
 * GET /api/event-registrations/{id}: what the event payment page needs. Whoever holds a
 * registration's id reads this, so it names no one: no name, e-mail or phone (docs/decisions/046);
 * the registrant's browser keeps what it typed. `paymentAmount` is the fee in cents, computed by
 * the server.
 */
export const RegistrationSummary = z.object({
  id: Id,
  eventId: Id,
  status: z.string(),
  selectedTier: z.string().nullable(),
  paymentAmount: z.number().int().nonnegative(),
  createdAt: IsoDateTime,
  /** Its held place was released, or its hold ended, with no payment under way (docs/decisions/022). */
  reservationExpired: z.boolean().optional(),
  event: z.object({
    slug: z.string(),
    title: z.string(),
    startDate: IsoDateTime,
    endDate: IsoDateTime,
    location: z.string(),
    requiresPayment: z.boolean(),
  }),
});
export type RegistrationSummary = z.infer<typeof RegistrationSummary>;

export const RegistrationSummaryResponse = z
  .object({
    success: z.literal(true),
    data: RegistrationSummary,
  })
  .meta({ id: 'RegistrationSummaryResponse' });
export type RegistrationSummaryResponse = z.infer<typeof RegistrationSummaryResponse>;
