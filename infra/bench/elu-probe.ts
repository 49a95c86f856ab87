/**
 * Preloaded into the API, worker and sandbox processes by the payments benchmark
 * (`node --import tsx --import ./infra/bench/elu-probe.ts …`). On the IPC channel it answers:
 * - `{ type: 'elu' }` with the process's cumulative event-loop idle and active time, so the bench
 *   can tell how busy each event loop was during a phase;
 * - `{ type: 'profile-start' }` and `{ type: 'profile-stop', file }` by starting V8's sampling
 *   profiler and writing what it took to `file` (a `.cpuprofile`), so a profile covers one phase
 *   and not the process's start-up (the bench's `--cpu-prof DIR`).
 * It stops the process if the bench goes away, and does nothing at all without an IPC channel.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { performance } from 'node:perf_hooks';

/** Sampling every 200 µs: fine enough for a job of a few ms, cheap enough not to change the figures much. */
const SAMPLING_INTERVAL_US = 200;

let session: Session | undefined;
const post = (method: string, params?: object) =>
  new Promise<unknown>((resolve, reject) => {
    if (!session) {
      session = new Session();
      session.connect();
    }
    session.post(method, params, (error, result) => (error ? reject(error) : resolve(result)));
  });

async function answer(message: { type: string; file?: unknown }): Promise<object | undefined> {
  switch (message.type) {
    case 'elu': {
      const { idle, active } = performance.eventLoopUtilization();
      return { type: 'elu', idle, active };
    }
    case 'profile-start':
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
      await post('Profiler.start');
      return { type: 'profile', ok: true };
    case 'profile-stop': {
      const result = (await post('Profiler.stop')) as { profile: unknown };
      if (typeof message.file === 'string') writeFileSync(message.file, JSON.stringify(result.profile));
      return { type: 'profile', ok: true };
    }
    default:
      return undefined;
  }
}

if (process.send) {
  process.on('message', (message: unknown) => {
    if (typeof message !== 'object' || message === null || !('type' in message)) return;
    if (typeof message.type !== 'string') return;
    answer(message as { type: string; file?: unknown }).then(
      (reply) => reply && process.send?.(reply),
      (error: unknown) => process.send?.({ type: 'profile', ok: false, message: String(error) }),
    );
  });
  // The channel must not keep a process alive that would otherwise exit.
  process.channel?.unref();
  // The bench died without stopping us (SIGKILL, a second Ctrl-C): shut down as on a deploy.
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
