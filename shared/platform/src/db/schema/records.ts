import { type SQL, sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  type ExtraConfigColumn,
  index,
  integer,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { WAIVER_VERSION } from '@pillars/contracts';
import { belongsTo, createdAt, id, statusCheckSql } from './columns';
import {
  contributorNameKey,
  contributorSearchText,
  centsAsDollarsSql,
  foldedSql,
  donationDetailsSql,
  membershipDetailsSql,
} from './contributor-keys';
import { events } from './content';
import { payments } from './payments';

/**
 * The indexes and status check of every contributor record table: the admin's contributor list
 * filters, sorts (keyset on created_at, id; by amount; by name) and searches each table alike
 * (docs/decisions/031), and the self-service page and the manage-link e-mail match an address in
 * any case (docs/decisions/020). `amount` is the table's amount in dollars, `details` its Details text.
 */
function contributorListIndexes(
  table: string,
  t: Parameters<typeof contributorSearchText>[0] & {
    id: AnyPgColumn;
    status: AnyPgColumn;
    createdAt: ExtraConfigColumn;
  },
  amount: SQL | AnyPgColumn,
  details: SQL,
) {
  return [
    index(`${table}_email_idx`).on(t.email),
    index(`${table}_email_lower_idx`).on(sql`lower(${t.email})`),
    index(`${table}_status_idx`).on(t.status),
    index(`${table}_created_at_idx`).on(t.createdAt.desc()),
    index(`${table}_created_at_id_idx`).on(t.createdAt, t.id),
    index(`${table}_amount_id_idx`).on(amount, t.id),
    index(`${table}_name_key_idx`).on(contributorNameKey(t), t.id),
    index(`${table}_search_trgm_idx`).using('gin', sql`${contributorSearchText(t, details)} gin_trgm_ops`),
    check(`${table}_status_known`, statusCheckSql('status')),
  ];
}

export const donations = pgTable(
  'donations',
  {
    id: id(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email').notNull(),
    phone: text('phone'),
    /** Dollars, numeric(10,2) as the product fixes it (ADR 005); drizzle returns it as a string. */
    amount: numeric('amount', { precision: 10, scale: 2 }).notNull(),
    paymentMethod: text('payment_method').notNull(),
    isRecurring: boolean('is_recurring').notNull().default(false),
    payTheoryPaymentId: text('pay_theory_payment_id'),
    status: text('status').notNull().default('pending'),
    billingAddress: text('billing_address'),
    billingCity: text('billing_city'),
    billingState: text('billing_state'),
    billingZip: text('billing_zip'),
    createdAt: createdAt(),
  },
  (t) => [
    ...contributorListIndexes('donations', t, t.amount, donationDetailsSql(t.isRecurring)),
    check('donations_amount_positive', sql`${t.amount} > 0`),
  ],
);

export const memberships = pgTable(
  'memberships',
  {
    id: id(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    email: text('email').notNull(),
    phone: text('phone'),
    message: text('message'),
    paymentMethod: text('payment_method').notNull(),
    payTheoryPaymentId: text('pay_theory_payment_id'),
    status: text('status').notNull().default('pending'),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    createdAt: createdAt(),
    waiverAccepted: boolean('waiver_accepted').notNull().default(false),
    waiverAcceptedAt: timestamp('waiver_accepted_at', { withTimezone: true, mode: 'date' }),
    waiverVersion: text('waiver_version').notNull().default(WAIVER_VERSION),
    /**
     * The monthly amount of the membership's card plan in integer cents: its `payments` row's
     * amount, 0 for an application without one. Derived, never written by the app: a trigger on
     * `payments` (migration 0012) keeps it right in the statement that writes the payment, so the
     * admin list can sort by amount on an index (docs/decisions/035).
     */
    planCents: integer('plan_cents').notNull().default(0),
  },
  (t) => [...contributorListIndexes('memberships', t, centsAsDollarsSql(t.planCents), membershipDetailsSql(t.message))],
);

export const eventRegistrations = pgTable(
  'event_registrations',
  {
    id: id(),
    eventId: belongsTo('event_id', () => events.id, 'restrict'),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    comments: text('comments'),
    status: text('status').notNull().default('pending'),
    payTheoryPaymentId: text('pay_theory_payment_id'),
    /** Integer cents, computed by the server from the event (never from the browser). */
    paymentAmount: integer('payment_amount'),
    selectedTier: text('selected_tier'),
    createdAt: createdAt(),
    /**
     * An unpaid registration of a paid event holds its place until then (docs/decisions/022); past
     * it, with no payment under way, the place is released and the registration cancelled. Null
     * when nothing is held (free, paid, or released).
     */
    placeHeldUntil: timestamp('place_held_until', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // An event's registrations a page at a time, newest first (keyset on created_at, id); also
    // every lookup by event alone (the foreign key's, the counts per event).
    index('event_registrations_event_created_at_id_idx').on(t.eventId, t.createdAt, t.id),
    ...contributorListIndexes('event_registrations', t, centsAsDollarsSql(t.paymentAmount), sql`''`),
    // Check-in at the door finds "José" by "Jose" (docs/decisions/034).
    index('event_registrations_folded_search_trgm_idx').using(
      'gin',
      sql`${foldedSql(contributorSearchText(t, sql`''`))} gin_trgm_ops`,
    ),
    index('event_registrations_place_held_until_idx')
      .on(t.placeHeldUntil)
      .where(sql`${t.placeHeldUntil} IS NOT NULL`),
    check('event_registrations_amount_nonnegative', sql`${t.paymentAmount} >= 0`),
  ],
);

export const transactions = pgTable(
  'transactions',
  {
    id: id(),
    donationId: uuid('donation_id').references(() => donations.id, { onDelete: 'set null' }),
    /** Integer cents. */
    amount: integer('amount').notNull(),
    /** Integer cents: 2.9 % of the amount, rounded (product rule). */
    fees: integer('fees').notNull().default(0),
    status: text('status').notNull(),
    paymentMethod: text('payment_method').notNull(),
    paymentProvider: text('payment_provider').notNull(),
    /** Unique so a retried record-transaction job can never write a second row. */
    providerTransactionId: text('provider_transaction_id').unique(),
    buyerEmail: text('buyer_email'),
    buyerName: text('buyer_name').notNull(),
    /** JSON text: source, payment state, live-mode flag (the product's wire shape). */
    metadata: text('metadata'),
    createdAt: createdAt(),
    /**
     * The payment (charge or plan) this money moved under: how a receipt, a refund or an admin's
     * payment detail finds its record for memberships and registrations, which have no column
     * of their own here. Null only for rows written before it existed.
     */
    paymentId: uuid('payment_id').references(() => payments.id, { onDelete: 'set null' }),
    /** For a refund row (status `refunded`): the charge row it gives money back from. */
    refundOf: uuid('refund_of').references((): AnyPgColumn => transactions.id, { onDelete: 'restrict' }),
    /** The last four digits of the card charged, when the provider showed them: the receipt prints them. */
    cardLastFour: text('card_last_four'),
    /**
     * A charge's state at the provider as last read or made (docs/decisions/019), written only by
     * shared/money/src/charge-state.ts: Pay Theory's status (PENDING, SUCCEEDED, SETTLED,
     * PARTIALLY_REFUNDED, REFUNDED, VOIDED, …); null when not read yet. On a void's refund row,
     * VOIDED: that row then carries the voided transaction's id.
     */
    providerStatus: text('provider_status'),
    /** Pay Theory's is_settled: a charge not settled is voided, a settled one refunded. Null: not read. */
    providerSettled: boolean('provider_settled'),
    /** The settlement batch the charge was paid out in, once settled. */
    settlementBatch: integer('settlement_batch'),
    /** Pay Theory's flag_for_review (POTENTIAL_DUPLICATE, EXCEEDS_THRESHOLD, …): funds held until resolved. */
    reviewFlag: text('review_flag'),
    /** When the provider state above was read (or made by our own reversal). */
    providerStateAt: timestamp('provider_state_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('transactions_donation_id_idx').on(t.donationId),
    index('transactions_created_at_idx').on(t.createdAt.desc()),
    // By payment, with what the ledger sums (status, amount): a filtered summary sums the rows of the
    // matching records' payments from the index alone (docs/decisions/035).
    index('transactions_payment_ledger_idx').on(t.paymentId, t.status, t.amount),
    index('transactions_refund_of_idx')
      .on(t.refundOf)
      .where(sql`${t.refundOf} IS NOT NULL`),
  ],
);

/**
 * How many rows each record table holds, kept by statement triggers on donations, memberships and
 * event_registrations (migration 0013, docs/decisions/035): a table's count is the sum of its
 * slots. Each transaction that inserts or deletes records adds its delta to the slot of its
 * connection (backend pid modulo 16), so concurrent accepts rarely wait on one row, and a reader
 * sees exactly the count of the rows its snapshot sees. Never written by the app.
 */
export const recordCounts = pgTable(
  'record_counts',
  {
    tableName: text('table_name').notNull(),
    slot: integer('slot').notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.slot] })],
);

/**
 * How many rows of each stored status each record table holds, kept by statement triggers on
 * donations, memberships and event_registrations (migration 0023, docs/decisions/052), in slots as
 * `record_counts` is: a status's count is the sum of its slots. The summary cards sum the statuses
 * their rule counts (COUNTED_STATUSES in the admin's contributors service). Never written by the app.
 */
export const recordStatusCounts = pgTable(
  'record_status_counts',
  {
    tableName: text('table_name').notNull(),
    status: text('status').notNull(),
    slot: integer('slot').notNull(),
    rowCount: bigint('row_count', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.tableName, t.status, t.slot] })],
);

/**
 * The people behind the counted records (Total Contributors, docs/decisions/052): per lower-cased
 * e-mail address, how many counted donations, memberships and registrations carry it, kept by the
 * same triggers (migration 0023). One row per address, so two writers of one person's records wait
 * on each other and each sees the count the other left. Never written by the app.
 */
export const peopleCounts = pgTable('people_counts', {
  email: text('email').primaryKey(),
  recordCount: bigint('record_count', { mode: 'number' }).notNull(),
});

/**
 * How many addresses of `people_counts` have a count above 0, kept in slots as `record_counts` is:
 * a statement adds 1 for each address its records took from 0 to above, and takes 1 off for each
 * it took back to 0. Never written by the app.
 */
export const peopleTotals = pgTable('people_totals', {
  slot: integer('slot').primaryKey(),
  people: bigint('people', { mode: 'number' }).notNull(),
});

/**
 * The money the ledger received per payment kind, kept by a statement trigger on `transactions`
 * (migration 0014, docs/decisions/042), in slots as `record_counts` is: a kind's total is the sum
 * of its slots, each row's cents signed by `ledger_signed_cents`, the SQL function that is the one
 * home of that rule. `payment_kind` is the row's payment's kind; `donation` for the older donation
 * rows without a payment; '' for a row of neither. The ledger is append-only, so the totals are
 * exact. Never written by the app.
 */
export const ledgerTotals = pgTable(
  'ledger_totals',
  {
    paymentKind: text('payment_kind').notNull(),
    slot: integer('slot').notNull(),
    receivedCents: bigint('received_cents', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.paymentKind, t.slot] })],
);
