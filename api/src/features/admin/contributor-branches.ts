import type { ContributorType, ContributorsFilter } from '@pillars/contracts/admin';
import {
  contributorNameKey,
  contributorSearchText,
  donationDetailsSql,
  donations,
  eventRegistrations,
  membershipApplications,
  membershipDetailsSql,
  membershipInterestDetailsSql,
  memberships,
  type PaymentKind,
  centsAsDollarsSql,
} from '@pillars/platform/db';
import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { FREE_REGISTRATION_METHOD, membershipDollarsSql, membershipHasPlan } from './contributors.service';

/**
 * The dashboard's list reads each kind of record from its own table, a branch each
 * (docs/decisions/031): what a branch's table, columns and payment kinds are.
 */

/** One kind of record as the list sees it: its table, its row expressions and its payment kinds (none for one never paid). */
export type Branch = {
  type: ContributorType;
  table: PgTable;
  id: AnyPgColumn;
  createdAt: AnyPgColumn;
  /** The provider's payment id column; none for a kind that is never paid. */
  payTheoryPaymentId?: AnyPgColumn;
  /** The stored status, which the Declined and Cancelled filters read. */
  status: AnyPgColumn;
  kinds: readonly PaymentKind[];
  /** The amount in dollars, exact (numeric). */
  dollars: SQL;
  nameKey: SQL;
  searchText: SQL;
  /**
   * A registration's event and ticket type: its details ("{event title} - {tier name}") are not
   * in its search text but read from the event, so the search matches them through the event.
   */
  event?: { id: AnyPgColumn; tier: AnyPgColumn };
  /** The SELECT list of a ContributorRow, without created_at. */
  columns: SQL;
};

const registrationDollars = centsAsDollarsSql(eventRegistrations.paymentAmount);
const registrationFee = sql`coalesce(${eventRegistrations.paymentAmount}, 0)`;

const BRANCHES: readonly Branch[] = [
  {
    type: 'Contribution',
    table: donations,
    id: donations.id,
    createdAt: donations.createdAt,
    payTheoryPaymentId: donations.payTheoryPaymentId,
    status: donations.status,
    kinds: ['donation', 'recurring_donation'],
    dollars: sql`${donations.amount}`,
    nameKey: contributorNameKey(donations),
    searchText: contributorSearchText(donations, donationDetailsSql(donations.isRecurring)),
    columns: sql`${donations.id} AS id, ${donations.firstName} AS first_name, ${donations.lastName} AS last_name,
      ${donations.email} AS email, ${donations.phone} AS phone, 'Contribution' AS type,
      ${donations.amount}::float8 AS amount, ${donations.status} AS status, ${donations.paymentMethod} AS payment_method,
      ${donations.isRecurring} AS is_recurring, ${donations.payTheoryPaymentId} AS pay_theory_payment_id,
      ${donationDetailsSql(donations.isRecurring)} AS details, NULL::uuid AS event_id, NULL::text AS selected_tier`,
  },
  {
    type: 'Membership',
    table: memberships,
    id: memberships.id,
    createdAt: memberships.createdAt,
    payTheoryPaymentId: memberships.payTheoryPaymentId,
    status: memberships.status,
    kinds: ['membership'],
    dollars: membershipDollarsSql,
    nameKey: contributorNameKey(memberships),
    searchText: contributorSearchText(memberships, membershipDetailsSql(memberships.message)),
    columns: sql`${memberships.id} AS id, ${memberships.firstName} AS first_name, ${memberships.lastName} AS last_name,
      ${memberships.email} AS email, ${memberships.phone} AS phone, 'Membership' AS type,
      ${membershipDollarsSql}::float8 AS amount, ${memberships.status} AS status,
      ${memberships.paymentMethod} AS payment_method, ${membershipHasPlan} AS is_recurring,
      ${memberships.payTheoryPaymentId} AS pay_theory_payment_id, ${membershipDetailsSql(memberships.message)} AS details,
      NULL::uuid AS event_id, NULL::text AS selected_tier`,
  },
  {
    type: 'Event Registration',
    table: eventRegistrations,
    id: eventRegistrations.id,
    createdAt: eventRegistrations.createdAt,
    payTheoryPaymentId: eventRegistrations.payTheoryPaymentId,
    status: eventRegistrations.status,
    kinds: ['registration'],
    dollars: registrationDollars,
    nameKey: contributorNameKey(eventRegistrations),
    searchText: contributorSearchText(eventRegistrations, sql`''`),
    event: { id: eventRegistrations.eventId, tier: eventRegistrations.selectedTier },
    columns: sql`${eventRegistrations.id} AS id, ${eventRegistrations.firstName} AS first_name,
      ${eventRegistrations.lastName} AS last_name, ${eventRegistrations.email} AS email,
      ${eventRegistrations.phone} AS phone, 'Event Registration' AS type, ${registrationDollars}::float8 AS amount,
      ${eventRegistrations.status} AS status,
      CASE WHEN ${registrationFee} > 0 THEN 'card' ELSE ${FREE_REGISTRATION_METHOD} END AS payment_method,
      false AS is_recurring, ${eventRegistrations.payTheoryPaymentId} AS pay_theory_payment_id, '' AS details,
      ${eventRegistrations.eventId} AS event_id, ${eventRegistrations.selectedTier} AS selected_tier`,
  },
  {
    // A membership application (docs/decisions/051-membership-interest.md): $0, no payment, not
    // recurring; its payment method reads 'none', since nothing was or will be charged for it.
    type: 'Membership Interest',
    table: membershipApplications,
    id: membershipApplications.id,
    createdAt: membershipApplications.createdAt,
    status: membershipApplications.status,
    kinds: [],
    dollars: sql`0::numeric`,
    nameKey: contributorNameKey(membershipApplications),
    searchText: contributorSearchText(
      membershipApplications,
      membershipInterestDetailsSql(membershipApplications.message),
    ),
    columns: sql`${membershipApplications.id} AS id, ${membershipApplications.firstName} AS first_name,
      ${membershipApplications.lastName} AS last_name, ${membershipApplications.email} AS email,
      ${membershipApplications.phone} AS phone, 'Membership Interest' AS type, 0::float8 AS amount,
      ${membershipApplications.status} AS status, 'none' AS payment_method, false AS is_recurring,
      NULL::text AS pay_theory_payment_id, ${membershipInterestDetailsSql(membershipApplications.message)} AS details,
      NULL::uuid AS event_id, NULL::text AS selected_tier`,
  },
];

/** The branches a filter reads: one kind's, or every kind's. */
export function branchesOf(filter: ContributorsFilter): readonly Branch[] {
  return filter.type ? BRANCHES.filter((b) => b.type === filter.type) : BRANCHES;
}

/** Each kind's e-mail column, for reads of the matching set by address. */
export const EMAIL_OF: Record<ContributorType, AnyPgColumn> = {
  Contribution: donations.email,
  Membership: memberships.email,
  'Event Registration': eventRegistrations.email,
  'Membership Interest': membershipApplications.email,
};
