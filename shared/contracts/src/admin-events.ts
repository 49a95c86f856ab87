import { z } from 'zod';
import {
  IsoDateTime,
  TEXT_LIMITS,
  multiLineText,
  singleLineText,
  textMessages,
  webAddress,
  successData,
} from './common';
import { PricingTier, TIER_ID_MAX } from './events';
import { SLUG_MAX, SLUG_PATTERN } from './slugs';

/** An event's states (docs/decisions/025): a draft is the admin's only; cancelled stays public, saying so. */
export const EventStatus = z.enum(['draft', 'published', 'cancelled']);
export type EventStatus = z.infer<typeof EventStatus>;

/** The limits of what an admin may save; the editor shows the same ones. */
export const EVENT_LIMITS = {
  title: 200,
  description: 20_000,
  location: 300,
  imageUrl: 2_000,
  imageAlt: 300,
  tiers: 12,
  tierId: TIER_ID_MAX,
  tierName: 100,
  tierDescription: 1_000,
  benefits: 20,
  benefit: 200,
  /** $100,000.00, in cents. */
  priceCents: 10_000_000,
  capacity: 100_000,
} as const;

/** The tier the public page badges POPULAR is the one whose id is `vip` (product rule). */
export const VIP_TIER_ID = 'vip';

export const eventMessages = {
  titleRequired: 'Please enter a title.',
  locationRequired: 'Please enter a location.',
  tooLong: (what: string, max: number) => textMessages.tooLong(`The ${what}`, max),
  slugInvalid: 'The address may hold only lower-case letters, digits and single hyphens.',
  dateInvalid: 'Please enter a date and time.',
  endBeforeStart: 'The event cannot end before it starts.',
  altRequired: 'Please describe the image (alt text) for people who cannot see it.',
  priceWhole: 'The price must be a whole number of cents, not negative.',
  priceTooHigh: 'The price must be at most $100,000.00.',
  capacityWhole: 'The capacity must be a whole number of places, at least 1.',
  capacityTooHigh: `The capacity must be at most ${EVENT_LIMITS.capacity} places.`,
  tierIdRequired: 'Each ticket type needs an id.',
  tierIdInvalid: 'A ticket type id may hold only lower-case letters, digits and single hyphens.',
  tierIdTaken: (id: string) => `Two ticket types have the id "${id}"; each needs its own.`,
  tierNameRequired: 'Each ticket type needs a name.',
  tooManyTiers: `An event may have at most ${EVENT_LIMITS.tiers} ticket types.`,
  tooManyBenefits: `A ticket type may list at most ${EVENT_LIMITS.benefits} benefits.`,
  placesTaken: (taken: number) => `${taken} places are already taken; the capacity cannot be lower.`,
  hasRegistrations: 'This event has registrations; cancel it instead.',
} as const;

/** One line of text; `what` names it in the messages ("The title must be at most 200 characters."). */
const text = (what: string, max: number) => singleLineText(`The ${what}`, max, { trim: true });
/** Text that keeps its paragraphs: descriptions. */
const paragraphs = (what: string, max: number) => multiLineText(`The ${what}`, max, { trim: true });
const Cents = z
  .number(eventMessages.priceWhole)
  .int(eventMessages.priceWhole)
  .nonnegative(eventMessages.priceWhole)
  .max(EVENT_LIMITS.priceCents, eventMessages.priceTooHigh);
const Capacity = z
  .number(eventMessages.capacityWhole)
  .int(eventMessages.capacityWhole)
  .positive(eventMessages.capacityWhole)
  .max(EVENT_LIMITS.capacity, eventMessages.capacityTooHigh);

/** A ticket type as the admin saves it; the public PricingTier is the same shape. */
export const EventTierInput = z.object({
  id: z
    .string()
    .trim()
    .min(1, eventMessages.tierIdRequired)
    .max(EVENT_LIMITS.tierId, eventMessages.tooLong('ticket type id', EVENT_LIMITS.tierId))
    .regex(SLUG_PATTERN, eventMessages.tierIdInvalid),
  name: text('ticket type name', EVENT_LIMITS.tierName).min(1, eventMessages.tierNameRequired),
  price: Cents,
  description: paragraphs('ticket type description', EVENT_LIMITS.tierDescription).default(''),
  benefits: z
    .array(text('benefit', EVENT_LIMITS.benefit).min(1, 'A benefit cannot be empty.'))
    .max(EVENT_LIMITS.benefits, eventMessages.tooManyBenefits)
    .default([]),
  capacity: Capacity.nullable().optional(),
}) satisfies z.ZodType<PricingTier, unknown>;
export type EventTierInput = z.infer<typeof EventTierInput>;

const optionalText = (what: string, max: number, multiLine = false) =>
  (multiLine ? paragraphs(what, max) : text(what, max))
    .nullable()
    .optional()
    .transform((value) => value || null);

/** POST /api/admin/events and PUT /api/admin/events/{id}: the whole event; prices in cents. */
export const AdminEventInput = z
  .object({
    title: text('title', EVENT_LIMITS.title).min(1, eventMessages.titleRequired),
    /** Derived from the title when empty on create; kept when empty on update. */
    slug: z
      .string()
      .trim()
      .max(SLUG_MAX, eventMessages.tooLong('address', SLUG_MAX))
      .regex(SLUG_PATTERN, eventMessages.slugInvalid)
      .or(z.literal(''))
      .optional(),
    description: optionalText('description', EVENT_LIMITS.description, true),
    imageUrl: webAddress('The image address', EVENT_LIMITS.imageUrl)
      .nullable()
      .optional()
      .transform((value) => value || null),
    imageAlt: optionalText('image description', EVENT_LIMITS.imageAlt),
    startDate: IsoDateTime.or(z.literal('')).refine((v) => v !== '', eventMessages.dateInvalid),
    endDate: IsoDateTime.or(z.literal('')).refine((v) => v !== '', eventMessages.dateInvalid),
    location: text('location', EVENT_LIMITS.location).min(1, eventMessages.locationRequired),
    price: Cents.default(0),
    requiresPayment: z.boolean().default(false),
    pricingTiers: z.array(EventTierInput).max(EVENT_LIMITS.tiers, eventMessages.tooManyTiers).default([]),
    capacity: Capacity.nullable().default(null),
    status: EventStatus.default('draft'),
  })
  .superRefine((event, ctx) => {
    if (event.startDate && event.endDate && Date.parse(event.endDate) < Date.parse(event.startDate)) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: eventMessages.endBeforeStart });
    }
    if (event.imageUrl && !event.imageAlt) {
      ctx.addIssue({ code: 'custom', path: ['imageAlt'], message: eventMessages.altRequired });
    }
    const seen = new Set<string>();
    event.pricingTiers.forEach((tier, index) => {
      if (seen.has(tier.id)) {
        ctx.addIssue({
          code: 'custom',
          path: ['pricingTiers', index, 'id'],
          message: eventMessages.tierIdTaken(tier.id),
        });
      }
      seen.add(tier.id);
    });
  })
  .meta({ id: 'AdminEventInput' });
export type AdminEventInput = z.infer<typeof AdminEventInput>;
export type AdminEventDraft = z.input<typeof AdminEventInput>;

/** The places of one limit: the whole event (tierId '') or one ticket type. */
export const EventPlaces = z.object({
  tierId: z.string(),
  capacity: z.number().int(),
  taken: z.number().int(),
});

/** GET /api/admin/events/{id}: the event as saved, with its registrations and places. */
export const AdminEvent = z
  .object({
    id: z.uuid(),
    slug: z.string(),
    title: z.string(),
    description: z.string().nullable(),
    imageUrl: z.string().nullable(),
    imageAlt: z.string().nullable(),
    startDate: IsoDateTime,
    endDate: IsoDateTime,
    location: z.string(),
    price: z.number().int(),
    requiresPayment: z.boolean(),
    pricingTiers: z.array(PricingTier),
    capacity: z.number().int().nullable(),
    status: EventStatus,
    updatedAt: IsoDateTime,
    registrations: z.number().int(),
    places: z.array(EventPlaces),
  })
  .meta({ id: 'AdminEvent' });
export type AdminEvent = z.infer<typeof AdminEvent>;

export const AdminEventListItem = z.object({
  id: z.uuid(),
  slug: z.string(),
  title: z.string(),
  startDate: IsoDateTime,
  endDate: IsoDateTime,
  location: z.string(),
  status: EventStatus,
  capacity: z.number().int().nullable(),
  /** Registrations not cancelled. */
  registrations: z.number().int(),
  /** Places taken of the whole event's limit, or of its tiers' together; null without limits. */
  placesTaken: z.number().int().nullable(),
});
export type AdminEventListItem = z.infer<typeof AdminEventListItem>;

/** GET /api/admin/events: upcoming first (soonest first), then past ones (latest first). */
export const AdminEventList = successData('AdminEventList', z.array(AdminEventListItem));
export type AdminEventList = z.infer<typeof AdminEventList>;

export const AdminEventListQuery = z.object({
  q: text('search', TEXT_LIMITS.search).optional(),
  status: EventStatus.optional(),
});

/** POST → 201, PUT → 200. */
export const AdminEventSaved = successData('AdminEventSaved', z.object({ id: z.uuid(), slug: z.string() }));
export type AdminEventSaved = z.infer<typeof AdminEventSaved>;

/** What the admin reads about cancelling an event and its refunds (docs/decisions/050). */
export const eventCancelMessages = {
  notPublished: 'Only a published event can be cancelled; a draft can be deleted instead.',
  figuresChanged: (paid: number, total: string) =>
    `The paid registrations changed while you were deciding: now ${paid} to refund, $${total} in all. Please confirm again.`,
  refundInFlight:
    'A refund of a registration’s payment is already in progress; wait until it is done, then cancel the event.',
  refundNotFound: 'This event’s cancellation asked for no refund of that payment.',
  refundNotFailed: 'Only a failed refund can be retried; this one is under way or done.',
  retryRefused: 'This refund could not be asked again: it is already under way or nothing is left to refund.',
  useCancel: 'Cancel the event with “Cancel event”, which refunds its paid registrations.',
} as const;

const WholeNumber = (message: string) => z.number(message).int(message).nonnegative(message);

/**
 * POST /api/admin/events/{id}/cancel: the figures the confirmation showed. The cancellation goes
 * ahead only when they are still true, so the admin never refunds other than what they confirmed.
 */
export const EventCancelInput = z
  .object({
    paidRegistrations: WholeNumber('The number of paid registrations must be a whole number, not negative.'),
    refundTotalCents: WholeNumber('The total to refund must be a whole number of cents, not negative.'),
  })
  .strict()
  .meta({ id: 'EventCancelInput' });
export type EventCancelInput = z.infer<typeof EventCancelInput>;

/** One charge's refund for a cancellation: its latest (a retry replaces a failed one). */
export const CancellationRefund = z.object({
  refundId: z.uuid(),
  chargeRowId: z.uuid(),
  paymentId: z.uuid(),
  registrationId: z.uuid(),
  name: z.string(),
  amountCents: z.number().int(),
  state: z.enum(['queued', 'processing', 'succeeded', 'failed']),
  failureMessage: z.string().nullable(),
});
export type CancellationRefund = z.infer<typeof CancellationRefund>;

/**
 * GET /api/admin/events/{id}/cancellation: before cancelling, what it would refund (paid
 * registrations and the total, in cents) and how many free registrants would be told; after, the
 * refunds' progress (queued counts queued and processing).
 */
export const EventCancellation = z
  .object({
    status: EventStatus,
    paidRegistrations: z.number().int(),
    refundTotalCents: z.number().int(),
    freeRegistrations: z.number().int(),
    progress: z.object({
      queued: z.number().int(),
      done: z.number().int(),
      failed: z.number().int(),
      total: z.number().int(),
      refundedCents: z.number().int(),
      refunds: z.array(CancellationRefund),
    }),
  })
  .meta({ id: 'EventCancellation' });
export type EventCancellation = z.infer<typeof EventCancellation>;

/** POST …/cancel (202 when cancelled now, 200 when it already was) and POST …/refunds/{chargeRowId}/retry (202). */
export const EventCancelled = successData('EventCancelled', EventCancellation);
export type EventCancelled = z.infer<typeof EventCancelled>;
