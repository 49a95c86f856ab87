import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SandboxProvider, startSandboxProvider } from '@pillars/sandbox-provider/server';

/**
 * `npm run provider:check` as an operator runs it: a child process, its output and exit code,
 * against a sandbox on a free port (standing in for Pay Theory's test environment).
 */
const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CREDENTIALS = { merchantUid: 'check-merchant', secretKey: 'check-secret', publicApiKey: 'check-public' };

let sandbox: SandboxProvider;

/** The environment without any PAYTHEORY_* the test run may carry, plus the given ones. */
function envWith(extra: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('PAYTHEORY_')));
  return { ...base, LOG_LEVEL: 'silent', ...extra };
}

function runCheck(extra: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'infra/provider-check/main.ts'],
      { cwd: ROOT, env: envWith(extra), timeout: 90_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
        resolve({ code, output: stdout + stderr });
      },
    );
  });
}

const configured = (secretKey: string) => ({
  PAYTHEORY_GRAPHQL_URL: sandbox.graphqlUrl,
  PAYTHEORY_MERCHANT_UID: CREDENTIALS.merchantUid,
  PAYTHEORY_SECRET_KEY: secretKey,
});

beforeAll(async () => {
  sandbox = await startSandboxProvider({ ...CREDENTIALS, port: 0 });
});

afterAll(async () => {
  await sandbox.close();
});

beforeEach(() => sandbox.reset());

describe('npm run provider:check', () => {
  it('passes every step against a provider that matches the documented API, voiding its unsettled charge', async () => {
    // A real test merchant settles once a day: the check's charge is not settled when it is reversed.
    sandbox.setFaults({ autoSettle: false });
    const { code, output } = await runCheck(configured(CREDENTIALS.secretKey));
    expect(output.match(/^PASS {2}\S.*$/gm)).toHaveLength(7);
    expect(output).toMatch(
      /^PASS {2}reverse +\$1\.00 voided \(is_void true\); the charge now VOIDED, is_settled false$/m,
    );
    expect(output).toMatch(/^PASS {2}decline +\$1\.02 declined: GENERIC_DECLINE/m);
    expect(output).toContain('All steps passed.');
    expect(code).toBe(0);
    expect(sandbox.ledger().map((entry) => entry.kind)).toEqual([
      'charge',
      'void',
      'charge',
      // The plan's first instalment is charged after createRecurringPayment answers.
      'recurring',
      'charge',
      'recurring_cancelled',
    ]);
    expect(sandbox.ledger()[0]).toMatchObject({ amountCents: 100, state: 'SUCCEEDED', lastFour: '1111' });
    expect(sandbox.ledger()[1]).toMatchObject({ kind: 'void', amountCents: 100, replacementId: null });
    expect(sandbox.ledger()[2]).toMatchObject({ amountCents: 102, state: 'FAILED', failureCode: 'GENERIC_DECLINE' });
  });

  it('refunds its charge where the provider has settled it already', async () => {
    const { code, output } = await runCheck(configured(CREDENTIALS.secretKey));
    expect(output).toMatch(/^PASS {2}reverse +\$1\.00 refunded as pt_\S+; the charge now REFUNDED, is_settled true$/m);
    expect(code).toBe(0);
    expect(sandbox.ledger().filter((entry) => entry.kind === 'refund')).toEqual([
      expect.objectContaining({ amountCents: 100 }),
    ]);
  });

  it('reports each failure in the provider words and exits non-zero with a wrong secret key', async () => {
    const { code, output } = await runCheck(configured('not-the-secret'));
    expect(output).toMatch(/^FAIL {2}schema +introspection answered HTTP 401: .*Unauthorized/m);
    expect(output).toMatch(
      /^FAIL {2}tokenize +Pay Theory createPaymentMethod: credentials rejected \(HTTP 401\): UNAUTHORIZED: Unauthorized/m,
    );
    expect(output).toMatch(/^SKIP {2}charge/m);
    expect(output).not.toContain('not-the-secret');
    expect(code).toBe(1);
    expect(sandbox.ledger()).toEqual([]);
  });

  it('refuses to run in live mode, before any call', async () => {
    const { code, output } = await runCheck({ ...configured(CREDENTIALS.secretKey), PAYTHEORY_LIVE_MODE: 'true' });
    expect(output).toContain('Refusing to run: PAYTHEORY_LIVE_MODE is true');
    expect(code).toBe(2);
    expect(sandbox.ledger()).toEqual([]);
  });

  it('checks an in-process sandbox when no provider is configured', async () => {
    const { code, output } = await runCheck({});
    expect(output).toContain('No PAYTHEORY_* provider configured');
    expect(output).toContain('All steps passed.');
    expect(code).toBe(0);
  });
});
