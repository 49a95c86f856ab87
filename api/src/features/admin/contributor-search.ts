import type { ContributorsFilter } from '@pillars/contracts/admin';
import { type Database, type PaymentKind, events, payments, disputes } from '@pillars/platform/db';
import { parsePricingTiers, paymentIdRangeOfReference } from '@pillars/contracts';
import { declinedSql, dollarsToCents, kindsArraySql, recordsWithLedgerStates } from '@pillars/money';
import { type SQL, between, eq, sql } from 'drizzle-orm';
import { type Branch, EMAIL_OF, branchesOf } from './contributor-branches';
import { registrationDetails } from './contributors.service';

/**
 * The dashboard's filters as SQL conditions on each branch (contributor-branches.ts): the search,
 * the payment reference, the amount and the state, with what their terms name looked up first.
 */

/** A LIKE pattern matching `term` anywhere, the term's `\`, `%` and `_` standing for themselves. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** A search that looks like a phone number also matches the phone's digits, whatever their formatting. */
const PHONE_LIKE = /^[\d\s().+-]+$/;

/** A payment a reference names: the kind and id of the record it pays for. */
type ReferencedRecord = { kind: PaymentKind; recordId: string };

/**
 * A filter as the statements apply it, with what its terms name looked up first:
 * - a term that is a payment's reference (`PAY-` and 10 hex digits, paymentIdRangeOfReference,
 *   docs/decisions/046) as the records whose payments' ids start with those digits: a range of the
 *   payments' primary key, a row or two. The term then matches those records alone, by their ids
 *   (`qReferenced`, `transactionIdReferenced`); undefined when the term is not a reference;
 * - for a search, the registrations' details it matches: the events whose title it matches (all
 *   their registrations) and the ticket types whose details ("{event title} - {tier name}",
 *   registrationDetails) it matches.
 * Given as values, the planner sees how few records they select: as a subquery (`event_id IN
 * (SELECT …)` in an OR) it could use no index and filtered every registration, and as `= ANY
 * (ARRAY(SELECT …))` it guessed a third of the table (docs/decisions/035). Every event is read for
 * it: a few hundred rows even for an old organisation, and its ticket types are JSON only the app
 * parses.
 */
export type Search = ContributorsFilter & {
  eventIds: readonly string[];
  eventTiers: readonly { eventId: string; tierId: string }[];
  qReferenced: readonly ReferencedRecord[] | undefined;
  transactionIdReferenced: readonly ReferencedRecord[] | undefined;
  /**
   * For the `disputed` status, the records whose payments have a dispute: few, so looked up first
   * and given as values like a reference's (docs/decisions/035 and 047-disputes.md); undefined otherwise.
   */
  disputedRecords: readonly ReferencedRecord[] | undefined;
  /**
   * For a state filter: the records the ledger gives a state of its own (refunded, partly refunded,
   * voided, disputed while open; recordsWithLedgerStates), all of them, and those in the asked
   * state. Few, so read first and given as values (docs/decisions/052-what-a-record-says.md);
   * undefined for no state filter.
   */
  ledgerStates: { all: readonly ReferencedRecord[]; asked: readonly ReferencedRecord[] } | undefined;
};

/** The ledger's records for a state filter other than disputed (which has its own, above). */
async function ledgerStatesOf(
  db: Pick<Database, 'execute'>,
  status: ContributorsFilter['status'],
): Promise<Search['ledgerStates']> {
  if (!status || status === 'disputed') return undefined;
  const records = await recordsWithLedgerStates(db);
  return {
    all: records,
    asked: records.filter((record) => record.standing.state === status),
  };
}

/** The records one of whose payments has a dispute recorded (the `disputed` status). */
async function disputedRecordsOf(
  db: Pick<Database, 'selectDistinct'>,
  status: ContributorsFilter['status'],
): Promise<readonly ReferencedRecord[] | undefined> {
  if (status !== 'disputed') return undefined;
  return db
    .selectDistinct({ kind: payments.kind, recordId: payments.recordId })
    .from(disputes)
    .innerJoin(payments, eq(payments.id, disputes.paymentId));
}

/** The records whose payments the term names when it is a reference, else undefined. */
async function referencedRecords(
  db: Pick<Database, 'select'>,
  term: string | undefined,
): Promise<readonly ReferencedRecord[] | undefined> {
  const range = term === undefined ? undefined : paymentIdRangeOfReference(term);
  if (!range) return undefined;
  return db
    .select({ kind: payments.kind, recordId: payments.recordId })
    .from(payments)
    .where(between(payments.id, range.first, range.last));
}

export async function searchOf(
  db: Pick<Database, 'select' | 'selectDistinct' | 'execute'>,
  filter: ContributorsFilter,
): Promise<Search> {
  const none: Search = {
    ...filter,
    eventIds: [],
    eventTiers: [],
    qReferenced: await referencedRecords(db, filter.q),
    transactionIdReferenced: await referencedRecords(db, filter.transactionId),
    disputedRecords: await disputedRecordsOf(db, filter.status),
    ledgerStates: await ledgerStatesOf(db, filter.status),
  };
  if (!filter.q || none.qReferenced || !branchesOf(filter).some((b) => b.event)) return none;
  const term = filter.q.toLowerCase();
  const eventRows = await db
    .select({ id: events.id, title: events.title, pricingTiers: events.pricingTiers })
    .from(events);
  const detailsOf = registrationDetails(eventRows);
  const eventIds: string[] = [];
  const eventTiers: { eventId: string; tierId: string }[] = [];
  for (const event of eventRows) {
    if (event.title.toLowerCase().includes(term)) {
      eventIds.push(event.id);
      continue;
    }
    for (const tier of parsePricingTiers(event.pricingTiers)) {
      if (detailsOf(event.id, tier.id).toLowerCase().includes(term))
        eventTiers.push({ eventId: event.id, tierId: tier.id });
    }
  }
  return { ...none, eventIds, eventTiers };
}

/** The branch's records among those a reference names, by primary key; none matches no row. */
function referencedCondition(branch: Branch, referenced: readonly ReferencedRecord[]): SQL {
  const ids = referenced.filter((r) => branch.kinds.includes(r.kind)).map((r) => r.recordId);
  return ids.length ? sql`${branch.id} = ANY (${`{${ids.join(',')}}`}::uuid[])` : sql`false`;
}

/**
 * A state filter's condition (recordStanding's rule, docs/decisions/052-what-a-record-says.md): a
 * ledger state is its records, read first; Declined and Cancelled are the stored status (on the
 * record tables' status indexes) of records the ledger gives no state of its own, declined when the
 * newest attempt was declined (declinedSql, the expression the standing reads).
 */
function stateCondition(
  branch: Branch,
  status: ContributorsFilter['status'],
  ledgerStates: NonNullable<Search['ledgerStates']>,
): SQL {
  if (status !== 'declined' && status !== 'cancelled') return referencedCondition(branch, ledgerStates.asked);
  const ids = ledgerStates.all.filter((r) => branch.kinds.includes(r.kind)).map((r) => r.recordId);
  const notLedger = ids.length ? sql` AND NOT (${branch.id} = ANY (${`{${ids.join(',')}}`}::uuid[]))` : sql``;
  if (status === 'cancelled') return sql`(${branch.status} = 'cancelled'${notLedger})`;
  return sql`(${branch.status} IN ('pending', 'failed')${notLedger}
    AND ${declinedSql(kindsArraySql(branch.kinds), sql`${branch.id}`)})`;
}

/** The filter's conditions on one branch (all ANDed); none means every row. */
export function filterConditions(branch: Branch, filter: Search): SQL[] {
  const conditions: SQL[] = [];
  if (filter.qReferenced) {
    conditions.push(referencedCondition(branch, filter.qReferenced));
  } else if (filter.q) {
    const pattern = containsPattern(filter.q);
    const arms = [sql`${branch.searchText} LIKE ${pattern}`];
    const digits = filter.q.replace(/\D/g, '');
    if (digits && PHONE_LIKE.test(filter.q)) arms.push(sql`${branch.searchText} LIKE ${`%${digits}%`}`);
    const { event } = branch;
    if (event) {
      if (filter.eventIds.length) arms.push(sql`${event.id} = ANY (${`{${filter.eventIds.join(',')}}`}::uuid[])`);
      for (const { eventId, tierId } of filter.eventTiers) {
        arms.push(sql`(${event.id} = ${eventId}::uuid AND ${event.tier} = ${tierId})`);
      }
    }
    conditions.push(sql`(${sql.join(arms, sql` OR `)})`);
  }
  if (filter.transactionIdReferenced) {
    conditions.push(referencedCondition(branch, filter.transactionIdReferenced));
  } else if (filter.transactionId) {
    const pattern = containsPattern(filter.transactionId);
    // The search text holds the payment id, so its trigram index narrows the rows first.
    conditions.push(
      branch.payTheoryPaymentId
        ? sql`${branch.searchText} LIKE ${pattern} AND lower(${branch.payTheoryPaymentId}) LIKE ${pattern}`
        : sql`false`,
    );
  }
  if (filter.disputedRecords) conditions.push(referencedCondition(branch, filter.disputedRecords));
  if (filter.ledgerStates) conditions.push(stateCondition(branch, filter.status, filter.ledgerStates));
  if (filter.amount) {
    const cents = dollarsToCents(Number(filter.amount.replace(/^\$/, '')));
    conditions.push(sql`${branch.dollars} = ${(cents / 100).toFixed(2)}::numeric`);
  }
  return conditions;
}

export const whereOf = (conditions: SQL[]) =>
  conditions.length ? sql`WHERE ${sql.join(conditions, sql` AND `)}` : sql``;

/**
 * The rows the filters match as `(email, created_at)` (and `id`, unwindowed): one SELECT per kind
 * on the same conditions as the page, the count and the export, joined by UNION ALL. With `newest`, each kind and the
 * whole keep only the newest rows in the date order of the page (an index range, as a page reads);
 * without, every matching row, unordered. For reads of the matching set such as the recipients of
 * the dashboard's "select all".
 */
export function matchingEmailsSql(filter: Search, newest?: number): SQL {
  const selects = branchesOf(filter).map((branch) => {
    const select = sql`SELECT ${EMAIL_OF[branch.type]} AS email, ${branch.createdAt} AS created_at, ${branch.id} AS id
              FROM ${branch.table} ${whereOf(filterConditions(branch, filter))}`;
    return newest === undefined
      ? select
      : sql`(${select} ORDER BY ${branch.createdAt} DESC, ${branch.id} DESC LIMIT ${newest})`;
  });
  const all = sql.join(selects, sql` UNION ALL `);
  return newest === undefined
    ? all
    : sql`SELECT email, created_at FROM (${all}) AS newest ORDER BY created_at DESC, id DESC LIMIT ${newest}`;
}
