import { sql } from 'drizzle-orm';
import { check, index, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, id, inList } from './columns';
import { contributorNameKey, contributorSearchText, membershipInterestDetailsSql } from './contributor-keys';

/**
 * A membership application's states: `new` as the home page's form stores it, `reviewed` once the
 * organisation has followed it up (an application an admin had confirmed as a membership row
 * before the kind existed is moved here as `reviewed`, docs/decisions/051-membership-interest.md).
 */
export const MEMBERSHIP_APPLICATION_STATES = ['new', 'reviewed'] as const;
export type MembershipApplicationState = (typeof MEMBERSHIP_APPLICATION_STATES)[number];

/**
 * Interest in becoming a member, from the home page's form: a person to contact, never a
 * membership. It has no payment, no plan and no waiver, so it is kept apart from `memberships`,
 * whose rows are members and are counted and listed as such (docs/decisions/051-membership-interest.md).
 */
export const membershipApplications = pgTable(
  'membership_applications',
  {
    id: id(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message'),
    /** How the applicant said they would pay, as the form sends it; nothing is charged. */
    paymentMethod: text('payment_method').notNull(),
    status: text('status').$type<MembershipApplicationState>().notNull().default('new'),
    createdAt: createdAt(),
  },
  (t) => [
    index('membership_applications_email_lower_idx').on(sql`lower(${t.email})`),
    // The admin's contributor list: its keyset orders and trigram search (docs/decisions/031).
    index('membership_applications_created_at_id_idx').on(t.createdAt, t.id),
    index('membership_applications_name_key_idx').on(contributorNameKey(t), t.id),
    index('membership_applications_search_trgm_idx').using(
      'gin',
      sql`${contributorSearchText(t, membershipInterestDetailsSql(t.message))} gin_trgm_ops`,
    ),
    check('membership_applications_status_known', inList('status', MEMBERSHIP_APPLICATION_STATES)),
  ],
);
