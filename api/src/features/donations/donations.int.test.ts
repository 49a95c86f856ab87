import { randomUUID } from 'node:crypto';
import { PaymentAccepted } from '@pillars/contracts';
import { donations, outbox } from '@pillars/platform/db';
import { flushOutboxMarks } from '@pillars/platform/jobs';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { testApp, useAppInfra } from '../../test/test-app';
import { donationBody } from '../../test/donation-body';

// What one accepted donation costs the database (docs/decisions/007): one statement answers it, a
// batched mark follows it, and a replay of its Idempotency-Key costs one more read.
const database = await useTestDatabase();
const infra = await useAppInfra(database);
const app = testApp(database, infra);
afterAll(() => flushOutboxMarks(database.db));

/** Every statement any pg client of this process sends while `work` runs. */
async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  const sent: string[] = [];
  const original = Object.getOwnPropertyDescriptor(pg.Client.prototype, 'query') as PropertyDescriptor;
  const query = original.value as (this: pg.Client, ...args: unknown[]) => unknown;
  Object.defineProperty(pg.Client.prototype, 'query', {
    ...original,
    value(this: pg.Client, ...args: unknown[]) {
      const [first] = args;
      sent.push(typeof first === 'string' ? first : String((first as { text?: unknown }).text));
      return query.apply(this, args);
    },
  });
  try {
    await work();
  } finally {
    Object.defineProperty(pg.Client.prototype, 'query', original);
  }
  return sent;
}

const submit = (payload: unknown, key: string) =>
  app.request('/api/donations', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'idempotency-key': key },
    body: JSON.stringify(payload),
  });

describe('POST /api/donations, in SQL statements', () => {
  it('accepts in one statement, marks the outbox row in one batched statement, replays with one read', async () => {
    const payload = donationBody();
    const key = randomUUID();
    let answer: PaymentAccepted | undefined;
    const accepting = await statementsOf(async () => {
      const res = await submit(payload, key);
      expect(res.status).toBe(202);
      answer = PaymentAccepted.parse(await res.json());
    });
    expect(accepting).toHaveLength(1);
    expect(accepting[0]).toMatch(/^with claim as \(insert into "idempotency_keys"/);

    const marking = await statementsOf(() => flushOutboxMarks(database.db));
    expect(marking.filter((text) => /^update "outbox"/.test(text)).length).toBeLessThanOrEqual(1);
    const [row] = await database.db
      .select()
      .from(outbox)
      .where(eq(outbox.jobId, `charge-${answer?.paymentId ?? ''}`));
    expect(row?.publishedAt).toBeInstanceOf(Date);

    const replaying = await statementsOf(async () => {
      const res = await submit(payload, key);
      expect(res.status).toBe(202);
      expect(await res.json()).toEqual(answer);
    });
    expect(replaying).toHaveLength(2);
    expect(await database.db.select().from(donations).where(eq(donations.email, payload.email))).toHaveLength(1);
  });
});
