// Preloaded (`node --import`) into every process the launcher starts. The launcher starts its
// services in process groups of their own, so a terminal's Ctrl-C reaches the launcher alone
// and it stops them in order (docs/decisions/030-process-lifecycle.md). A launcher killed
// outright (SIGKILL, OOM) cannot do that: its IPC channel then closes, and each service stops
// itself as on SIGTERM, finishing the work it holds. Plain JavaScript so that processes run
// without tsx (Vite's dev server) can preload it too. Without an IPC channel (docker, a service
// started by hand) it does nothing.
import fs from 'node:fs';

if (process.send && process.channel) {
  // The channel alone must not keep a stopping process alive.
  process.channel.unref();
  process.once('disconnect', () => {
    // Its output went through the launcher, which is gone: a write there fails with EPIPE, which
    // must not end the stop it is about to make.
    for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
    // pino's writer (sonic-boom 4) writes what it holds synchronously when the process exits, and
    // retries a failed synchronous write forever: with every write to the dead pipe failing, the
    // service would never exit. Nothing reads that output any more, so such a write counts as done.
    const writeSync = fs.writeSync;
    fs.writeSync = function writeSyncToGoneOutput(fd, data, ...rest) {
      try {
        return writeSync.call(fs, fd, data, ...rest);
      } catch (error) {
        const code = /** @type {{ code?: unknown } | null} */ (error)?.code;
        if ((fd === 1 || fd === 2) && code === 'EPIPE') {
          return typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
        }
        throw error;
      }
    };
    process.kill(process.pid, 'SIGTERM');
  });
}
