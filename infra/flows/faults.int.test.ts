import { Writable } from 'node:stream';
import { PaymentAccepted } from '@pillars/contracts';
import { donations, payments } from '@pillars/platform/db';
import { createQueueBackend } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { eq, inArray } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, inject, it, onTestFinished } from 'vitest';
import { startFlowWorkers } from './flow-workers';
import { testApp } from '@pillars/api/test/test-app';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useSandbox } from '@pillars/sandbox-provider/test-sandbox';
import { oneTimeDonation, postDonation, usePaymentStack } from './payment-stack';
import { contactOf } from './people';
import { redisOnDemand } from './redis-on-demand';
import { exited } from './worker-process';
import { useWorkerProcessStack } from './worker-process-stack';

// The money-safety rules under failure (ADR 007 and 010), each with real parts:
// a Redis that goes away, a worker killed mid-charge, a status update that keeps failing.

/** Everything logged, kept in memory so the test can read it. */
function captureLogs() {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, logger: createLogger({ level: 'debug', destination }) };
}

const donation = (paymentMethodToken: string) =>
  oneTimeDonation({ ...contactOf('Paul', 'Revere', '555-010-1775'), amount: '40.00', paymentMethodToken });

/** A Luhn-valid 13–19 digit number with a card brand's first digit: what must never be stored. */
function cardNumbersIn(text: string): string[] {
  const luhn = (digits: string) =>
    [...digits].reverse().reduce((sum, d, i) => {
      const n = Number(d) * (i % 2 ? 2 : 1);
      return sum + (n > 9 ? n - 9 : n);
    }, 0) %
      10 ===
    0;
  return (text.match(/(?<!\d)[3-6]\d{12,18}(?!\d)/g) ?? []).filter(luhn);
}

describe('when Redis goes away', async () => {
  const database = await useTestDatabase();
  const { sandbox, provider, tokenFor, visibilityWindowMs } = await useSandbox();

  it('accepts every donation, then charges each once after Redis returns', { timeout: 120_000 }, async () => {
    const { url, start: startRedis, stop: stopRedis } = await redisOnDemand('outage');
    await startRedis();

    const logger = createLogger({ level: 'silent' });
    const queues = await createQueueBackend({ redisUrl: url, databaseUrl: database.url, prefix: 'outage', logger });
    const app = testApp(database, { queues, provider });
    const workers = await startFlowWorkers(database, queues, { provider, logger, visibilityWindowMs });
    onTestFinished(async () => {
      await workers.stop();
      await queues.close();
    });

    const tokens = await Promise.all(Array.from({ length: 5 }, () => tokenFor()));
    await stopRedis();
    const accepted = await Promise.all(tokens.map((token) => postDonation(app, donation(token))));
    expect(sandbox.ledger().filter((e) => e.kind === 'charge')).toHaveLength(0);

    await startRedis();
    const ids = accepted.map((a) => a.paymentId);
    await expect
      .poll(
        async () =>
          (await database.db.select().from(payments).where(inArray(payments.id, ids))).every(
            (p) => p.state === 'succeeded',
          ),
        { timeout: 60_000, interval: 250 },
      )
      .toBe(true);
    const charges = sandbox.ledger().filter((e) => e.kind === 'charge');
    expect(charges).toHaveLength(5);
    expect(new Set(charges.map((c) => c.idempotencyKey)).size).toBe(5);
  });
});

describe('when a worker process stops', async () => {
  const { database, sandbox, tokenFor, app, ...stack } = await useWorkerProcessStack('stop', inject('redisUrl'));
  const startWorker = () => stack.startWorker({ WORKER_CONCURRENCY: '4' });
  const submitAll = (tokens: string[]) => Promise.all(tokens.map((token) => postDonation(app, donation(token))));
  const rowsOf = (ids: string[]) => database.db.select().from(payments).where(inArray(payments.id, ids));
  const chargesOf = (id: string) =>
    sandbox.ledger().filter((e) => e.kind === 'charge' && e.idempotencyKey === `pay_${id.replace(/-/g, '')}`);

  it('on SIGTERM finishes the charges in hand, then exits cleanly', { timeout: 60_000 }, async () => {
    const tokens = await Promise.all(Array.from({ length: 3 }, () => tokenFor()));
    sandbox.setFaults({ latencyMs: 1500 });
    onTestFinished(() => sandbox.setFaults({ latencyMs: 0 }));
    const worker = startWorker();
    onTestFinished(() => void worker.kill('SIGKILL'));
    const ids = (await submitAll(tokens)).map((a) => a.paymentId);
    await expect
      .poll(async () => (await rowsOf(ids)).some((p) => p.state === 'processing'), { timeout: 30_000, interval: 50 })
      .toBe(true);
    const inHand = (await rowsOf(ids)).filter((p) => p.state === 'processing').map((p) => p.id);
    worker.kill('SIGTERM');
    expect(await exited(worker)).toBe(0);
    // What the worker had started, it finished: charged once and recorded, nothing left hanging.
    for (const row of await rowsOf(inHand)) expect(row.state).toBe('succeeded');
    for (const id of inHand) expect(chargesOf(id)).toHaveLength(1);
  });

  it(
    'after SIGKILL mid-charge settles every payment on restart, charging each at most once',
    { timeout: 180_000 },
    async () => {
      const tokens = await Promise.all(Array.from({ length: 6 }, () => tokenFor()));
      // Charges are made, then answered slowly: the kill lands between charge and answer.
      sandbox.setFaults({ latencyMs: 1500 });
      let worker = startWorker();
      const ids = (await submitAll(tokens)).map((a) => a.paymentId);
      await expect
        .poll(async () => (await rowsOf(ids)).some((p) => p.state === 'processing'), { timeout: 30_000, interval: 50 })
        .toBe(true);
      worker.kill('SIGKILL');
      await exited(worker);

      sandbox.setFaults({ latencyMs: 0 });
      worker = startWorker();
      onTestFinished(async () => {
        worker.kill('SIGTERM');
        await exited(worker);
      });
      await expect
        .poll(async () => (await rowsOf(ids)).every((p) => p.state === 'succeeded' || p.state === 'failed'), {
          timeout: 90_000,
          interval: 250,
        })
        .toBe(true);
      for (const id of ids) expect(chargesOf(id).length).toBeLessThanOrEqual(1);
      expect((await rowsOf(ids)).filter((p) => p.state === 'succeeded')).toHaveLength(6);
    },
  );
});

describe('when the status update keeps failing', async () => {
  const logs = captureLogs();
  const { database, app, post, settled, tokenFor, queues } = await usePaymentStack('redis', { logger: logs.logger });

  it(
    'logs the failure while the payment still reports succeeded, and recovers on retry',
    { timeout: 60_000 },
    async () => {
      await database.pool.query(`
      CREATE FUNCTION refuse_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.status <> OLD.status THEN RAISE EXCEPTION 'status update refused by the test'; END IF;
        RETURN NEW;
      END $$;
      CREATE TRIGGER refuse_status_change BEFORE UPDATE ON donations FOR EACH ROW EXECUTE FUNCTION refuse_status_change();
    `);
      const accepted = PaymentAccepted.parse(await (await post('/api/donations', donation(await tokenFor()))).json());
      expect((await settled(accepted.paymentId)).state).toBe('succeeded');
      // The charging job could not complete the payment at once, so it queued the follow-up, whose
      // attempts fail in turn while the fault lasts.
      await expect
        .poll(() => logs.lines.some((l) => l.includes('"job":"complete-payment"') && l.includes('job failed')), {
          timeout: 20_000,
        })
        .toBe(true);
      expect(logs.lines.some((l) => l.includes('payment follow-up failed; queued to be retried'))).toBe(true);
      const [pending] = await database.db.select().from(donations).where(eq(donations.id, accepted.data.id));
      expect(pending?.status).toBe('pending');
      // The poll endpoint keeps telling the visitor the truth about the charge.
      expect((await (await app.request(`/api/payments/${accepted.paymentId}`)).json()) as object).toMatchObject({
        state: 'succeeded',
      });

      await database.pool.query('DROP TRIGGER refuse_status_change ON donations');
      await expect
        .poll(
          async () => (await database.db.select().from(donations).where(eq(donations.id, accepted.data.id)))[0]?.status,
          { timeout: 30_000 },
        )
        .toBe('completed');
      void queues;
    },
  );

  it('leaves no card number in the database, the queue or the logs', async () => {
    const tables = await database.pool.query<{ table_name: string }>(
      "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public'",
    );
    let dump = '';
    for (const { table_name } of tables.rows) {
      const { rows } = await database.pool.query(`SELECT * FROM "${table_name}"`);
      dump += JSON.stringify(rows);
    }
    expect(dump.length).toBeGreaterThan(100);
    expect(cardNumbersIn(dump)).toEqual([]);

    const redis = new Redis(inject('redisUrl'));
    afterAll(() => redis.disconnect());
    let queueDump = '';
    for (const key of await redis.keys('*')) {
      const type = await redis.type(key);
      if (type === 'hash') queueDump += JSON.stringify(await redis.hgetall(key));
      else if (type === 'string') queueDump += (await redis.get(key)) ?? '';
      else if (type === 'list') queueDump += JSON.stringify(await redis.lrange(key, 0, -1));
      else if (type === 'zset') queueDump += JSON.stringify(await redis.zrange(key, 0, -1));
      else if (type === 'set') queueDump += JSON.stringify(await redis.smembers(key));
      else if (type === 'stream') queueDump += JSON.stringify(await redis.xrange(key, '-', '+'));
    }
    expect(queueDump).toContain('paymentId');
    expect(cardNumbersIn(queueDump)).toEqual([]);

    expect(logs.lines.length).toBeGreaterThan(0);
    expect(cardNumbersIn(logs.lines.join('\n'))).toEqual([]);
  });
});
