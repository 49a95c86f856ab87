import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { REPO_ROOT } from '@pillars/embedded/paths';

const PRELOAD = fileURLToPath(new URL('./exit-with-launcher.js', import.meta.url));
const SERVICE = fileURLToPath(new URL('./fixtures/logging-service.ts', import.meta.url));

// A launcher that dies closes both the service's IPC channel and the pipe its output goes to. The
// service must still stop and exit, however much it was logging (docs/decisions/030).
it('a service whose launcher is gone exits, though its output pipe is closed', { timeout: 30_000 }, async () => {
  const service = spawn(process.execPath, ['--import', PRELOAD, '--import', 'tsx', SERVICE], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  service.stdout?.resume();
  service.stderr?.resume();
  await new Promise((resolve) => service.once('message', resolve));
  // Let writes be in flight, then go as a killed launcher goes: the pipes close, the channel too.
  await new Promise((resolve) => setTimeout(resolve, 200));
  const exited = new Promise<number | null>((resolve) => service.once('exit', resolve));
  service.stdout?.destroy();
  service.stderr?.destroy();
  service.disconnect();
  const outcome = await Promise.race([
    exited.then((code) => ({ code })),
    new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 10_000)),
  ]);
  if (outcome === 'still running') service.kill('SIGKILL');
  expect(outcome).toEqual({ code: 0 });
});
