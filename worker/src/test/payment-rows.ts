import { randomUUID } from 'node:crypto';
import { type Database, payments } from '@pillars/platform/db';

type PaymentValues = Omit<typeof payments.$inferInsert, 'idempotencyKey'>;

/**
 * Inserts a payment row as the accept path leaves it: its own id (or the one given) and the
 * idempotency key derived from that id. Returns the stored row.
 */
export async function insertPayment(db: Database, values: PaymentValues) {
  const id = values.id ?? randomUUID();
  const [row] = await db
    .insert(payments)
    .values({ ...values, id, idempotencyKey: `pay_${id.replace(/-/g, '')}` })
    .returning();
  if (!row) throw new Error('insert returned no payment');
  return row;
}
