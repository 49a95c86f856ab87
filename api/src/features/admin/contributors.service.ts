import { parsePricingTiers } from '@pillars/contracts';
import { type ContributorRow, type ContributorsResponse, type ContributorType } from '@pillars/contracts/admin';
import {
  type Database,
  type PaymentKind,
  centsAsDollarsSql,
  donations,
  eventRegistrations,
  membershipApplications,
  events,
  ledgerTotals,
  memberships,
  peopleTotals,
  recordCounts,
  recordStatusCounts,
  transactions,
} from '@pillars/platform/db';
import { statesOf } from '@pillars/money';
import { SQL, getTableName, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';

/**
 * Money received, from the ledger only (docs/decisions/017): the sum of `transactions` rows, each
 * signed by its status. The worker writes a row only after the provider confirmed the charge, so a
 * record's status (pending, confirmed by an admin, …) never adds money. The sign rule has one home,
 * the SQL function `ledger_signed_cents` (migration 0014, docs/decisions/042), which the kept
 * totals' trigger uses too: a received charge or instalment (CHARGE_ROW_STATUS) adds its amount,
 * a failed instalment adds nothing, a refund the provider made (REFUND_ROW_STATUS,
 * docs/decisions/019) takes its amount off, so Total Amount is received minus refunded.
 */
export function signedCentsSql(): SQL {
  return sql`ledger_signed_cents(${transactions.status}, ${transactions.amount})`;
}

/**
 * SQL: the money received by the ledger rows of these payment kinds (all of them without), exact:
 * the sum of their slots in `ledger_totals`, kept by a statement trigger as the ledger is written
 * (docs/decisions/042), so it costs a read of a few rows instead of a scan of the ledger.
 */
export function receivedCentsSql(kinds?: readonly string[]): SQL {
  const ofKinds = kinds
    ? sql` WHERE ${ledgerTotals.paymentKind} IN (${sql.join(
        kinds.map((kind) => sql`${kind}`),
        sql`, `,
      )})`
    : sql``;
  return sql`(SELECT coalesce(sum(${ledgerTotals.receivedCents}), 0) FROM ${ledgerTotals}${ofKinds})`;
}

/**
 * SQL: the membership in scope has a card payment, i.e. a monthly plan: its stored plan amount
 * (`plan_cents`, kept by a trigger on `payments`, docs/decisions/035) is not 0. A home-page
 * application has none: it is neither recurring nor priced, whatever an admin confirms
 * (docs/decisions/017).
 */
export const membershipHasPlan = sql`(${memberships.planCents} > 0)`;

/** SQL: a membership's amount in dollars, numeric: its plan's monthly amount, 0 without a plan. */
export const membershipDollarsSql = centsAsDollarsSql(memberships.planCents);

/** A registration's payment method: card when there is a fee (the only way to pay one), else free. */
export const FREE_REGISTRATION_METHOD = 'free';

/** SQL: the ISO-8601 UTC text of a timestamptz, as Date.prototype.toISOString writes it. */
const isoText = (column: AnyPgColumn | SQL) =>
  sql`to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A contributor row as the list queries select it, before it becomes the API's shape. */
export type ContributorSqlRow = {
  id: string;
  first_name: string | null;
  last_name: string | null;
  email: string;
  phone: string | null;
  type: ContributorType;
  amount: number;
  status: string;
  payment_method: string;
  is_recurring: boolean;
  pay_theory_payment_id: string | null;
  details: string;
  event_id: string | null;
  selected_tier: string | null;
  created_at: string;
};

/** A selected row as the API answers it: a registration's details name its event and ticket. */
export function contributorRowOf(detailsOf: ReturnType<typeof registrationDetails>) {
  return (r: ContributorSqlRow): ContributorRow => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    type: r.type,
    amount: r.amount,
    status: r.status,
    paymentMethod: r.payment_method,
    isRecurring: r.is_recurring,
    payTheoryPaymentId: r.pay_theory_payment_id,
    details: r.event_id ? detailsOf(r.event_id, r.selected_tier) : r.details,
    createdAt: r.created_at,
  });
}

/** The payment kinds of each kind of record. */
export const KINDS_OF_TYPE: Record<ContributorType, readonly PaymentKind[]> = {
  Contribution: ['donation', 'recurring_donation'],
  Membership: ['membership'],
  'Event Registration': ['registration'],
  'Membership Interest': [],
};

/**
 * The rows with the state the ledger gives each (recordStanding, docs/decisions/052-what-a-record-says.md):
 * a gift refunded whole reads refunded, not the cancelled its record was set to. The ledger is read
 * only for the rows it can read otherwise than their status (statesOf), so the newest 10,000 rows
 * cost an indexed read of the few refunded or disputed records plus the facts of the pending and
 * failed ones whose newest payment was declined.
 */
export async function withLedgerStates(
  db: Pick<Database, 'execute'>,
  rows: readonly ContributorRow[],
): Promise<ContributorRow[]> {
  const states = await statesOf(
    db,
    rows.map((row) => ({ kinds: KINDS_OF_TYPE[row.type], id: row.id, status: row.status })),
  );
  return rows.map((row) => ({ ...row, state: states.get(row.id) ?? row.status }));
}

export type SummarySqlRow = {
  donations: number;
  memberships: number;
  registrations: number;
  people: number;
  received_cents: string;
};

/**
 * The most rows GET /api/admin/contributors answers: the newest ones (docs/decisions/031). The list
 * of everything grew without limit with the organisation's history; the paged list
 * (contributor-list.service.ts) searches and pages the rest.
 */
export const CONTRIBUTORS_UNPAGED_LIMIT = 10_000;

/**
 * The newest CONTRIBUTORS_UNPAGED_LIMIT donations, memberships and registrations as contributor rows,
 * newest first (ties by id). The registration's details are finished in JS (the tier name lives in
 * the event's free-text pricingTiers).
 */
export function contributorRowsSql(): SQL {
  const registrationFee = sql`coalesce(${eventRegistrations.paymentAmount}, 0)`;
  return sql`
    SELECT id, first_name, last_name, email, phone, type, amount, status, payment_method, is_recurring,
           pay_theory_payment_id, details, event_id, selected_tier, ${isoText(sql.raw('sort_at'))} AS created_at
      FROM (
        SELECT ${donations.id} AS id, ${donations.firstName} AS first_name, ${donations.lastName} AS last_name,
               ${donations.email} AS email, ${donations.phone} AS phone, 'Contribution' AS type,
               ${donations.amount}::float8 AS amount, ${donations.status} AS status,
               ${donations.paymentMethod} AS payment_method, ${donations.isRecurring} AS is_recurring,
               ${donations.payTheoryPaymentId} AS pay_theory_payment_id,
               CASE WHEN ${donations.isRecurring} THEN 'Monthly contribution' ELSE 'One-time contribution' END
                 AS details,
               NULL::uuid AS event_id, NULL::text AS selected_tier, ${donations.createdAt} AS sort_at
          FROM ${donations}
        UNION ALL
        SELECT ${memberships.id}, ${memberships.firstName}, ${memberships.lastName},
               ${memberships.email}, ${memberships.phone}, 'Membership',
               ${membershipDollarsSql}::float8, ${memberships.status},
               ${memberships.paymentMethod}, ${membershipHasPlan}, ${memberships.payTheoryPaymentId},
               coalesce(nullif(btrim(${memberships.message}), ''), 'Monthly membership'),
               NULL::uuid, NULL::text, ${memberships.createdAt}
          FROM ${memberships}
        UNION ALL
        SELECT ${eventRegistrations.id}, ${eventRegistrations.firstName}, ${eventRegistrations.lastName},
               ${eventRegistrations.email}, ${eventRegistrations.phone}, 'Event Registration',
               (${registrationFee} / 100.0)::float8, ${eventRegistrations.status},
               CASE WHEN ${registrationFee} > 0 THEN 'card' ELSE ${FREE_REGISTRATION_METHOD} END, false,
               ${eventRegistrations.payTheoryPaymentId},
               '', ${eventRegistrations.eventId}, ${eventRegistrations.selectedTier}, ${eventRegistrations.createdAt}
          FROM ${eventRegistrations}
      ) AS contributors
     ORDER BY sort_at DESC, id DESC
     LIMIT ${CONTRIBUTORS_UNPAGED_LIMIT}`;
}

/**
 * SQL: how many rows a record table holds, exact: the sum of its slots in `record_counts`, which
 * statement triggers keep in the transactions that insert or delete records (docs/decisions/035),
 * so a count of a million rows costs a read of at most 16 rows instead of an index scan.
 */
export function recordCountSql(table: PgTable): SQL {
  return sql`(SELECT coalesce(sum(${recordCounts.rowCount}), 0)::int FROM ${recordCounts}
     WHERE ${recordCounts.tableName} = ${getTableName(table)})`;
}

/**
 * Which records each summary card counts (docs/decisions/052-what-a-record-says.md), by stored
 * status; the cards' descriptions (admin-texts) say it in words:
 * - Contributions: gifts that went through: paid by card (`completed`), acknowledged by an admin
 *   (`confirmed`), or `cancelled` since (a gift given back whole, a monthly gift ended after its
 *   charges: only a gift that was paid is ever cancelled); not a declined (`failed`) or unpaid
 *   (`pending`) attempt;
 * - Memberships: active memberships (`active`: a monthly plan whose first charge succeeded and
 *   that has not ended);
 * - Event Registrations: every registration (`every`);
 * - an application for membership is neither a gift nor a member (docs/decisions/051): none.
 * Total Contributors counts the people behind the counted records, one per e-mail address whatever
 * its case. The kept figures' triggers (migration 0024, SQL function `summary_counted`) repeat this
 * rule; kept-summary.int.test.ts fails when they disagree.
 */
export const COUNTED_STATUSES: Record<ContributorType, readonly string[] | 'every'> = {
  Contribution: ['completed', 'confirmed', 'cancelled'],
  Membership: ['active'],
  'Event Registration': 'every',
  'Membership Interest': [],
};

/** SQL: a record's stored status is one of `statuses` (all of them for `every`). */
function statusAmong(statuses: readonly string[] | 'every', status: SQL | AnyPgColumn): SQL {
  if (statuses === 'every') return sql`true`;
  if (statuses.length === 0) return sql`false`;
  return sql`${status} IN (${sql.join(
    statuses.map((s) => sql`${s}`),
    sql`, `,
  )})`;
}

/**
 * Each card's rule (COUNTED_STATUSES) as a condition on a record table's (or a selection of it with
 * the same columns') `status`: linear in the rows it is asked of, so used over a filter's matching
 * rows; the cards over every record read the kept figures instead (contributorSummarySql).
 */
export const COUNTED = Object.fromEntries(
  Object.entries(COUNTED_STATUSES).map(([type, statuses]) => [type, statusAmong(statuses, sql`status`)]),
) as Record<ContributorType, SQL>;

/** Each kind's table, as the summary counts it. */
export const TABLE_OF_TYPE: Record<ContributorType, PgTable> = {
  Contribution: donations,
  Membership: memberships,
  'Event Registration': eventRegistrations,
  'Membership Interest': membershipApplications,
};

/**
 * SQL: how many of a table's (or a selection's) records its card counts. A whole table's is the sum
 * of its counted statuses' slots in `record_status_counts`, kept by statement triggers as records are
 * written (migration 0024, as record_counts is: docs/decisions/035), so it reads a few dozen rows
 * whatever the number of records; a selection's is counted.
 */
export function countedSql(type: ContributorType, from: PgTable | SQL): SQL {
  if (from instanceof SQL) return sql`(SELECT count(*)::int FROM ${from} WHERE ${COUNTED[type]})`;
  if (type === 'Membership Interest') return sql`0`;
  return sql`(SELECT coalesce(sum(${recordStatusCounts.rowCount}), 0)::int FROM ${recordStatusCounts}
     WHERE ${recordStatusCounts.tableName} = ${getTableName(from)}
       AND ${statusAmong(COUNTED_STATUSES[type], recordStatusCounts.status)})`;
}

/** SQL: the people (distinct lower-cased addresses) behind the counted records of each source. */
export function peopleSql(sources: readonly { type: ContributorType; from: PgTable | SQL }[]): SQL {
  if (sources.length === 0) return sql`0`;
  const addresses = sources.map(({ type, from }) => sql`SELECT lower(email) FROM ${from} WHERE ${COUNTED[type]}`);
  return sql`(SELECT count(*)::int FROM (${sql.join(addresses, sql` UNION `)}) AS people)`;
}

/**
 * SQL: the people behind the counted records of every table, kept: the sum of `people_totals`' slots,
 * which the triggers of migration 0024 move as an address's count of counted records leaves or
 * returns to 0, so Total Contributors reads at most 16 rows instead of a DISTINCT over every address.
 */
export function keptPeopleSql(): SQL {
  return sql`(SELECT coalesce(sum(${peopleTotals.people}), 0)::int FROM ${peopleTotals})`;
}

/** The cards over every record, and the integer cents the whole ledger received (a kept figure). */
export function contributorSummarySql(): SQL {
  return sql`
    SELECT ${countedSql('Contribution', donations)} AS donations,
           ${countedSql('Membership', memberships)} AS memberships,
           ${countedSql('Event Registration', eventRegistrations)} AS registrations,
           ${keptPeopleSql()} AS people,
           ${receivedCentsSql()}::bigint::text AS received_cents`;
}

/** The dashboard's summary cards over every record and the whole ledger, by aggregates. */
export type ContributorsSummary = ContributorsResponse['summary'];

/** Runs the summary aggregate on `db` (or a transaction) and shapes it as the cards read it. */
export async function summaryOf(db: Pick<Database, 'execute'>): Promise<ContributorsSummary> {
  const [summary] = (await db.execute<SummarySqlRow>(contributorSummarySql())).rows;
  return summaryFrom(summary);
}

/** The cards from the summary statement's row. */
export function summaryFrom(row: SummarySqlRow | undefined): ContributorsSummary {
  return {
    totalContributors: row?.people ?? 0,
    totalDonations: row?.donations ?? 0,
    totalMemberships: row?.memberships ?? 0,
    totalEventRegistrations: row?.registrations ?? 0,
    // Summed in integer cents by PostgreSQL; one division here, so no float drift.
    totalAmount: Number(row?.received_cents ?? 0) / 100,
  };
}

/**
 * The newest CONTRIBUTORS_UNPAGED_LIMIT donations, memberships and registrations as one list, newest
 * first, with the summary of every record: one UNION ALL ordered by created_at and one aggregate, in
 * a read-only REPEATABLE READ transaction so both see the same snapshot.
 */
export async function listContributors(db: Database): Promise<ContributorsResponse> {
  return db.transaction(
    async (tx) => {
      const rows = await tx.execute<ContributorSqlRow>(contributorRowsSql());
      const summary = await summaryOf(tx);

      const eventRows = await tx
        .select({ id: events.id, title: events.title, pricingTiers: events.pricingTiers })
        .from(events);
      const detailsOf = registrationDetails(eventRows);

      const contributors = await withLedgerStates(tx, rows.rows.map(contributorRowOf(detailsOf)));
      return { success: true, contributors, summary } satisfies ContributorsResponse;
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * "{event title} - {tier name}" for a registration; the tier name comes from the event's
 * pricingTiers (invalid JSON means no tiers), falling back to the stored tier id.
 */
export function registrationDetails(eventRows: { id: string; title: string; pricingTiers: string | null }[]) {
  const byId = new Map(
    eventRows.map((e) => [
      e.id,
      { title: e.title, tiers: new Map(parsePricingTiers(e.pricingTiers).map((t) => [t.id, t.name])) },
    ]),
  );
  return (eventId: string, selectedTier: string | null): string => {
    const event = byId.get(eventId);
    const title = event?.title ?? 'Event registration';
    if (!selectedTier) return title;
    return `${title} - ${event?.tiers.get(selectedTier) ?? selectedTier}`;
  };
}
