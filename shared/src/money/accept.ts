import { createHash, randomUUID } from 'node:crypto';
import { type SQL, type SQLChunk, and, eq, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { type PaymentKind, idempotencyKeys, outbox, payments } from '../db/schema';
import { type OutboxRow, chargeJobFor, outboxValuesOf } from '../jobs';

/**
 * The accept path (docs/decisions/007, 016): a request that creates a record and, usually, a
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
  /** The answer for these ids: stored with the claim, replayed for the same key and request. */
  answer: (ids: AcceptIds) => A;
}

export interface Accepted<A extends Answer> {
  answer: A;
  /** The outbox rows to publish now (`publishNow`); none on a replay. */
  outbox: OutboxRow[];
  /** True when this is the stored answer of an earlier request with the same key. */
  replayed: boolean;
}

/** The request fingerprint stored with a key: the same key with another request is refused. */
export function requestHashOf(request: unknown): string {
  return createHash('sha256').update(JSON.stringify(request)).digest('hex');
}

/** The provider idempotency key of a payment: every retry of its job sends the same one (ADR 010). */
export const providerKeyOf = (paymentId: string) => `pay_${paymentId.replace(/-/g, '')}`;

/**
 * `INSERT INTO <table> (<columns>) SELECT <values> [FROM <from>] <tail>`, every value a typed
 * parameter (a SELECT list has no target type to infer it from) encoded as drizzle encodes it.
 */
function insertSelect(table: PgTable, values: Record<string, unknown>, from: string | undefined, tail: SQL): SQL {
  const columns = getTableColumns(table);
  const names: SQLChunk[] = [];
  const expressions: SQL[] = [];
  for (const [property, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const column = columns[property];
    if (!column) throw new Error(`no column ${property}`);
    names.push(sql.identifier(column.name));
    expressions.push(sql`${sql.param(value, column)}::${sql.raw(column.getSQLType())}`);
  }
  const source = from ? sql.raw(` from ${from}`) : sql.empty();
  return sql`insert into ${table} (${sql.join(names, sql`, `)}) select ${sql.join(expressions, sql`, `)}${source} ${tail}`;
}

/** The violated constraint of a PostgreSQL error, through drizzle's wrapper. */
function constraintOf(error: unknown): string | undefined {
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

  const steps: SQL[] = [];
  let previous: string | undefined;
  const step = (name: string, statement: SQL) => {
    steps.push(sql`${sql.raw(name)} as (${statement})`);
    previous = name;
  };
  if (idempotency && key && requestHash) {
    step(
      'claim',
      insertSelect(
        idempotencyKeys,
        { scope: idempotency.scope, key, requestHash, responseStatus: answer.status, responseBody: answer.body },
        undefined,
        sql`on conflict do nothing returning 1`,
      ),
    );
  }
  if ('table' in record) {
    step('record', insertSelect(record.table, { ...record.values, id: ids.recordId }, previous, sql`returning 1`));
  }
  let job: OutboxRow | undefined;
  if (payment) {
    step(
      'payment',
      insertSelect(
        payments,
        {
          id: ids.paymentId,
          kind: payment.kind,
          recordId: ids.recordId,
          amountCents: payment.amountCents,
          paymentMethodToken: payment.paymentMethodToken ?? null,
          claimedTransactionId: payment.claimedTransactionId ?? null,
          claimedIdempotencyKey: payment.claimedTransactionId ? (payment.claimedIdempotencyKey ?? null) : null,
          idempotencyKey: providerKeyOf(ids.paymentId),
        },
        previous,
        sql`returning 1`,
      ),
    );
    const name = chargeJobFor({ kind: payment.kind, claimedTransactionId: payment.claimedTransactionId ?? null });
    job = { id: 0, ...outboxValuesOf({ job: name, paymentId: ids.paymentId }) };
    const { id: _id, ...values } = job;
    step('job', insertSelect(outbox, values, previous, sql`returning ${sql.identifier(outbox.id.name)}`));
  }
  if (!previous) throw new Error('an acceptance writes at least one row');
  const last = previous === 'job' ? sql`select id from job` : sql`select 1 as id from ${sql.raw(previous)}`;

  let rows: Record<string, unknown>[];
  try {
    const result = await db.execute(sql`with ${sql.join(steps, sql`, `)} ${last}`);
    rows = result.rows;
  } catch (error) {
    // One provider charge pays for one record: replaying a reported charge id is refused.
    if (constraintOf(error) === 'payments_claimed_transaction_id_key') {
      throw new AcceptConflict('charge-already-reported');
    }
    throw error;
  }
  if (rows.length > 0) {
    const outboxRows = job ? [{ ...job, id: Number(rows[0]?.id) }] : [];
    return { answer, outbox: outboxRows, replayed: false };
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
