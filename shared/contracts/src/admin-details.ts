import { z } from 'zod';
import { ContributorsCursor, STATE_OF_RECORD } from './admin-contributors';
import { IsoDateTime, TEXT_LIMITS, singleLineText, successList } from './common';

// The detail lists of contributions, members and registrations, the events' groups, the door search and the recipients.

export const RegistrationDetail = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string(),
  status: z.string(),
  state: STATE_OF_RECORD,
  selectedTier: z.string().nullable(),
  /** The selected tier's name from the event's tiers, when it still has one by that id. */
  selectedTierName: z.string().nullable().optional(),
  comments: z.string().nullable(),
  paymentAmount: z.number().int().nullable(),
  /**
   * What the ledger received for it, in cents, before any refund (recordStanding's original): 0
   * while the fee is unpaid, so a page never shows an unpaid fee as paid. Optional for older clients.
   */
  paidCents: z.number().int().optional(),
  payTheoryPaymentId: z.string().nullable(),
  createdAt: IsoDateTime,
  event: z.object({
    title: z.string(),
    startDate: IsoDateTime,
    endDate: IsoDateTime,
    location: z.string(),
  }),
});
export type RegistrationDetail = z.infer<typeof RegistrationDetail>;

/** Product rule: admins may only move a pending item to confirmed. */
export const StatusChange = z.object({ status: z.literal('confirmed') });

/** Contribution detail (admin contributors page). */
export const ContributionDetail = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  amount: z.string(),
  status: z.string(),
  state: STATE_OF_RECORD,
  paymentMethod: z.string(),
  isRecurring: z.boolean(),
  payTheoryPaymentId: z.string().nullable(),
  createdAt: IsoDateTime,
});
export type ContributionDetail = z.infer<typeof ContributionDetail>;

/** Member detail (admin members page). */
export const MemberDetail = ContributionDetail.extend({
  waiverAccepted: z.boolean(),
  waiverAcceptedAt: z.string().nullable(),
  waiverVersion: z.string().nullable(),
});
export type MemberDetail = z.infer<typeof MemberDetail>;

/**
 * PUT /api/admin/registrations/{id}/status: a registration may also be checked in at the door
 * (`attended`), once it is paid or confirmed (docs/decisions/019).
 */
export const RegistrationStatusChange = z.object({ status: z.enum(['confirmed', 'attended']) });
/** The statuses a registration can be checked in from: paid by card, or confirmed by an admin. */
export const CHECK_IN_FROM: readonly string[] = ['paid', 'confirmed'];

export const ContributionDetailList = successList(ContributionDetail).meta({ id: 'ContributionDetailList' });
export const MemberDetailList = successList(MemberDetail).meta({ id: 'MemberDetailList' });
export const RegistrationDetailList = successList(RegistrationDetail).meta({ id: 'RegistrationDetailList' });

/**
 * The most rows one page of a detail list (GET /api/admin/contributors-detail/page,
 * /members-detail/page, /event-registrations/page) answers, and its default (docs/decisions/034).
 */
export const DETAIL_PAGE_MAX_LIMIT = 200;
export const DETAIL_PAGE_DEFAULT_LIMIT = 24;

/** A detail list's page query: newest first, a page size and the cursor of the previous page. */
export const DetailPageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(DETAIL_PAGE_MAX_LIMIT).default(DETAIL_PAGE_DEFAULT_LIMIT),
  cursor: ContributorsCursor.optional(),
});
export type DetailPageQuery = z.infer<typeof DetailPageQuery>;

/** GET /api/admin/event-registrations/page query: the page, of one event's registrations or of all. */
export const RegistrationsPageQuery = DetailPageQuery.extend({ eventId: z.uuid().optional() });
export type RegistrationsPageQuery = z.infer<typeof RegistrationsPageQuery>;

/**
 * A detail list's page → 200: its rows newest first (ties by id), the cursor of the next page (null
 * on the last) and how many rows the list holds (`total`, counted by the first page).
 */
const detailPage = <T extends z.ZodType>(row: T) =>
  z.object({
    success: z.literal(true),
    data: z.array(row),
    nextCursor: ContributorsCursor.nullable(),
    total: z.number().int(),
  });
export const ContributionDetailPage = detailPage(ContributionDetail).meta({ id: 'ContributionDetailPage' });
export type ContributionDetailPage = z.infer<typeof ContributionDetailPage>;
export const MemberDetailPage = detailPage(MemberDetail).meta({ id: 'MemberDetailPage' });
export type MemberDetailPage = z.infer<typeof MemberDetailPage>;
export const RegistrationDetailPage = detailPage(RegistrationDetail).meta({ id: 'RegistrationDetailPage' });
export type RegistrationDetailPage = z.infer<typeof RegistrationDetailPage>;

/** An event that has registrations, with how many (SQL aggregate), for the events page's groups. */
export const RegisteredEvent = RegistrationDetail.shape.event.extend({
  id: z.uuid(),
  registrations: z.number().int(),
});
export type RegisteredEvent = z.infer<typeof RegisteredEvent>;

/**
 * GET /api/admin/event-registrations/events → 200: the events with registrations, latest event
 * first, and the number of registrations in all (`total`).
 */
export const RegisteredEventList = z
  .object({ success: z.literal(true), data: z.array(RegisteredEvent), total: z.number().int() })
  .meta({ id: 'RegisteredEventList' });
export type RegisteredEventList = z.infer<typeof RegisteredEventList>;

/** GET /api/admin/event-registrations/recipients (and /count) query: one event's registrants, or all. */
export const RegistrationRecipientsQuery = z.object({ eventId: z.uuid().optional() });

/** A door search shorter than this many letters finds nobody: one letter would match half the room. */
export const DOOR_SEARCH_MIN = 2;
/** The most registrants a door search lists, so a phone shows a short list. */
export const DOOR_SEARCH_LIMIT = 20;

/**
 * GET /api/admin/event-registrations/search: check-in at the door, by name or e-mail (every word,
 * any order, case ignored; docs/decisions/034). Answers a RegistrationDetailList.
 */
export const DoorSearchQuery = z.object({ q: singleLineText('Search', TEXT_LIMITS.search, { trim: true }) });

/**
 * GET /api/admin/{contributors-detail|members-detail|event-registrations}/recipients → 200: the
 * list's distinct e-mail addresses (trimmed, compared case-insensitively), for a bulk message to all.
 */
export const RecipientList = successList(z.string()).meta({ id: 'RecipientList' });
export type RecipientList = z.infer<typeof RecipientList>;

/**
 * GET /api/admin/{contributors-detail|members-detail|event-registrations}/recipients/count → 200:
 * how many addresses the matching /recipients answers, for 'Email All (count)'.
 */
export const RecipientCount = z
  .object({ success: z.literal(true), count: z.number().int() })
  .meta({ id: 'RecipientCount' });
export type RecipientCount = z.infer<typeof RecipientCount>;
