import { z } from 'zod';
import { IsoDateTime, TEXT_LIMITS, singleLineText } from './common';
import { TimeZone } from './time-zone';

// The dashboard's contributors list: its rows, filters, sort, pages, CSV export query and recipients.

/**
 * The kinds of record the dashboard lists. `Membership Interest` is an application from the home
 * page's form: a person to contact, $0 and no payment, never counted as a membership
 * (docs/decisions/051-membership-interest.md).
 */
export const ContributorType = z.enum(['Contribution', 'Membership', 'Event Registration', 'Membership Interest']);
export type ContributorType = z.infer<typeof ContributorType>;

/**
 * What a person is told a record is (STATE_OF_RECORD): the state the ledger gives it over its stored
 * status (recordStanding, docs/decisions/052-what-a-record-says.md), e.g. `refunded` for a gift given
 * back whole whose record was set to `cancelled`, `partly_refunded`, `voided`, `disputed`,
 * `declined`, else the stored status. Lists show it in words with recordStateLabel. Optional for
 * older answers; a reader falls back to `status`.
 */
export const STATE_OF_RECORD = z.string().optional();

/** One row of the admin dashboard, whatever the record's kind; amount in dollars. */
export const ContributorRow = z.object({
  id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  phone: z.string().nullable(),
  type: ContributorType,
  amount: z.number(),
  /** The record's stored status, its life-cycle, which the actions (Confirm, check-in) go by. */
  status: z.string(),
  /** What a person is told it is: STATE_OF_RECORD. */
  state: STATE_OF_RECORD,
  paymentMethod: z.string(),
  isRecurring: z.boolean(),
  payTheoryPaymentId: z.string().nullable(),
  details: z.string(),
  createdAt: IsoDateTime,
});
export type ContributorRow = z.infer<typeof ContributorRow>;

export const ContributorsSummary = z.object({
  totalContributors: z.number().int(),
  totalDonations: z.number().int(),
  totalMemberships: z.number().int(),
  totalEventRegistrations: z.number().int(),
  totalAmount: z.number(),
});

export const ContributorsResponse = z
  .object({
    success: z.literal(true),
    contributors: z.array(ContributorRow),
    summary: ContributorsSummary,
  })
  .meta({ id: 'ContributorsResponse' });
export type ContributorsResponse = z.infer<typeof ContributorsResponse>;

/**
 * The columns the dashboard sorts by, each with the direction a first click sorts it in (product
 * rule): a name sort starts A to Z, an amount sort largest first, a date sort newest first.
 */
export const CONTRIBUTOR_SORT_FIRST_DIRECTION = { name: 'asc', amount: 'desc', date: 'desc' } as const;
export const ContributorSortKey = z.enum(['name', 'amount', 'date']);
export type ContributorSortKey = z.infer<typeof ContributorSortKey>;
export const SortDirection = z.enum(['asc', 'desc']);
export type SortDirection = z.infer<typeof SortDirection>;

/** The most rows one page of GET /api/admin/contributors/page answers, and its default (docs/decisions/031). */
export const CONTRIBUTORS_PAGE_MAX_LIMIT = 200;
export const CONTRIBUTORS_PAGE_DEFAULT_LIMIT = 50;
/** A cursor is the base64url of a sort value and a row id: far below this. */
const CONTRIBUTORS_CURSOR_MAX = 600;
export const contributorsCursorMessage = 'Expected the nextCursor of a previous answer';
/** Opaque: where the next page starts, as the previous answer's nextCursor gave it. */
export const ContributorsCursor = z
  .string()
  .max(CONTRIBUTORS_CURSOR_MAX, contributorsCursorMessage)
  .regex(/^[A-Za-z0-9_-]+$/, contributorsCursorMessage);

/**
 * A state the list can be narrowed to: `disputed`, a record one of whose charges has a dispute
 * recorded, open or decided (docs/decisions/047-disputes.md); the others are the states the ledger
 * gives a record as its rows show them (recordStanding, docs/decisions/052-what-a-record-says.md):
 * given back whole by a refund, in part, or whole by voids; a declined attempt with no money moved;
 * cancelled without money given back.
 */
export const ContributorStatusFilter = z.enum([
  'refunded',
  'partly_refunded',
  'voided',
  'disputed',
  'declined',
  'cancelled',
]);
export type ContributorStatusFilter = z.infer<typeof ContributorStatusFilter>;

/**
 * The dashboard's filters (docs/decisions/031): `q` the search box (name, e-mail, details, phone,
 * payment id; case-insensitive substring, `%` and `_` match themselves), `type` one kind of record,
 * `transactionId` a substring of the payment id, `amount` an exact amount in dollars, `status` a
 * state of its payments (ContributorStatusFilter). A `q` or
 * `transactionId` that is a payment's reference (`PAY-3F2A9C1B04`, paymentReferenceOf) matches
 * the record that payment pays for, and only it (docs/decisions/046).
 */
export const ContributorsFilter = z.object({
  q: singleLineText('Search', TEXT_LIMITS.search, { trim: true }).optional(),
  type: ContributorType.optional(),
  transactionId: singleLineText('Transaction ID', TEXT_LIMITS.search, { trim: true }).optional(),
  amount: z
    .string()
    .trim()
    .regex(/^\$?\d{1,8}(\.\d{1,2})?$/, 'Expected an amount in dollars, such as 25 or 25.50')
    .optional(),
  status: ContributorStatusFilter.optional(),
});
export type ContributorsFilter = z.infer<typeof ContributorsFilter>;

/**
 * GET /api/admin/contributors/page query: the filters, a sort (date by default) whose direction
 * defaults to the column's first direction, a page size and the cursor of the previous page.
 */
export const ContributorsPageQuery = ContributorsFilter.extend({
  sort: ContributorSortKey.default('date'),
  direction: SortDirection.optional(),
  limit: z.coerce.number().int().min(1).max(CONTRIBUTORS_PAGE_MAX_LIMIT).default(CONTRIBUTORS_PAGE_DEFAULT_LIMIT),
  cursor: ContributorsCursor.optional(),
});
export type ContributorsPageQuery = z.infer<typeof ContributorsPageQuery>;

/**
 * GET /api/admin/contributors/page → 200: one page of rows in the asked order, the cursor of the
 * next page (null on the last) and how many rows match the filters in all.
 */
export const ContributorsPage = z
  .object({
    success: z.literal(true),
    contributors: z.array(ContributorRow),
    nextCursor: ContributorsCursor.nullable(),
    total: z.number().int(),
  })
  .meta({ id: 'ContributorsPage' });
export type ContributorsPage = z.infer<typeof ContributorsPage>;

/**
 * GET /api/admin/contributors/export query: the filters and the order of the page query, and the
 * admin's IANA time zone, in which the file's dates and its name's day are written (default UTC).
 */
export const ContributorsExportQuery = ContributorsFilter.extend({
  sort: ContributorSortKey.default('date'),
  direction: SortDirection.optional(),
  timeZone: TimeZone.optional(),
});
export type ContributorsExportQuery = z.infer<typeof ContributorsExportQuery>;

/** GET /api/admin/contributors/summary → 200: the summary cards over the rows the filters match. */
export const ContributorsSummaryResponse = z
  .object({ success: z.literal(true), summary: ContributorsSummary })
  .meta({ id: 'ContributorsSummaryResponse' });
export type ContributorsSummaryResponse = z.infer<typeof ContributorsSummaryResponse>;

/**
 * The most addresses GET /api/admin/contributors/recipients answers (docs/decisions/033): the
 * dashboard's bulk e-mail opens the admin's own mail client, where 2,000 addresses already make some
 * 35 messages of Bcc; a larger audience is for the CSV export and a mailing service.
 */
export const CONTRIBUTOR_RECIPIENTS_MAX = 2000;

/**
 * GET /api/admin/contributors/recipients → 200: the distinct e-mail addresses (compared without
 * case) of the rows the filters match, the most recent contributor first, at most
 * CONTRIBUTOR_RECIPIENTS_MAX of them; `capped` when more addresses match than were answered.
 */
export const ContributorRecipients = z
  .object({ success: z.literal(true), recipients: z.array(z.string()), capped: z.boolean() })
  .meta({ id: 'ContributorRecipients' });
export type ContributorRecipients = z.infer<typeof ContributorRecipients>;
