import { PaymentStatus } from '@pillars/contracts';
import { type Database, payments } from '@pillars/platform/db';
import { eq, sql } from 'drizzle-orm';

type PaymentRow = typeof payments.$inferSelect;

/**
 * Failure codes that are no answer from the provider, unlike a decline: no charge was seen, which
 * is not "no charge was made" (docs/decisions/010, amendment "failed is not final"). A payment
 * failed with one is looked up once more after the visibility window, and settled if charged.
 */
export const UNCLEAR_FAILURES: ReadonlySet<string> = new Set([
  'PROVIDER_UNAVAILABLE',
  'UNVERIFIED',
  'PROVIDER_REQUEST_ERROR',
]);

/**
 * Failure codes that are not the card's: no answer (UNCLEAR_FAILURES), or a charge the browser
 * reported that did not match. Every other failure code is the provider's decline of the card.
 */
const NOT_DECLINES: ReadonlySet<string> = new Set([...UNCLEAR_FAILURES, 'AMOUNT_MISMATCH']);

/**
 * What `GET /api/payments/{id}` answers for a ledger row: the one mapping from the row to the wire.
 * It leaves out the record and the provider's ids: a payment id grants its status and nothing
 * more (docs/decisions/046).
 */
export function paymentStatusOf(
  row: Pick<PaymentRow, 'id' | 'kind' | 'state' | 'nextPaymentDate' | 'failureCode' | 'failureMessage'>,
): PaymentStatus {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    nextPaymentDate: row.nextPaymentDate,
    failureMessage: row.failureMessage,
    declined: row.state === 'failed' && row.failureCode !== null && !NOT_DECLINES.has(row.failureCode),
  };
}

/**
 * The payload of a `payment_settled` notification: the settled payment's status as the API
 * answers it, so a long-poll woken by it answers without reading the row again. PostgreSQL limits
 * a payload to 8,000 bytes; a status is a few hundred (failure messages are short provider texts).
 */
export function settledNotice(status: PaymentStatus): string {
  return JSON.stringify(status);
}

/** The status a notification carries, or undefined for a payload that is not one (a bare id from an older worker). */
export function statusFromNotice(payload: string): PaymentStatus | undefined {
  if (!payload.startsWith('{')) return undefined;
  try {
    const parsed = PaymentStatus.safeParse(JSON.parse(payload));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The columns `paymentStatusOf` reads, and no others. */
const STATUS_COLUMNS = {
  id: payments.id,
  kind: payments.kind,
  state: payments.state,
  nextPaymentDate: payments.nextPaymentDate,
  failureCode: payments.failureCode,
  failureMessage: payments.failureMessage,
};

/** The status read, built once per database handle and prepared on each connection once (long-polls read it often). */
function statusQueryOf(db: Pick<Database, 'select'>) {
  return db
    .select(STATUS_COLUMNS)
    .from(payments)
    .where(eq(payments.id, sql.placeholder('id')))
    .limit(1)
    .prepare('payment_status');
}

const statusQueries = new WeakMap<Pick<Database, 'select'>, ReturnType<typeof statusQueryOf>>();

/** The payment as `GET /api/payments/{id}` answers it, read from the ledger; undefined when none has the id. */
export async function readStatus(db: Pick<Database, 'select'>, id: string): Promise<PaymentStatus | undefined> {
  let query = statusQueries.get(db);
  if (!query) {
    query = statusQueryOf(db);
    statusQueries.set(db, query);
  }
  const [row] = await query.execute({ id });
  return row ? paymentStatusOf(row) : undefined;
}
