import {
  DEPOSIT_CSV_HEADER_LINE,
  DepositBatchParams,
  DepositDetail,
  DepositExportQuery,
  DepositList,
  DepositListQuery,
  DepositRefreshAccepted,
  DepositsExportQuery,
  CSV_BYTE_ORDER_MARK,
  depositCsvFileName,
  depositCsvLine,
} from '@pillars/contracts/admin';
import type { Context } from 'hono';
import type { AppDeps, AppEnv } from '../../../lib/context';
import { featureRouter, json, openapiRoute } from '../../../lib/openapi';
import { adminOperation, auditedWrite, csvFile, foundOr404, unknown } from '../admin-http';
import { depositDetail, depositsForExport, listDeposits, refreshDeposits } from './deposits.service';

const missing = 'No deposit has this batch number';

const list = adminOperation('get', '/', {
  summary: "The provider's settlement batches (deposits) as synced, newest first, paged by batch number",
  query: DepositListQuery,
  ok: json('One page of deposits and when they were last synced', DepositList),
  invalid: 'A filter is invalid',
});
const exportRange = adminOperation('get', '/export', {
  summary: 'Every line of the deposits made from one date to another (UTC days, inclusive) as a CSV file',
  query: DepositsExportQuery,
  ok: csvFile("The file 'deposits-{from}-to-{to}.csv'"),
  invalid: 'A date or the time zone is invalid',
});
const refresh = adminOperation('post', '/refresh', {
  summary: 'Queue a sync of the settlement batches from the provider now',
  ok: json('The sync, queued', DepositRefreshAccepted),
  status: 202,
});
const read = adminOperation('get', '/{batch}', {
  summary: 'One deposit with its payments and refunds, our totals from the ledger beside the provider’s',
  params: DepositBatchParams,
  ok: json('The deposit', DepositDetail),
  missing,
});
const exportOne = adminOperation('get', '/{batch}/export', {
  summary: 'One deposit’s lines as a CSV file a treasurer matches against the bank statement',
  params: DepositBatchParams,
  query: DepositExportQuery,
  ok: csvFile("The file 'deposit-{batch}.csv'"),
  invalid: 'The time zone is invalid',
  missing,
});

type Exported = NonNullable<Awaited<ReturnType<typeof depositsForExport>>>;

function csvResponse(c: Context<AppEnv>, deposits: Exported, fileName: string, timeZone: string) {
  const lines = deposits.flatMap(({ deposit, lines: of }) => of.map((line) => depositCsvLine(deposit, line, timeZone)));
  c.get('logger').info(
    { event: 'admin.deposits-export', deposits: deposits.length, rows: lines.length },
    'deposits exported',
  );
  return c.body(CSV_BYTE_ORDER_MARK + DEPOSIT_CSV_HEADER_LINE + lines.join(''), 200, {
    'content-type': 'text/csv; charset=utf-8',
    'content-disposition': `attachment; filename="${fileName}"`,
  });
}

/** /api/admin/deposits (docs/decisions/048-deposits.md); behind requireSession (app.ts). */
export function adminDepositsRoutes(deps: AppDeps) {
  const { db } = deps;
  const app = featureRouter();
  openapiRoute(app, list, async (c) => c.json(await listDeposits(db, c.req.valid('query')), 200));
  openapiRoute(app, exportRange, async (c) => {
    const query = c.req.valid('query');
    const deposits = (await depositsForExport(db, query)) ?? [];
    return csvResponse(c, deposits, depositCsvFileName(query), query.timeZone ?? 'UTC');
  });
  openapiRoute(app, refresh, (c) =>
    auditedWrite(c, 202, async () => {
      const jobId = await refreshDeposits(deps.queues, deps.now?.() ?? new Date());
      const answer = { success: true, jobId } satisfies DepositRefreshAccepted;
      return { answer, log: { event: 'admin.deposits-refresh', jobId }, message: 'deposits sync queued' };
    }),
  );
  // A batch number in the path that is not one cannot name a deposit: 404, as for an unknown one.
  const unknownDeposit = unknown('Deposit');
  openapiRoute(
    app,
    read,
    async (c) => c.json(await foundOr404('Deposit', depositDetail(db, c.req.valid('param').batch)), 200),
    unknownDeposit,
  );
  openapiRoute(
    app,
    exportOne,
    async (c) => {
      const { batch } = c.req.valid('param');
      const { timeZone } = c.req.valid('query');
      const deposits = await foundOr404('Deposit', depositsForExport(db, { batch }));
      return csvResponse(c, deposits, depositCsvFileName({ batch }), timeZone ?? 'UTC');
    },
    unknownDeposit,
  );
  return app;
}
