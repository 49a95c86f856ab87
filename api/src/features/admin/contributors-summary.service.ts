import type { ContributorType, ContributorsFilter, ContributorsSummaryResponse } from '@pillars/contracts/admin';
import { type Database, payments, transactions } from '@pillars/platform/db';
import { getTableName, sql } from 'drizzle-orm';
import { EMAIL_OF, branchesOf } from './contributor-branches';
import { type Search, filterConditions, searchOf, whereOf } from './contributor-search';
import {
  type ContributorsSummary,
  type SummarySqlRow,
  countedSql,
  peopleSql,
  receivedCentsSql,
  signedCentsSql,
  summaryFrom,
  summaryOf,
} from './contributors.service';

const hasFilter = (filter: ContributorsFilter) =>
  Boolean(filter.q || filter.type || filter.transactionId || filter.amount || filter.status);

/**
 * The summary cards over the rows the filters match, by aggregates only: a count per kind, and
 * the money received (signedCentsSql) by the payments of the matching records. Without a filter it
 * is the dashboard's own summary (every record, the whole ledger).
 */
export async function contributorsSummary(
  db: Database,
  filter: ContributorsFilter,
): Promise<ContributorsSummaryResponse> {
  if (!hasFilter(filter)) {
    return { success: true, summary: await summaryOf(db) };
  }
  return db.transaction(
    async (tx) => ({ success: true, summary: await filteredSummary(tx, await searchOf(tx, filter)) }),
    {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    },
  );
}

async function filteredSummary(db: Pick<Database, 'execute'>, filter: Search): Promise<ContributorsSummary> {
  // Each kind's matching records are selected once (a CTE), then counted and followed to the ledger.
  // A kind the filter does not narrow (a type filter alone) is every record of its table: its count
  // is the kept one (countedSql: its counted statuses' kept counts), and its money that of every payment of its kinds, since every
  // payment is written with its record in one statement and records are never deleted
  // (docs/decisions/035).
  const branches = branchesOf(filter).map((branch) => {
    const conditions = filterConditions(branch, filter);
    const name = sql.raw(`matching_${branch.kinds[0] ?? getTableName(branch.table)}`);
    return { branch, conditions, name };
  });
  const narrowed = branches.filter((b) => b.conditions.length > 0);
  const ctes = narrowed.map(
    ({ branch, conditions, name }) =>
      sql`${name} AS MATERIALIZED (SELECT ${branch.id} AS id, ${branch.status} AS status,
        ${EMAIL_OF[branch.type]} AS email FROM ${branch.table} ${whereOf(conditions)})`,
  );
  // Each card counts its kind's matching records that it counts at all (COUNTED); a kind the
  // filter does not narrow, all of its table's.
  const sourceOf = (b: (typeof branches)[number]) => ({
    type: b.branch.type,
    from: b.conditions.length ? sql`${b.name}` : b.branch.table,
  });
  // Contributors are people who gave or paid: an applicant (a kind that is never paid) is not one.
  const contributing = branches.filter(({ branch }) => branch.kinds.length > 0);
  const countOf = (type: ContributorType) => {
    const b = branches.find(({ branch }) => branch.type === type);
    if (!b) return sql`0`;
    const { from } = sourceOf(b);
    return countedSql(type, from);
  };
  // The ledger rows of each kind's matching records. The parts are disjoint (a row has one payment, of
  // one kind; the older rows without payment_id only in the last part), so their sum counts each once.
  // A kind the filter does not narrow is all of its kinds' money: the kept total (receivedCentsSql),
  // which keys the older donation rows without a payment as 'donation'.
  const moneyParts = branches.flatMap(({ branch, conditions, name }) => {
    // A kind that is never paid (membership interest) has no money.
    if (branch.kinds.length === 0) return [];
    if (conditions.length === 0) return [sql`SELECT ${receivedCentsSql(branch.kinds)} AS cents`];
    const kinds = sql.join(
      branch.kinds.map((k) => sql`${k}`),
      sql`, `,
    );
    const parts = [
      sql`SELECT ${signedCentsSql()} AS cents FROM ${transactions}
            JOIN ${payments} ON ${payments.id} = ${transactions.paymentId}
           WHERE ${payments.kind} IN (${kinds}) AND ${payments.recordId} IN (SELECT id FROM ${name})`,
    ];
    // Ledger rows older than payment_id name their donation directly (a foreign key: it exists).
    if (branch.type === 'Contribution') {
      parts.push(sql`SELECT ${signedCentsSql()} AS cents FROM ${transactions}
           WHERE ${transactions.paymentId} IS NULL AND ${transactions.donationId} IN (SELECT id FROM ${name})`);
    }
    return parts;
  });
  const [row] = (
    await db.execute<SummarySqlRow>(sql`
      ${ctes.length ? sql`WITH ${sql.join(ctes, sql`, `)}` : sql``}
      SELECT ${countOf('Contribution')} AS donations, ${countOf('Membership')} AS memberships,
             ${countOf('Event Registration')} AS registrations, ${peopleSql(contributing.map(sourceOf))} AS people,
             (SELECT coalesce(sum(cents), 0) FROM (${moneyParts.length ? sql.join(moneyParts, sql` UNION ALL `) : sql`SELECT 0 AS cents`}) AS ledger)::bigint::text
               AS received_cents`)
  ).rows;
  return summaryFrom(row);
}
