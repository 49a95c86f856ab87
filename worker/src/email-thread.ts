import { isMainThread, parentPort } from 'node:worker_threads';
import { loadConfigOrExit } from '@pillars/platform/config';
import { createDatabase } from '@pillars/platform/db';
import { createQueueBackend } from '@pillars/platform/jobs';
import { createLogger } from '@pillars/platform/logger';
import { createMailer } from '@pillars/platform/mail';
import { EMAIL_THREAD_MESSAGES as MESSAGES } from './email-thread-host';
import { startEmailWorker } from './workers';

/**
 * The worker process's e-mail thread (docs/decisions/021): the email queue's worker on an event
 * loop of its own, so rendering receipts never delays a charge or a follow-up on the main one. It
 * has its own small database pool and queue connection. On `stop` it finishes its active jobs,
 * closes its connections and says so; the host (email-thread-host.ts) then lets it exit.
 */
if (isMainThread || !parentPort) throw new Error('email-thread.ts runs as a worker thread (email-thread-host.ts)');
const port = parentPort;

/** Sending e-mail is a few reads and two updates per message: a handful of connections suffice. */
const EMAIL_POOL_MAX = 3;

const config = loadConfigOrExit();
const logger = createLogger({ level: config.LOG_LEVEL, name: 'worker-email' });
if (!config.DATABASE_URL) throw new Error('DATABASE_URL is not set');
const database = createDatabase(config.DATABASE_URL, { max: EMAIL_POOL_MAX, name: 'worker-email' });
const queues = await createQueueBackend({
  redisUrl: config.REDIS_URL,
  databaseUrl: config.DATABASE_URL,
  prefix: config.QUEUE_PREFIX,
  lockMs: config.WORKER_LOCK_MS,
  name: 'worker-email',
  // One queue and its worker: one query connection beside the LISTEN one.
  poolMax: 1,
  logger,
});
const mailer = createMailer(config, logger);
const worker = startEmailWorker({
  db: database.db,
  backend: queues,
  logger,
  concurrency: config.WORKER_CONCURRENCY,
  mailer,
  site: config,
});

port.on('message', (message: unknown) => {
  if (message !== MESSAGES.stop) return;
  void (async () => {
    await worker.close();
    await queues.close();
    await database.close();
    port.postMessage(MESSAGES.stopped);
  })();
});
port.postMessage({ ready: true, destination: mailer.destination });
