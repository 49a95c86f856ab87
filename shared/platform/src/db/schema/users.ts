import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { bytea } from './bytea';
import { belongsTo, createdAt, id } from './columns';

export const users = pgTable(
  'users',
  {
    id: id(),
    username: text('username').notNull().unique(),
    /** The product names the column `password`; it only ever holds an argon2id hash (ADR 005). */
    passwordHash: text('password').notNull(),
    email: text('email'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    /** SHA-256 of the single-use reset token; the token itself is only in the e-mail. */
    resetToken: text('reset_token'),
    resetTokenExpiry: timestamp('reset_token_expiry', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_reset_token_idx').on(t.resetToken),
  ],
);

/**
 * Lucia-style sessions (lucia-auth.com "Basic session API"): the cookie carries
 * `<id>.<secret>`; only the SHA-256 of the secret is stored.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: belongsTo('user_id', () => users.id, 'cascade'),
    secretHash: bytea('secret_hash').notNull(),
    createdAt: createdAt(),
    lastVerifiedAt: timestamp('last_verified_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Absolute expiry; the idle timeout is checked against lastVerifiedAt. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * What an outbound e-mail is, and so what its `subject_id` names:
 * - `password-reset`: none (the recipient is the address asked for);
 * - `receipt`: the `transactions` row of a succeeded charge or instalment;
 * - `refund-receipt`: the `refunds` row;
 * - `registration-confirmation`: the event registration;
 * - `membership-welcome`: the membership;
 * - `charge-failed`: the `transactions` row of the failed instalment;
 * - `plan-cancelled`: the payment of the plan;
 * - `manage-link`: the `manage_links` row;
 * - `event-cancelled`: the event registration whose event an admin cancelled;
 * - `membership-interest-received`: the `membership_applications` row, to the applicant;
 * - `membership-interest-notice`: the `membership_applications` row, to the organisation's contact address.
 */
export const OUTBOUND_EMAIL_KINDS = [
  'password-reset',
  'receipt',
  'refund-receipt',
  'registration-confirmation',
  'membership-welcome',
  'charge-failed',
  'plan-cancelled',
  'manage-link',
  'event-cancelled',
  'dispute-opened',
  'membership-interest-received',
  'membership-interest-notice',
] as const;
export type OutboundEmailKind = (typeof OUTBOUND_EMAIL_KINDS)[number];
export const OUTBOUND_EMAIL_STATES = ['queued', 'sent', 'skipped', 'failed'] as const;
export type OutboundEmailState = (typeof OUTBOUND_EMAIL_STATES)[number];

/**
 * E-mails the system was asked to send. The API records the request (and its outbox row) in
 * one transaction and a `send-email` job does the rest, so the job carries an id, never an
 * address or a token. A password reset for an unknown address ends `skipped`: the API answers
 * the same either way, and only the worker knows.
 */
export const outboundEmails = pgTable(
  'outbound_emails',
  {
    id: id(),
    kind: text('kind').$type<OutboundEmailKind>().notNull(),
    recipient: text('recipient').notNull(),
    state: text('state').$type<OutboundEmailState>().notNull().default('queued'),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    lastError: text('last_error'),
    createdAt: createdAt(),
    /** The row the e-mail is about (see OUTBOUND_EMAIL_KINDS); with the kind, what makes it sent once. */
    subjectId: uuid('subject_id'),
    /** The subject line as sent, so an admin can see what went out without the body being kept. */
    subjectLine: text('subject_line'),
  },
  (t) => [
    index('outbound_emails_created_at_idx').on(t.createdAt),
    uniqueIndex('outbound_emails_kind_subject_key')
      .on(t.kind, t.subjectId)
      .where(sql`${t.subjectId} IS NOT NULL`),
    index('outbound_emails_recipient_idx').on(t.recipient),
  ],
);

/**
 * "Manage your giving" links (docs/decisions/020): single use, expiring, and only the SHA-256 of
 * the token is stored. Opening one spends it and starts a manage session for its address.
 */
export const manageLinks = pgTable(
  'manage_links',
  {
    id: id(),
    /** Lower-cased e-mail address the link manages. */
    email: text('email').notNull(),
    tokenHash: bytea('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('manage_links_token_hash_key').on(t.tokenHash), index('manage_links_email_idx').on(t.email)],
);

/** A donor's self-service session, opened by a manage link: the cookie carries `<id>.<secret>`. */
export const manageSessions = pgTable(
  'manage_sessions',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    secretHash: bytea('secret_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('manage_sessions_expires_at_idx').on(t.expiresAt)],
);

/**
 * Rate-limit counters of rate-limiter-flexible's PostgreSQL store (shared/platform/src/limits,
 * docs/decisions/026), used when there is no Redis: the library's own table shape, created by this
 * migration rather than by the library at run time. `key` is the limit's prefix and a hash of what
 * is counted; `expire` is when its window ends, in epoch milliseconds.
 */
export const rateLimits = pgTable('rate_limits', {
  key: varchar('key', { length: 255 }).primaryKey(),
  points: integer('points').notNull().default(0),
  expire: bigint('expire', { mode: 'number' }),
});
