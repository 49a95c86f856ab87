import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { bytea } from './bytea';
import { createdAt, id } from './columns';

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
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    secretHash: bytea('secret_hash').notNull(),
    createdAt: createdAt(),
    lastVerifiedAt: timestamp('last_verified_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Absolute expiry; the idle timeout is checked against lastVerifiedAt. */
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId), index('sessions_expires_at_idx').on(t.expiresAt)],
);

export const OUTBOUND_EMAIL_KINDS = ['password-reset'] as const;
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
  },
  (t) => [index('outbound_emails_created_at_idx').on(t.createdAt)],
);

/**
 * Failed sign-in counters for the PostgreSQL queue backend (Redis keeps them itself): one row
 * per throttled key (an account or an address) and fixed window.
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull(),
  windowEndsAt: timestamp('window_ends_at', { withTimezone: true, mode: 'date' }).notNull(),
});
