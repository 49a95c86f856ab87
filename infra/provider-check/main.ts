import { randomUUID } from 'node:crypto';
import { ConfigError, loadConfigOrExit, providerConfigOf } from '@pillars/platform/config';
import { type SandboxProvider, startSandboxProvider } from '@pillars/sandbox-provider/server';
import { type CheckTarget, type StepResult, runProviderCheck } from './check';

/**
 * `npm run provider:check`: the go-live check (infra/provider-check/check.ts) against the
 * PAYTHEORY_* provider in the environment, or, with none set, against an in-process sandbox.
 * Exit 0 when every step passed, 1 when one failed, 2 when it refused to run.
 */

const write = (line: string) => process.stdout.write(`${line}\n`);

function print(result: StepResult): void {
  const label = { pass: 'PASS', fail: 'FAIL', skip: 'SKIP' }[result.outcome];
  write(`${label}  ${result.step.padEnd(17)} ${result.detail}`);
  for (const line of result.lines ?? []) write(`        - ${line}`);
}

async function main(): Promise<number> {
  const config = loadConfigOrExit();
  if (config.PAYTHEORY_LIVE_MODE) {
    write('Refusing to run: PAYTHEORY_LIVE_MODE is true, and this check makes a real $1.00 charge.');
    write('Run it with the test (sandbox) merchant credentials, PAYTHEORY_LIVE_MODE=false.');
    return 2;
  }
  let sandbox: SandboxProvider | null = null;
  let target: CheckTarget;
  const anySet = config.PAYTHEORY_GRAPHQL_URL || config.PAYTHEORY_MERCHANT_UID || config.PAYTHEORY_SECRET_KEY;
  if (anySet) {
    try {
      target = providerConfigOf(config);
    } catch (error) {
      if (!(error instanceof ConfigError)) throw error;
      write(error.message);
      return 2;
    }
  } else {
    const credentials = { merchantUid: 'provider-check', secretKey: randomUUID() };
    sandbox = await startSandboxProvider({ ...credentials, port: 0, publicApiKey: 'provider-check' });
    // As a real test merchant: a charge minutes old is not settled yet, so it is voided.
    sandbox.setFaults({ autoSettle: false });
    target = { ...credentials, graphqlUrl: sandbox.graphqlUrl, timeoutMs: config.PAYMENT_PROVIDER_TIMEOUT_MS };
    write(`No PAYTHEORY_* provider configured: checking the in-process sandbox at ${sandbox.graphqlUrl}`);
  }
  write(`Checking ${target.graphqlUrl} as merchant ${target.merchantUid}`);
  try {
    const results = await runProviderCheck(
      {
        graphqlUrl: target.graphqlUrl,
        merchantUid: target.merchantUid,
        secretKey: target.secretKey,
        timeoutMs: target.timeoutMs,
      },
      { onStep: print },
    );
    const failed = results.filter((r) => r.outcome !== 'pass').length;
    write(failed === 0 ? 'All steps passed.' : `${failed} step(s) did not pass.`);
    return failed === 0 ? 0 : 1;
  } finally {
    await sandbox?.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`provider check crashed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
