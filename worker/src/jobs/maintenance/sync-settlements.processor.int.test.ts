import { settlementTransactions, settlements } from '@pillars/platform/db';
import { JOBS, QUEUES, settlementRefreshJobId } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { asc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { useQueueBackend } from '@pillars/testing/test-queues';
import { useSandbox } from '@pillars/sandbox-provider/test-sandbox';
import { sandboxCharge } from '../../test/paid-donation';
import { useQueueWorker } from '../../test/queue-worker';
import { syncSettlementsProcessor } from './sync-settlements.processor';

// sync-settlements through a real queue (BullMQ's PostgreSQL backend here; the API's deposits test
// runs on Redis) against the sandbox over HTTP: each batch the sandbox makes is copied once, and a
// run that finds nothing new changes nothing. Matching to the ledger is asserted in
// api/src/features/admin/deposits/deposits.int.test.ts.
const database = await useTestDatabase();
const backend = await useQueueBackend('postgres', database.url);
const { sandbox, provider, tokenFor } = await useSandbox();
const logger = createLogger({ level: 'silent' });
const { run } = useQueueWorker(
  backend,
  QUEUES.maintenance,
  syncSettlementsProcessor({ db: database.db, provider, logger }),
);

/** A charge at the sandbox, visible to queries, then a batch that takes it (POST /__sandbox/settle). */
async function chargeAndSettle(amountCents: number) {
  await sandboxCharge(provider, tokenFor, amountCents);
  const response = await fetch(new URL('/__sandbox/settle', sandbox.graphqlUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { settlement_batch: number; net_amount: number };
}

const stored = () =>
  database.db
    .select({ batch: settlements.batch, netCents: settlements.netCents })
    .from(settlements)
    .orderBy(asc(settlements.batch));

describe('sync-settlements', () => {
  it('copies each new batch once, its transaction unmatched until the ledger holds it', async () => {
    const first = await chargeAndSettle(2500);
    const outcome = await run(JOBS.syncSettlements, {}, { jobId: settlementRefreshJobId(new Date()) });
    expect(outcome).toMatchObject({ ok: true, result: { batches: 1, transactions: 1, unmatched: 1 } });
    expect(await stored()).toEqual([{ batch: first.settlement_batch, netCents: first.net_amount }]);

    const second = await chargeAndSettle(4000);
    expect(await run(JOBS.syncSettlements, {})).toMatchObject({ ok: true, result: { batches: 2, transactions: 2 } });
    expect(await run(JOBS.syncSettlements, {})).toMatchObject({ ok: true, result: { batches: 2, transactions: 2 } });
    expect(await stored()).toEqual([
      { batch: first.settlement_batch, netCents: first.net_amount },
      { batch: second.settlement_batch, netCents: second.net_amount },
    ]);
    expect(await database.db.$count(settlementTransactions)).toBe(2);
  });
});
