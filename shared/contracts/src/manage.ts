import { z } from 'zod';
import { Email, Id, IsoDateTime, TEXT_LIMITS, singleLineText } from './common';

/**
 * "Manage your giving" (docs/decisions/020): a donor asks for a link by e-mail, the link opens a
 * short session for that address, and the session lists and cancels what the address paid for.
 */

/** Texts the API answers and the page shows as they are. */
export const manageMessages = {
  linkRequested: 'If we have contributions, memberships or registrations for this address, we have sent it a link.',
  linkInvalid: 'This link has expired or was already used. Ask for a new one below.',
  sessionRequired: 'Your session has ended. Ask for a new link below.',
  tooManyRequests: (minutes: number) =>
    `Too many link requests. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  cancellationRequested: 'Cancellation requested',
  cancellationAlreadyRequested: 'Cancellation already requested',
  planNotFound: 'Monthly plan not found',
  signedOut: 'Signed out',
} as const;

export const ManageLinkRequest = z.object({ email: Email }).meta({ id: 'ManageLinkRequest' });
export type ManageLinkRequest = z.infer<typeof ManageLinkRequest>;

/** The token of a manage link: 32 random bytes in base64url, 43 characters. */
export const ManageSessionRequest = z
  .object({ token: singleLineText('Token', TEXT_LIMITS.token, { trim: true }).min(1) })
  .meta({ id: 'ManageSessionRequest' });
export type ManageSessionRequest = z.infer<typeof ManageSessionRequest>;

export const ManageSessionStarted = z
  .object({ email: z.string(), expiresAt: IsoDateTime })
  .meta({ id: 'ManageSessionStarted' });
export type ManageSessionStarted = z.infer<typeof ManageSessionStarted>;

/**
 * Where a monthly plan stands for its donor: running (and whether it can be cancelled here),
 * cancellation asked for but not yet confirmed by the provider, or ended.
 */
export const PlanState = z.enum(['active', 'cancellation-requested', 'cancelled']);
export type PlanState = z.infer<typeof PlanState>;

export const ManagedPlan = z.object({
  paymentId: Id,
  state: PlanState,
  /** yyyy-MM-dd of the next charge as the provider reported it; null when none is due. */
  nextChargeDate: z.string().nullable(),
  cancellable: z.boolean(),
});
export type ManagedPlan = z.infer<typeof ManagedPlan>;

/**
 * What a managed record is, from the ledger (recordStanding, docs/decisions/052-what-a-record-says.md):
 * `status` e.g. `refunded`, `partly_refunded`, `voided`, else the record's status, shown with
 * recordStateLabel; `refundedCents`, what was given back of it in cents (0 when nothing was).
 */
const standing = {
  status: z.string(),
  refundedCents: z.number().int().optional(),
};

export const ManagedContribution = z.object({
  id: Id,
  amountCents: z.number().int(),
  isRecurring: z.boolean(),
  ...standing,
  createdAt: IsoDateTime,
  /** A monthly gift's plan; null for a one-time gift or a plan not yet set up. */
  plan: ManagedPlan.nullable(),
});
export type ManagedContribution = z.infer<typeof ManagedContribution>;

/** A membership reads as a gift does, without the one-time/monthly choice (its plan says that). */
export const ManagedMembership = ManagedContribution.omit({ isRecurring: true });
export type ManagedMembership = z.infer<typeof ManagedMembership>;

export const ManagedRegistration = z.object({
  id: Id,
  eventTitle: z.string(),
  eventStartDate: IsoDateTime,
  ...standing,
  /** Cents; null for a free event. */
  amountCents: z.number().int().nullable(),
  createdAt: IsoDateTime,
});
export type ManagedRegistration = z.infer<typeof ManagedRegistration>;

/** What a payment paid for, as a receipt line names it (the payment's kind). */
export const ReceiptKind = z.enum(['donation', 'recurring_donation', 'membership', 'registration']);
export type ReceiptKind = z.infer<typeof ReceiptKind>;

/** A `transactions` row of the address: money received, or given back (negative). */
export const ManagedReceipt = z.object({
  id: Id,
  receiptNumber: z.string(),
  date: IsoDateTime,
  /** Cents; a refund is negative. */
  amountCents: z.number().int(),
  kind: ReceiptKind.nullable(),
  refund: z.boolean(),
});
export type ManagedReceipt = z.infer<typeof ManagedReceipt>;

export const ManageOverview = z
  .object({
    email: z.string(),
    contributions: z.array(ManagedContribution),
    memberships: z.array(ManagedMembership),
    registrations: z.array(ManagedRegistration),
    receipts: z.array(ManagedReceipt),
    /** Years with gifts received, newest first: each has a giving statement. */
    statementYears: z.array(z.number().int()),
  })
  .meta({ id: 'ManageOverview' });
export type ManageOverview = z.infer<typeof ManageOverview>;

export const PlanCancellation = z
  .object({
    paymentId: Id,
    outcome: z.enum(['requested', 'already-requested']),
    message: z.string(),
  })
  .meta({ id: 'PlanCancellation' });
export type PlanCancellation = z.infer<typeof PlanCancellation>;

/** The first and last years a statement can be asked for. */
export const STATEMENT_FIRST_YEAR = 2000;
export const STATEMENT_LAST_YEAR = 2100;

export const StatementYear = z.coerce.number().int().min(STATEMENT_FIRST_YEAR).max(STATEMENT_LAST_YEAR);

export const StatementQuery = z.object({ year: StatementYear });

/** A line of a giving statement: a gift received, or a refund of one (negative). */
export const StatementLine = z.object({
  receiptNumber: z.string(),
  date: IsoDateTime,
  amountCents: z.number().int(),
  kind: z.enum(['donation', 'recurring_donation']),
  refund: z.boolean(),
});
export type StatementLine = z.infer<typeof StatementLine>;

/**
 * A donor's yearly giving statement: gifts only, since membership dues and event fees buy
 * something and are not gifts (docs/decisions/020).
 */
export const GivingStatement = z
  .object({
    year: z.number().int(),
    email: z.string(),
    /** The donor's name on their latest gift, when one was given. */
    donorName: z.string().nullable(),
    orgLegalName: z.string(),
    orgEin: z.string(),
    goodsStatement: z.string(),
    lines: z.array(StatementLine),
    totalCents: z.number().int(),
    issuedAt: IsoDateTime,
  })
  .meta({ id: 'GivingStatement' });
export type GivingStatement = z.infer<typeof GivingStatement>;
