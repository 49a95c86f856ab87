// Preloaded (`node --import`) into every process the launcher starts. The launcher starts its
// services in process groups of their own, so a terminal's Ctrl-C reaches the launcher alone
// and it stops them in order (docs/decisions/030-process-lifecycle.md). A launcher killed
// outright (SIGKILL, OOM) cannot do that: its IPC channel then closes, and each service stops
// itself as on SIGTERM, finishing the work it holds. Plain JavaScript so that processes run
// without tsx (Vite's dev server) can preload it too. Without an IPC channel (docker, a service
// started by hand) it does nothing.
if (process.send && process.channel) {
  // The channel alone must not keep a stopping process alive.
  process.channel.unref();
  process.once('disconnect', () => {
    // Its output went through the launcher, which is gone: a write there fails with EPIPE, which
    // must not end the stop it is about to make.
    for (const stream of [process.stdout, process.stderr]) stream.on('error', () => undefined);
    process.kill(process.pid, 'SIGTERM');
  });
}
