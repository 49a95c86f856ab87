import { ReconciliationReport, ReconciliationStarted } from '@pillars/contracts/admin';
import { expect } from 'vitest';
import { asAdmin } from '@pillars/api/test/admin-session';
import { SANDBOX_CREDENTIALS } from '@pillars/sandbox-provider/test-sandbox';

interface RequestingApp {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

/** A GraphQL call made straight to the sandbox, as a browser's SDK or Pay Theory's portal makes it. */
export async function sandboxGraphql<T>(graphqlUrl: string, query: string, variables: Record<string, unknown>) {
  const res = await fetch(graphqlUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `${SANDBOX_CREDENTIALS.merchantUid};${SANDBOX_CREDENTIALS.secretKey}`,
    },
    body: JSON.stringify({ query, variables }),
  });
  const body = (await res.json()) as { data: T; errors?: unknown };
  if (body.errors) throw new Error(`sandbox refused: ${JSON.stringify(body.errors)}`);
  return body.data;
}

/** createReversal as Pay Theory's portal sends it: a refund of a settled charge, a void of one not settled. */
export const CREATE_REVERSAL_DIRECTLY = `
  mutation Reverse($transaction_id: String!, $amount: Int!, $refund_reason: RefundReasonInput!) {
    createReversal(transaction_id: $transaction_id, amount: $amount, refund_reason: $refund_reason) {
      transaction_id
      is_void
    }
  }
`;

/**
 * Starts a reconciliation run through the admin API (once the one in progress, such as the
 * schedule's first, has ended) and waits for its report.
 */
export async function reconcileThroughAdmin(app: RequestingApp, cookie: string) {
  let runId = '';
  await expect
    .poll(
      async () => {
        const res = await app.request('/api/admin/reconciliation/runs', { method: 'POST', headers: asAdmin(cookie) });
        if (res.status === 202) runId = ReconciliationStarted.parse(await res.json()).data.runId;
        return res.status;
      },
      { timeout: 30_000, interval: 500 },
    )
    .toBe(202);
  await expect
    .poll(
      async () => {
        const res = await app.request('/api/admin/reconciliation/runs/latest', { headers: { cookie } });
        const { data } = ReconciliationReport.parse(await res.json());
        return data?.id === runId ? data.state : 'other';
      },
      { timeout: 60_000, interval: 500 },
    )
    .toBe('succeeded');
  const res = await app.request('/api/admin/reconciliation/runs/latest', { headers: { cookie } });
  const report = ReconciliationReport.parse(await res.json()).data;
  if (!report) throw new Error('no report');
  return report;
}
