import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The expressions the admin's contributor list sorts and searches by (docs/decisions/031). They are
 * written once here because each is both an index expression (records.ts) and a query expression
 * (api contributors.service): PostgreSQL uses an expression index only when the query repeats the
 * indexed expression, so the two must never drift apart. Every function used is IMMUTABLE.
 */
type Person = {
  firstName: AnyPgColumn;
  lastName: AnyPgColumn;
  email: AnyPgColumn;
  phone: AnyPgColumn;
  /** Absent for a kind that never has a payment (a membership application). */
  payTheoryPaymentId?: AnyPgColumn;
};

/** Separates the searched fields, so a term never matches across two of them (no search box can type it). */
const FIELD_BREAK = sql.raw(`E'\\n'`);

/**
 * Lower-cased: "first last", "last first", e-mail, phone as written, phone digits only (a search
 * for "5550101776" finds "(555) 010-1776"), payment id and the row's own details text.
 */
export function contributorSearchText(t: Person, details: SQL): SQL {
  const parts = [
    sql`coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')`,
    sql`coalesce(${t.lastName}, '') || ' ' || coalesce(${t.firstName}, '')`,
    sql`${t.email}`,
    sql`coalesce(${t.phone}, '')`,
    sql`regexp_replace(coalesce(${t.phone}, ''), '[^0-9]', '', 'g')`,
    t.payTheoryPaymentId ? sql`coalesce(${t.payTheoryPaymentId}, '')` : sql`''`,
    details,
  ];
  return sql`lower(${sql.join(parts, sql` || ${FIELD_BREAK} || `)})`;
}

/**
 * The text without its accents ("José" → "Jose"), for a search that should find either: the SQL
 * function `fold_accents` (migration 0015), an IMMUTABLE wrapper of the unaccent extension with its
 * default dictionary, so an index can hold it.
 */
export function foldedSql(text: SQL): SQL {
  return sql`fold_accents(${text})`;
}

/** The name sort: "first last" lower-cased, or the e-mail when the record has no name; byte order. */
export function contributorNameKey(t: Pick<Person, 'firstName' | 'lastName' | 'email'>): SQL {
  return sql`(lower(coalesce(nullif(btrim(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '')), ''), ${t.email})) COLLATE "C")`;
}

/** A donation's details: its product text. */
export const donationDetailsSql = (isRecurring: AnyPgColumn): SQL =>
  sql`CASE WHEN ${isRecurring} THEN 'Monthly contribution' ELSE 'One-time contribution' END`;

/** A membership's details: the applicant's message, else 'Monthly membership'. */
export const membershipDetailsSql = (message: AnyPgColumn): SQL =>
  sql`coalesce(nullif(btrim(${message}), ''), 'Monthly membership')`;

/** A membership application's details: the applicant's message, else 'Membership interest'. */
export const membershipInterestDetailsSql = (message: AnyPgColumn): SQL =>
  sql`coalesce(nullif(btrim(${message}), ''), 'Membership interest')`;

/**
 * An amount in dollars (numeric, exact) from integer cents: a registration's fee, a membership's
 * plan. A registration's details (event title and tier) live in other rows, so its search text has
 * none; the event title is matched separately.
 */
export const centsAsDollarsSql = (cents: AnyPgColumn): SQL => sql`(coalesce(${cents}, 0)::numeric / 100)`;
