import { ReconciliationReport, ReconciliationRuns, ReconciliationStarted } from '@pillars/contracts/admin';
import { outbox, reconciliationDifferences, reconciliationRuns } from '@pillars/platform/db';
import { JOBS, jobIdOf } from '@pillars/platform/jobs';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@pillars/testing/test-database';
import { asAdmin, createTestAdmin, signIn } from '../../test/admin-session';
import { testApp, useAppInfra } from '../../test/test-app';

// The reconciliation's admin API (docs/decisions/049-reconciliation.md); the runs themselves are
// proven against the sandbox in infra/flows/reconciliation.int.test.ts.
const database = await useTestDatabase();
const infra = await useAppInfra(database);
const app = testApp(database, infra);
const { db } = database;
let cookie = '';
let username = '';

beforeAll(async () => {
  const admin = await createTestAdmin(db);
  username = admin.username;
  cookie = await signIn(app, admin);
});

const start = () => app.request('/api/admin/reconciliation/runs', { method: 'POST', headers: asAdmin(cookie) });
const latest = async () =>
  ReconciliationReport.parse(
    await (await app.request('/api/admin/reconciliation/runs/latest', { headers: { cookie } })).json(),
  );

describe('the reconciliation admin API', () => {
  it('answers 401 without a session, and nothing is started', async () => {
    expect((await app.request('/api/admin/reconciliation/runs', { method: 'POST' })).status).toBe(401);
    expect((await app.request('/api/admin/reconciliation/runs/latest')).status).toBe(401);
    expect(await db.select().from(reconciliationRuns)).toEqual([]);
  });

  it('has no report before the first run', async () => {
    expect(await latest()).toEqual({ success: true, data: null });
  });

  it('starts one run at a time: 202 with its id and its job queued, then 409 while it is under way', async () => {
    const res = await start();
    expect(res.status).toBe(202);
    const { runId } = ReconciliationStarted.parse(await res.json()).data;
    const [job] = await db
      .select()
      .from(outbox)
      .where(eq(outbox.jobId, jobIdOf(JOBS.reconcileProvider, runId)));
    expect(job).toMatchObject({ queue: 'maintenance', jobName: 'reconcile-provider', payload: { runId } });

    const again = await start();
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({
      error: 'A reconciliation run is already under way; its report appears here when it ends.',
    });
    expect(await db.select().from(reconciliationRuns)).toHaveLength(1);

    const report = await latest();
    expect(report.data).toMatchObject({
      id: runId,
      state: 'queued',
      requestedBy: username,
      matched: 0,
      differences: [],
    });
  });

  it("answers the newest run's report with its window, counts and differences", async () => {
    const [run] = await db.select().from(reconciliationRuns);
    if (!run) throw new Error('no run');
    await db
      .update(reconciliationRuns)
      .set({
        state: 'succeeded',
        windowFrom: new Date('2026-11-26T09:00:00Z'),
        windowTo: new Date('2026-11-27T10:00:00Z'),
        startedAt: new Date('2026-11-27T10:00:00Z'),
        finishedAt: new Date('2026-11-27T10:00:02Z'),
        matched: 7,
        counts: { unmatched: 1 },
      })
      .where(eq(reconciliationRuns.id, run.id));
    await db.insert(reconciliationDifferences).values({
      runId: run.id,
      kind: 'unmatched',
      providerTransactionId: 'pt_txn_stray',
      amountCents: 4321,
      detail: 'A charge of $43.21 (SUCCEEDED) that matches no payment of the app.',
    });
    const report = await latest();
    expect(report.data).toMatchObject({
      state: 'succeeded',
      windowFrom: '2026-11-26T09:00:00.000Z',
      windowTo: '2026-11-27T10:00:00.000Z',
      matched: 7,
      counts: { unmatched: 1 },
      differences: [
        {
          kind: 'unmatched',
          providerTransactionId: 'pt_txn_stray',
          paymentId: null,
          recordId: null,
          recordName: null,
          amountCents: 4321,
          detail: 'A charge of $43.21 (SUCCEEDED) that matches no payment of the app.',
        },
      ],
    });
    const listed = ReconciliationRuns.parse(
      await (await app.request('/api/admin/reconciliation/runs', { headers: { cookie } })).json(),
    );
    expect(listed.data.map((r) => r.id)).toEqual([run.id]);
    // Once it ended, another may start.
    expect((await start()).status).toBe(202);
  });

  it('is in the OpenAPI document', async () => {
    const document = (await (await app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    expect(Object.keys(document.paths['/api/admin/reconciliation/runs'] ?? {}).sort()).toEqual(['get', 'post']);
    expect(Object.keys(document.paths['/api/admin/reconciliation/runs']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['202', '401', '409']),
    );
    expect(Object.keys(document.paths['/api/admin/reconciliation/runs/latest'] ?? {})).toEqual(['get']);
  });
});
