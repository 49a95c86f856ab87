import { z } from 'zod';
import type { Logger } from '../logger';

/**
 * What a service tells the launcher over its IPC channel (docs/decisions/030-process-lifecycle.md):
 * the port its server took. The launcher counts a service as started only once this arrives and
 * the service then answers its readiness check on that port, so a port answered by some other
 * process never passes for this one.
 */
export const ServiceMessage = z.object({ listening: z.number().int().min(1).max(65535) });
export type ServiceMessage = z.infer<typeof ServiceMessage>;

/** Reports the port this service listens on to the launcher; without an IPC channel (docker, by hand) it does nothing. */
export function reportListening(port: number): void {
  const message: ServiceMessage = { listening: port };
  process.send?.(message);
}

/**
 * A server that cannot take its port ends the process with one line that names the setting to
 * change, rather than with an unhandled `error` event: a service without its port serves nothing,
 * and whoever started it (the launcher, compose, an orchestrator) must see it fail.
 */
export function exitOnListenError(logger: Logger, error: unknown, port: { setting: string; value: number }): never {
  const code = (error as { code?: unknown } | null)?.code;
  const message =
    code === 'EADDRINUSE'
      ? `port ${port.value} (${port.setting}) is already in use by another process: stop that process or set ${port.setting} to a free port`
      : `could not listen on port ${port.value} (${port.setting})`;
  logger.fatal({ err: error, port: port.value, setting: port.setting }, message);
  process.exit(1);
}
