import { z } from 'zod';
import { AdminUser } from './auth';
import { IsoDateTime, TEXT_LIMITS, multiLineText, singleLineText, successList } from './common';
import { isTimeZone } from './contributors-csv';

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
const STATE_OF_RECORD = z.string().optional();

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

/** An IANA zone name is far below this ('America/Argentina/ComodRivadavia' is 32). */
const TIME_ZONE_MAX = 64;

/**
 * GET /api/admin/contributors/export query: the filters and the order of the page query, and the
 * admin's IANA time zone, in which the file's dates and its name's day are written (default UTC).
 */
export const ContributorsExportQuery = ContributorsFilter.extend({
  sort: ContributorSortKey.default('date'),
  direction: SortDirection.optional(),
  timeZone: z
    .string()
    .max(TIME_ZONE_MAX)
    .refine(isTimeZone, 'Expected an IANA time zone such as America/New_York')
    .optional(),
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

/** GET /api/admin/users: the admin accounts, oldest first. */
export const AdminUserList = z.array(AdminUser).meta({ id: 'AdminUserList' });

/** POST /api/admin/users → 201. */
export const AdminUserCreated = z
  .object({ success: z.literal(true), user: AdminUser })
  .meta({ id: 'AdminUserCreated' });

/** PUT /api/admin/profile → 200. */
export const ProfileUpdated = z
  .object({ success: z.literal(true), message: z.string(), user: AdminUser })
  .meta({ id: 'ProfileUpdated' });

/** PUT /api/admin/{contributions|registrations}/{id}/status → 200; a non-pending item is a 409. */
export const StatusChanged = z.object({
  success: z.literal(true),
  data: z.object({ id: z.string(), status: RegistrationStatusChange.shape.status }),
});

/** A refund an admin asked for (docs/decisions/019), as the payment detail lists it. */
export const AdminRefund = z.object({
  id: z.uuid(),
  amountCents: z.number().int(),
  state: z.enum(['queued', 'processing', 'succeeded', 'failed']),
  /** The admin's username. */
  requestedBy: z.string(),
  reason: z.string().nullable(),
  /** Why the provider refused it (state failed). */
  failureMessage: z.string().nullable(),
  providerRefundId: z.string().nullable(),
  /** True when the provider voided the charge (it had not settled), false when it refunded; null until done. */
  isVoid: z.boolean().nullable(),
  /** A partial void's replacement: the transaction that now carries the rest of the charge. */
  replacementTransactionId: z.string().nullable(),
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type AdminRefund = z.infer<typeof AdminRefund>;

/** A charge's state at the provider, as last read (docs/decisions/019); nulls until read. */
export const ProviderChargeStateView = z.object({
  /** Pay Theory's status: PENDING, SUCCEEDED, SETTLED, PARTIALLY_REFUNDED, REFUNDED, VOIDED, … */
  status: z.string().nullable(),
  settled: z.boolean().nullable(),
  /** The settlement batch it was paid out in. */
  settlementBatch: z.number().int().nullable(),
  /** POTENTIAL_DUPLICATE, EXCEEDS_THRESHOLD, …: its funds are held until Pay Theory resolves it. */
  reviewFlag: z.string().nullable(),
  readAt: IsoDateTime.nullable(),
});

/** A charge of a payment (its first charge or an instalment): a `transactions` row that took money. */
export const AdminCharge = z.object({
  /** The `transactions` row's id: what POST /api/admin/refunds names as chargeRowId. */
  id: z.uuid(),
  amountCents: z.number().int(),
  providerTransactionId: z.string().nullable(),
  buyerName: z.string(),
  createdAt: IsoDateTime,
  /** What may still be refunded: the amount less succeeded refunds and the one in flight. */
  refundableCents: z.number().int(),
  provider: ProviderChargeStateView,
  /**
   * What giving money back will be at the provider: a `void` while the charge is not settled (it
   * is never paid out; a part voided leaves a new charge for the rest), a `refund` once settled;
   * `unknown` when its state could not be read.
   */
  reversalKind: z.enum(['void', 'refund', 'unknown']),
  refunds: z.array(AdminRefund),
});
export type AdminCharge = z.infer<typeof AdminCharge>;

/**
 * A dispute of one of the payment's charges as the provider last reported it
 * (docs/decisions/047-disputes.md). `open` says whether the money is still contested.
 */
export const AdminDispute = z.object({
  id: z.uuid(),
  providerDisputeId: z.string(),
  providerTransactionId: z.string(),
  /** Pay Theory's status: INQUIRY, PENDING (open), WON, LOST. */
  status: z.string(),
  open: z.boolean(),
  amountCents: z.number().int(),
  reason: z.string().nullable(),
  reasonMessage: z.string().nullable(),
  disputedAt: IsoDateTime.nullable(),
  /** The last day to send evidence contesting it. */
  evidenceDueAt: IsoDateTime.nullable(),
  /** When the ledger first recorded it, and last recorded a change. */
  createdAt: IsoDateTime,
  updatedAt: IsoDateTime,
});
export type AdminDispute = z.infer<typeof AdminDispute>;

/**
 * GET /api/admin/payments/{id}: one charge from the ledger and the state of the queue job that
 * settles it, for operators. Never the payment-method token.
 */
export const AdminPaymentDetail = z
  .object({
    id: z.uuid(),
    kind: z.enum(['donation', 'recurring_donation', 'membership', 'registration']),
    recordId: z.uuid(),
    amountCents: z.number().int(),
    state: z.enum(['queued', 'processing', 'succeeded', 'failed']),
    /** Charge attempts the worker has begun. */
    attempts: z.number().int(),
    failureCode: z.string().nullable(),
    failureMessage: z.string().nullable(),
    providerTransactionId: z.string().nullable(),
    providerRecurringId: z.string().nullable(),
    claimedTransactionId: z.string().nullable(),
    nextPaymentDate: z.string().nullable(),
    /** Sent to the provider as metadata: the key to look an unclear charge up there. */
    idempotencyKey: z.string(),
    createdAt: IsoDateTime,
    updatedAt: IsoDateTime,
    /** When the last charge request went out (null: never sent); docs/decisions/010. */
    lastSentAt: IsoDateTime.nullable(),
    /**
     * Charges (or plans) the provider made twice for this payment and the worker reversed: each
     * is also an error in the worker log. Empty when all is well.
     */
    duplicatesReversed: z.array(
      z.object({ entityType: z.string(), entityId: z.string(), refundId: z.string().nullable(), at: IsoDateTime }),
    ),
    /**
     * A monthly plan's dunning and cancellation (docs/decisions/018); null for a one-time payment.
     */
    plan: z
      .object({
        /** When its instalments started failing, with no success since; null when paying. */
        failingSince: IsoDateTime.nullable(),
        /** Failed instalments recorded since failingSince (0 when not failing). */
        failedAttemptsSince: z.number().int(),
        cancelRequestedAt: IsoDateTime.nullable(),
        /** `donor`, `system` (the grace period ran out) or the admin's username. */
        cancelRequestedBy: z.string().nullable(),
        cancelReason: z.string().nullable(),
        /** When the provider confirmed the plan stopped. */
        cancelledAt: IsoDateTime.nullable(),
      })
      .nullable(),
    job: z.object({
      name: z.string(),
      queue: z.string(),
      id: z.string(),
      /**
       * BullMQ's state ('waiting', 'active', 'delayed', 'completed', 'failed', …); 'unknown' when the
       * job is gone (completed jobs are kept a day), 'unavailable' when the queue backend did not answer.
       */
      state: z.string(),
    }),
    /** The money this payment took, oldest first, each with its refunds. */
    charges: z.array(AdminCharge),
    /** Disputes of its charges, oldest first; empty when none. */
    disputes: z.array(AdminDispute),
  })
  .meta({ id: 'AdminPaymentDetail' });
export type AdminPaymentDetail = z.infer<typeof AdminPaymentDetail>;

/** A cursor is an ISO date-time, '_' and a row id: far below this. */
const AUDIT_CURSOR_MAX = 100;

/** The most audit entries one GET /api/admin/audit-log answers. */
export const AUDIT_LOG_MAX_LIMIT = 100;

/**
 * Where the next page of the audit log starts: the last entry's `createdAt` and `id` joined by '_'
 * (entries are ordered newest first by both, so the cursor is stable while new rows arrive).
 */
export const AuditLogCursor = z
  .string()
  .max(AUDIT_CURSOR_MAX, 'Expected the nextCursor of a previous answer')
  .regex(/^[^_]+_\d+$/, 'Expected the nextCursor of a previous answer')
  .refine(
    (value) => !Number.isNaN(Date.parse(value.split('_')[0] ?? '')),
    'Expected the nextCursor of a previous answer',
  );

/** Actions are short dotted names such as 'contribution.confirmed'. */
const AUDIT_ACTION_MAX = 100;

/** GET /api/admin/audit-log query: every filter optional; `from`/`to` are ISO dates or date-times. */
export const AuditLogQuery = z.object({
  /** The actor's username (as recorded) or user id. */
  actor: singleLineText('Actor', TEXT_LIMITS.search, { trim: true }).min(1).optional(),
  /** Words to find in the action or the subject (entity type and id), each in any case and as any part of a word. */
  action: singleLineText('Action', AUDIT_ACTION_MAX, { trim: true }).min(1).optional(),
  /** Entries at or after this instant (a bare date is its start, UTC). */
  from: z.union([z.iso.date(), IsoDateTime]).optional(),
  /** Entries before the end of this date (a bare date includes the whole day, UTC), or before this instant. */
  to: z.union([z.iso.date(), IsoDateTime]).optional(),
  before: AuditLogCursor.optional(),
  limit: z.coerce.number().int().min(1).max(AUDIT_LOG_MAX_LIMIT).default(50),
});
export type AuditLogQuery = z.infer<typeof AuditLogQuery>;

export const AuditLogEntry = z.object({
  id: z.number().int(),
  /** The acting user's id; null when the account was deleted or a process acted (the worker). */
  actorUserId: z.string().nullable(),
  actorLabel: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string(),
  before: z.record(z.string(), z.unknown()).nullable(),
  after: z.record(z.string(), z.unknown()).nullable(),
  createdAt: IsoDateTime,
});
export type AuditLogEntry = z.infer<typeof AuditLogEntry>;

/** GET /api/admin/audit-log → 200: newest first; nextCursor is null on the last page. */
export const AuditLogPage = z
  .object({ success: z.literal(true), data: z.array(AuditLogEntry), nextCursor: AuditLogCursor.nullable() })
  .meta({ id: 'AuditLogPage' });
export type AuditLogPage = z.infer<typeof AuditLogPage>;

/** GET /api/admin/payments?recordId=: the payments of one record, newest first, to open their detail. */
export const PaymentsOfRecordQuery = z.object({ recordId: z.uuid() });
export const PaymentOfRecord = z.object({
  id: z.uuid(),
  kind: AdminPaymentDetail.shape.kind,
  state: AdminPaymentDetail.shape.state,
  amountCents: z.number().int(),
  createdAt: IsoDateTime,
});
export type PaymentOfRecord = z.infer<typeof PaymentOfRecord>;
export const PaymentsOfRecord = successList(PaymentOfRecord).meta({ id: 'PaymentsOfRecord' });
export type PaymentsOfRecord = z.infer<typeof PaymentsOfRecord>;

/** Longest reason an admin may give for a refund or a plan cancellation. */
export const ADMIN_REASON_MAX = 500;
const Reason = multiLineText('Reason', ADMIN_REASON_MAX, { trim: true }).optional();

/** POST /api/admin/refunds: give back all or part of one charge (docs/decisions/019). */
export const RefundCreate = z
  .object({
    /** The charge's `transactions` row (AdminCharge.id). */
    chargeRowId: z.uuid(),
    /** Integer cents; the server checks it against what is left of the charge. */
    amountCents: z.number().int(),
    reason: Reason,
  })
  .meta({ id: 'RefundCreate' });
export type RefundCreate = z.infer<typeof RefundCreate>;

/** POST /api/admin/refunds → 202: the refund is queued; the payment detail shows how it ends. */
export const RefundAccepted = z
  .object({
    success: z.literal(true),
    data: z.object({
      id: z.uuid(),
      paymentId: z.uuid(),
      amountCents: z.number().int(),
      state: AdminRefund.shape.state,
    }),
  })
  .meta({ id: 'RefundAccepted' });
export type RefundAccepted = z.infer<typeof RefundAccepted>;

/** POST /api/admin/payments/{id}/cancel-plan. */
export const PlanCancelCreate = z.object({ reason: Reason }).meta({ id: 'PlanCancelCreate' });
export type PlanCancelCreate = z.infer<typeof PlanCancelCreate>;

/** POST /api/admin/payments/{id}/cancel-plan → 202: a cancel-recurring job is queued. */
export const PlanCancelAccepted = z
  .object({ success: z.literal(true), data: z.object({ paymentId: z.uuid(), cancelRequestedAt: IsoDateTime }) })
  .meta({ id: 'PlanCancelAccepted' });
export type PlanCancelAccepted = z.infer<typeof PlanCancelAccepted>;
