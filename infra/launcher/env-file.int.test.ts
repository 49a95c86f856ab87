import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '@pillars/embedded/paths';

// Every entry point that reads the configuration reads `.env` from its working directory first,
// and a variable set in the environment wins over the file's. Each process here stops at the
// configuration check, whose message says which values it read.
const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'pillars-env-file-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

function run(entry: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', tsx, join(REPO_ROOT, entry)],
      { cwd: dir, env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env }, timeout: 30_000 },
      (error, _stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stderr }),
    );
  });
}

describe('the .env file', () => {
  it.each(['infra/launcher/start.ts', 'infra/launcher/db-migrate.ts', 'api/src/server.ts', 'worker/src/main.ts'])(
    '%s reads it without overriding the environment',
    async (entry) => {
      await writeFile(join(dir, '.env'), 'PORT=eighty\nLOG_LEVEL=loud\n');
      const { code, stderr } = await run(entry, { LOG_LEVEL: 'info' });
      expect(code).toBe(1);
      expect(stderr).toContain('Invalid configuration:');
      expect(stderr).toContain('  - PORT: ');
      expect(stderr).not.toContain('LOG_LEVEL');
    },
  );

  it('is optional: without one the environment alone is read', async () => {
    await rm(join(dir, '.env'), { force: true });
    const { code, stderr } = await run('infra/launcher/db-migrate.ts', { CONTACT_EMAIL: 'nope' });
    expect(code).toBe(1);
    expect(stderr).toBe('Invalid configuration:\n  - CONTACT_EMAIL: Invalid email address\n');
  });
});
