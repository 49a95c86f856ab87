/**
 * Preloaded into the API, worker and sandbox processes by the payments benchmark
 * (`node --import tsx --import ./infra/bench/elu-probe.ts …`): answers the orchestrator's
 * `{ type: 'elu' }` on the IPC channel with the process's cumulative event-loop idle and active
 * time, so the bench can tell how busy each event loop was during a phase, and stops the process
 * if the bench goes away. It does nothing at all without an IPC channel.
 */
import { performance } from 'node:perf_hooks';

if (process.send) {
  process.on('message', (message: unknown) => {
    if (typeof message !== 'object' || message === null || !('type' in message) || message.type !== 'elu') return;
    const { idle, active } = performance.eventLoopUtilization();
    process.send?.({ type: 'elu', idle, active });
  });
  // The channel must not keep a process alive that would otherwise exit.
  process.channel?.unref();
  // The bench died without stopping us (SIGKILL, a second Ctrl-C): shut down as on a deploy.
  process.once('disconnect', () => process.kill(process.pid, 'SIGTERM'));
}
