import { createHash, randomUUID } from 'node:crypto';
import { type SQL, and, eq, getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '@pillars/platform/db';
import { type PaymentKind, eventPlaces, idempotencyKeys, outbox, payments, poolUnder } from '@pillars/platform/db';
import { type OutboxRow, chargeJobFor, outboxValuesOf } from '@pillars/platform/jobs';
import { PLACES_CONSTRAINT } from './places';

/**
 * The accept path (docs/decisions/007): a request that creates a record and, usually, a
 * charge is ONE SQL statement. Data-modifying CTEs chain the idempotency claim, the record, the
 * payment and its outbox row, each `INSERT … SELECT … FROM <previous>`, so nothing is inserted
 * when the key was already claimed. Ids are generated here, so the answer is known before the
 * statement and stored by the claim itself. Only a replay costs a second statement (reading the
 * stored answer). Two concurrent requests with one key serialise on the key's primary key: the
 * second's claim waits for the first to commit, then inserts nothing and reads the first answer.
 */

/** A statement runner: the database, or a transaction handle when the caller holds a lock. */
type Executor = Pick<Database, 'execute' | 'select'>;

/** Why an accept was refused; the API answers 409 (api/src/lib/payments.ts names the texts). */
export type AcceptConflictReason = 'idempotency-key-reused' | 'charge-already-reported';

/**
 * A registration beyond capacity (docs/decisions/022): the places it asked for. Nothing was
 * written; `soldOutTier` tells which row refused, once the caller's transaction has ended.
 */
export class SoldOut extends Error {
  constructor(
    readonly eventId: string,
    readonly tierId: string | null,
  ) {
    super('sold out');
    this.name = 'SoldOut';
  }
}

export class AcceptConflict extends Error {
  constructor(readonly reason: AcceptConflictReason) {
    super(reason);
    this.name = 'AcceptConflict';
  }
}

/** A charge to make: one `payments` row, its charge job in the outbox. */
export interface NewPayment {
  kind: PaymentKind;
  amountCents: number;
  paymentMethodToken?: string | undefined;
  /** A charge the browser reports it made: only a claim, the worker verifies it (ADR 007). */
  claimedTransactionId?: string | undefined;
  /** The Idempotency-Key of the report, which the browser also put in the charge's metadata. */
  claimedIdempotencyKey?: string | undefined;
  /** The API request that created the payment: carried in its charge job, for the worker's log. */
  requestId?: string | undefined;
  /**
   * The pseudonym of the client address that started the charge (a keyed hash, never the address):
   * carried in its charge job so the worker counts a decline against it (docs/decisions/026).
   */
  declineSource?: string | undefined;
}

export interface AcceptIds {
  recordId: string;
  /** Set when the acceptance queues a payment. */
  paymentId: string;
}

export interface Answer {
  status: number;
  body: unknown;
}

export interface Acceptance<A extends Answer> {
  /** Exactly once per (scope, key); without a key the statement simply runs. */
  idempotency?: { scope: string; key: string | undefined; request: unknown };
  /** The record to insert (its `id` is generated here), or the id of one that already exists. */
  record: { table: PgTable; values: Record<string, unknown> } | { id: string };
  payment?: NewPayment;
  /**
   * The event places the new record takes (docs/decisions/022): one of the event's '' row and one
   * of the tier's row, whichever exist, in the same statement, only when the record is inserted
   * (a replay takes none). Their CHECK refuses a place beyond capacity: SoldOut is thrown.
   */
  places?: { eventId: string; tierId: string | null };
  /** The answer for these ids: stored with the claim, replayed for the same key and request. */
  answer: (ids: AcceptIds) => A;
}

export interface Accepted<A extends Answer> {
  answer: A;
  /** The outbox rows to publish now (`publishNow`); none on a replay. */
  outbox: OutboxRow[];
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
  /** The payment this acceptance inserted (none on a replay or without a payment). */
  paymentId?: string;
}

/**
 * The request fingerprint stored with a key: the same key with another request is refused.
 * Requests reach it parsed by the API's one JSON reader, at most 32 levels deep, well within what
 * a recursive JSON.stringify handles (docs/decisions/027).
 */
export function requestHashOf(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

/** The provider idempotency key of a payment: every retry of its job sends the same one (ADR 010). */
export const providerKeyOf = (paymentId: string) => `pay_${paymentId.replace(/-/g, '')}`;

/** One INSERT of the chain: its table and values by drizzle property name (undefined = column default). */
interface Step {
  name: 'claim' | 'record' | 'payment' | 'job';
  table: PgTable;
  values: Record<string, unknown>;
}

interface Statement {
  /** A prepared-statement name: each pooled connection parses and plans the text once. */
  name: string;
  text: string;
  encoders: ((value: unknown) => unknown)[];
}
const statements = new Map<string, Statement>();

/**
 * The statement text of a chain of steps, built once per shape (which steps, which tables, which
 * columns) and cached: each step is `INSERT INTO <table> (<columns>) SELECT <$n::type, …> [FROM
 * <previous step>]`, every value a typed parameter (a SELECT list has no target type to infer it
 * from). The claim alone ends `ON CONFLICT DO NOTHING`, so a claimed key stops the chain.
 */
function statementOf(steps: Step[], takesPlaces: boolean): Statement {
  const shape = steps
    .map(
      (step) =>
        `${step.name}:${Object.keys(step.values)
          .filter((k) => step.values[k] !== undefined)
          .join(',')}`,
    )
    .join('|');
  const tables = steps.map((step) => getTableName(step.table)).join('|');
  const cacheKey = `${tables}/${shape}${takesPlaces ? '/places' : ''}`;
  let statement = statements.get(cacheKey);
  if (statement) return statement;
  const encoders: ((value: unknown) => unknown)[] = [];
  const parts: string[] = [];
  let previous: string | undefined;
  for (const step of steps) {
    const columns = getTableColumns(step.table);
    const names: string[] = [];
    const expressions: string[] = [];
    for (const [property, value] of Object.entries(step.values)) {
      if (value === undefined) continue;
      const column = columns[property];
      if (!column) throw new Error(`no column ${property}`);
      encoders.push((v) => (v === null ? null : column.mapToDriverValue(v)));
      names.push(`"${column.name}"`);
      expressions.push(`$${encoders.length}::${column.getSQLType()}`);
    }
    const from = previous ? ` from ${previous}` : '';
    const tail =
      step.name === 'claim'
        ? 'on conflict do nothing returning 1'
        : step.name === 'job'
          ? 'returning id'
          : 'returning 1';
    const table = getTableName(step.table);
    parts.push(
      `${step.name} as (insert into "${table}" (${names.join(', ')}) select ${expressions.join(', ')}${from} ${tail})`,
    );
    previous = step.name;
  }
  if (takesPlaces) {
    // Not in the chain: it runs once per inserted record, and its CHECK error aborts the statement.
    encoders.push(
      (v) => v,
      (v) => v,
    );
    const [event, tier] = [encoders.length - 1, encoders.length];
    parts.push(
      `place as (update "${getTableName(eventPlaces)}" p set taken = p.taken + 1 from record ` +
        `where p.event_id = $${event}::uuid and p.tier_id in ('', $${tier}::text) returning 1)`,
    );
  }
  const last = previous === 'job' ? 'select id from job' : `select 1 as id from ${previous ?? ''}`;
  statement = { name: `accept_${statements.size + 1}`, text: `with ${parts.join(', ')} ${last}`, encoders };
  statements.set(cacheKey, statement);
  return statement;
}

/** Runs a cached statement: straight on the pool (no query builder per request), or in the caller's transaction. */
async function run(db: Executor, { name, text }: Statement, values: unknown[]): Promise<Record<string, unknown>[]> {
  const pool = poolUnder(db);
  if (pool) return (await pool.query<Record<string, unknown>>({ name, text, values })).rows;
  const pieces = text.split(/\$\d+/);
  const chunks: SQL[] = [];
  pieces.forEach((piece, i) => {
    chunks.push(sql.raw(piece));
    if (i < values.length) chunks.push(sql`${values[i]}`);
  });
  return (await db.execute(sql.join(chunks))).rows;
}

/** Which row refused a place: '' when the whole event is full, else the tier's id. */
export async function soldOutTier(db: Executor, { eventId, tierId }: SoldOut): Promise<string> {
  const rows = await db
    .select({ tierId: eventPlaces.tierId, capacity: eventPlaces.capacity, taken: eventPlaces.taken })
    .from(eventPlaces)
    .where(eq(eventPlaces.eventId, eventId));
  const whole = rows.find((row) => row.tierId === '');
  return whole && whole.taken >= whole.capacity ? '' : (tierId ?? '');
}

/** The violated constraint of a PostgreSQL error, through drizzle's wrapper. */
export function constraintOf(error: unknown): string | undefined {
  const pgError = (error instanceof Error && error.cause ? error.cause : error) as { constraint?: unknown };
  return typeof pgError.constraint === 'string' ? pgError.constraint : undefined;
}

/**
 * Records what a request creates and answers it, exactly once per idempotency key, in one
 * statement (see the top of this file). Throws AcceptConflict for a key reused with another
 * request, or a reported charge id already used for another record.
 */
export async function accept<A extends Answer>(db: Executor, acceptance: Acceptance<A>): Promise<Accepted<A>> {
  const { idempotency, record, payment } = acceptance;
  const ids: AcceptIds = { recordId: 'id' in record ? record.id : randomUUID(), paymentId: randomUUID() };
  const answer = acceptance.answer(ids);
  const key = idempotency?.key;
  const requestHash = key ? requestHashOf(idempotency.request) : undefined;

  const steps: Step[] = [];
  if (idempotency && key && requestHash) {
    steps.push({
      name: 'claim',
      table: idempotencyKeys,
      values: { scope: idempotency.scope, key, requestHash, responseStatus: answer.status, responseBody: answer.body },
    });
  }
  if ('table' in record) {
    steps.push({ name: 'record', table: record.table, values: { ...record.values, id: ids.recordId } });
  }
  let job: OutboxRow | undefined;
  if (payment) {
    steps.push({
      name: 'payment',
      table: payments,
      values: {
        id: ids.paymentId,
        kind: payment.kind,
        recordId: ids.recordId,
        amountCents: payment.amountCents,
        paymentMethodToken: payment.paymentMethodToken ?? null,
        claimedTransactionId: payment.claimedTransactionId ?? null,
        claimedIdempotencyKey: payment.claimedTransactionId ? (payment.claimedIdempotencyKey ?? null) : null,
        idempotencyKey: providerKeyOf(ids.paymentId),
      },
    });
    const name = chargeJobFor({ kind: payment.kind, claimedTransactionId: payment.claimedTransactionId ?? null });
    job = {
      id: 0,
      ...outboxValuesOf({
        job: name,
        paymentId: ids.paymentId,
        ...(payment.requestId ? { requestId: payment.requestId } : {}),
        ...(payment.declineSource ? { declineSource: payment.declineSource } : {}),
      }),
    };
    const { id: _id, ...values } = job;
    steps.push({ name: 'job', table: outbox, values });
  }
  if (steps.length === 0) throw new Error('an acceptance writes at least one row');
  const { places } = acceptance;
  if (places && !('table' in record)) throw new Error('only a new record takes places');
  const statement = statementOf(steps, places !== undefined);
  const { encoders } = statement;
  const values: unknown[] = [];
  for (const step of steps) {
    for (const value of Object.values(step.values)) {
      if (value === undefined) continue;
      values.push((encoders[values.length] as (v: unknown) => unknown)(value));
    }
  }
  if (places) values.push(places.eventId, places.tierId ?? '');

  let rows: Record<string, unknown>[];
  try {
    rows = await run(db, statement, values);
  } catch (error) {
    // One provider charge pays for one record: replaying a reported charge id is refused.
    if (constraintOf(error) === 'payments_claimed_transaction_id_key') {
      throw new AcceptConflict('charge-already-reported');
    }
    if (places && constraintOf(error) === PLACES_CONSTRAINT) {
      throw new SoldOut(places.eventId, places.tierId);
    }
    throw error;
  }
  if (rows.length > 0) {
    const outboxRows = job ? [{ ...job, id: Number(rows[0]?.id) }] : [];
    return { answer, outbox: outboxRows, replayed: false, ...(payment ? { paymentId: ids.paymentId } : {}) };
  }
  if (!idempotency || !key) throw new Error('an acceptance without a key inserted nothing');
  const [stored] = await db
    .select({
      requestHash: idempotencyKeys.requestHash,
      status: idempotencyKeys.responseStatus,
      body: idempotencyKeys.responseBody,
    })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.scope, idempotency.scope), eq(idempotencyKeys.key, key)));
  if (!stored || stored.requestHash !== requestHash) throw new AcceptConflict('idempotency-key-reused');
  // The row holds what `answer` built for this scope, so it has the type `answer` returns.
  return { answer: { status: stored.status, body: stored.body } as A, outbox: [], replayed: true };
}

/**
 * A payment for a record that already exists, in the caller's transaction (which holds the
 * record's lock): the payment row and its outbox row in one statement.
 */
export async function queuePayment(
  tx: Executor,
  recordId: string,
  payment: NewPayment,
): Promise<{ paymentId: string; outbox: OutboxRow[] }> {
  const { answer, outbox: rows } = await accept(tx, {
    record: { id: recordId },
    payment,
    answer: (ids) => ({ status: 202, body: ids.paymentId }),
  });
  return { paymentId: answer.body, outbox: rows };
}
