import {
  type Job,
  type JobsOptions,
  type BackendFactory,
  PostgresConnection,
  PostgresQueueBackend,
  type PostgresConnectionOptions,
  type Processor,
  Queue,
  type RedisOptions as BullRedisOptions,
  Worker,
  type WorkerOptions,
} from 'bullmq';
import { Redis } from 'ioredis';
import type { Logger } from '../logger';
import { withTimeout } from '../time/with-timeout';
import { MAX_STALLED_COUNT, type OutboxPayload, QUEUES, type QueueName } from './definitions';

/**
 * BullMQ on Redis (production, docker compose) or on BullMQ's PostgreSQL backend (the embedded
 * default, so `npm start` needs nothing but Node). Callers see one small interface; both
 * backends pass the same queue tests (docs/decisions/006-queue-backends.md).
 */
export type QueueBackendKind = 'redis' | 'postgres';

export interface JobQueue {
  readonly name: QueueName;
  add(jobName: string, data: OutboxPayload | Record<string, never>, options: JobsOptions): Promise<unknown>;
  /** Adds several jobs in one round trip to the queue's store; each job is added as `add` would. */
  addBulk(jobs: { name: string; data: OutboxPayload; opts: JobsOptions }[]): Promise<unknown>;
  /**
   * Adds the job again under its id, removing a finished (failed or completed) job of that id
   * first: adding an existing id is otherwise a no-op. Not for a job a worker holds.
   */
  requeue(jobName: string, data: OutboxPayload, options: JobsOptions & { jobId: string }): Promise<unknown>;
  /**
   * A repeating job: every `schedule` ms (the first at once), or at the times a cron `pattern`
   * names (UTC; the first at the next of them).
   */
  upsertScheduler(
    schedulerId: string,
    schedule: number | { pattern: string },
    jobName: string,
    options: JobsOptions,
  ): Promise<unknown>;
  /** The state of a job by id ('unknown' when there is none). */
  jobState(jobId: string): Promise<string>;
  counts(): Promise<Record<string, number>>;
  /** Remove everything (tests only). */
  obliterate(): Promise<void>;
}

export interface JobWorker {
  close(): Promise<void>;
  /** True while the worker takes jobs: started, and neither closing nor closed. */
  isRunning(): boolean;
}

export interface WorkerHandlers {
  concurrency: number;
  onFailed?: (job: Job | undefined, error: Error) => void;
  onCompleted?: (job: Job) => void;
  onError?: (error: Error) => void;
}

export interface QueueBackend {
  readonly kind: QueueBackendKind;
  queue(name: QueueName): JobQueue;
  /** The BullMQ queue itself, for the operators' monitor (bull-board); not for adding jobs. */
  bullQueue(name: QueueName): Queue;
  createWorker(name: QueueName, processor: Processor, handlers: WorkerHandlers): JobWorker;
  /** True when the backend answers within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export interface QueueBackendOptions {
  /** redis:// URL, or undefined to keep queues in PostgreSQL. */
  redisUrl: string | undefined;
  databaseUrl: string;
  /** Key prefix (Redis) or schema (PostgreSQL); tests use a unique one per file. */
  prefix?: string;
  /**
   * Job lock duration: a dead worker's job is retried at most this long and half as long again
   * after it stopped renewing the lock. Unset: BullMQ's 30 s (tests of other things).
   */
  lockMs?: number;
  /**
   * The process's name in PostgreSQL's `pg_stat_activity` (`application_name`): the queues'
   * connections appear as `<name>-queues`. PostgreSQL backend only.
   */
  name?: string;
  /** The PostgreSQL backend's query pool size (QUEUE_POOL_MAX unless set). */
  poolMax?: number;
  logger: Logger;
}

/**
 * With the PostgreSQL backend, each process holds at most this many query connections for all its
 * queues and workers, plus one LISTEN connection once it runs a worker (docs/decisions/006).
 * Queue operations are short statements, so a few connections serve every worker; charges do
 * their own work on the application pool (DATABASE_POOL_MAX), which the queues never take from.
 */
export const QUEUE_POOL_MAX = 3;

/** BullMQ's production guide: never evict keys (an evicted key is a lost job). */
export async function assertRedisNoEviction(redis: Redis, logger: Logger): Promise<void> {
  let policy: string | undefined;
  try {
    const reply = (await redis.config('GET', 'maxmemory-policy')) as string[];
    policy = reply[1];
  } catch (error) {
    // Some managed services forbid CONFIG; their documentation then has to be trusted.
    logger.warn({ err: error }, 'could not read Redis maxmemory-policy; make sure it is noeviction');
    return;
  }
  if (policy !== 'noeviction') {
    throw new Error(
      `Redis maxmemory-policy is "${policy ?? 'unknown'}"; BullMQ needs "noeviction" or jobs can be lost. ` +
        'Set it in redis.conf or with CONFIG SET maxmemory-policy noeviction.',
    );
  }
}

/**
 * The stalled-job check runs twice per lock duration, so a dead worker's job is back in the queue
 * within 1.5 lock durations; stalls never exhaust a job early (MAX_STALLED_COUNT).
 */
function locking(
  options: QueueBackendOptions,
): Pick<WorkerOptions, 'lockDuration' | 'stalledInterval' | 'maxStalledCount'> {
  const lock = options.lockMs
    ? { lockDuration: options.lockMs, stalledInterval: Math.max(500, Math.round(options.lockMs / 2)) }
    : {};
  return { ...lock, maxStalledCount: MAX_STALLED_COUNT };
}

function wrapQueue(name: QueueName, queue: Queue): JobQueue {
  return {
    name,
    add: (jobName, data, options) => queue.add(jobName, data, options),
    addBulk: (jobs) => queue.addBulk(jobs),
    async requeue(jobName, data, options) {
      await queue.remove(options.jobId);
      return queue.add(jobName, data, options);
    },
    upsertScheduler: (schedulerId, schedule, jobName, options) =>
      queue.upsertJobScheduler(
        schedulerId,
        typeof schedule === 'number' ? { every: schedule } : { pattern: schedule.pattern, tz: 'UTC' },
        { name: jobName, data: {}, opts: options },
      ),
    jobState: async (jobId) => String(await queue.getJobState(jobId)),
    counts: () => queue.getJobCounts('waiting', 'active', 'delayed', 'completed', 'failed', 'prioritized'),
    obliterate: () => queue.obliterate({ force: true }),
  };
}

function wrapWorker(worker: Worker, handlers: WorkerHandlers): JobWorker {
  if (handlers.onFailed) worker.on('failed', handlers.onFailed);
  if (handlers.onCompleted) worker.on('completed', handlers.onCompleted);
  worker.on('error', (error) => handlers.onError?.(error));
  return { close: () => worker.close(), isRunning: () => worker.isRunning() && !worker.closing };
}

export async function createQueueBackend(options: QueueBackendOptions): Promise<QueueBackend> {
  return options.redisUrl
    ? createRedisQueueBackend(options.redisUrl, options)
    : Promise.resolve(createPostgresQueueBackend(options.databaseUrl, options));
}

/** Reconnect backoff: quick at first, then every 2 s, forever. */
const reconnectDelay = (times: number) => Math.min(100 * times, 2000);

async function createRedisQueueBackend(url: string, options: QueueBackendOptions): Promise<QueueBackend> {
  const prefix = options.prefix ?? 'bull';
  // Producers fail fast (the outbox relay publishes later); workers wait for Redis forever.
  // Passing options rather than a client lets BullMQ own each connection and its reconnects.
  const producerOptions: BullRedisOptions = {
    url,
    maxRetriesPerRequest: 1,
    enableOfflineQueue: false,
    connectTimeout: 2000,
  };
  const workerOptions: BullRedisOptions = { url, maxRetriesPerRequest: null };
  // A plain client for the start-up check and readiness pings.
  // Redis down at start (a deploy racing Redis, an outage): wait for it, as the workers would
  // mid-run, rather than exit (docs/decisions/006). ioredis keeps reconnecting with backoff.
  const admin = new Redis(url, { maxRetriesPerRequest: 1, connectTimeout: 2000, retryStrategy: reconnectDelay });
  let warned = false;
  admin.on('error', (error) => {
    if (admin.status === 'ready') return options.logger.debug({ err: error }, 'redis connection error');
    if (!warned) options.logger.warn({ err: error }, 'waiting for Redis');
    warned = true;
  });
  await new Promise<void>((resolve) => admin.once('ready', resolve));
  if (warned) options.logger.info('Redis is up');
  await assertRedisNoEviction(admin, options.logger);

  // Every queue up front, connected before use: with the offline queue off, a command sent
  // before the connection is ready would fail.
  const queues = new Map<QueueName, { queue: Queue; wrapped: JobQueue }>();
  for (const name of Object.values(QUEUES)) {
    const queue = new Queue(name, { connection: producerOptions, prefix });
    queue.on('error', (error) => options.logger.debug({ err: error, queue: name }, 'queue error'));
    queues.set(name, { queue, wrapped: wrapQueue(name, queue) });
  }
  await Promise.all([...queues.values()].map(({ queue }) => queue.waitUntilReady()));
  const workers: Worker[] = [];
  return {
    kind: 'redis',
    queue(name) {
      const entry = queues.get(name);
      if (!entry) throw new Error(`unknown queue ${name}`);
      return entry.wrapped;
    },
    bullQueue(name) {
      const entry = queues.get(name);
      if (!entry) throw new Error(`unknown queue ${name}`);
      return entry.queue;
    },
    createWorker(name, processor, handlers) {
      const worker = new Worker(name, processor, {
        connection: workerOptions,
        prefix,
        concurrency: handlers.concurrency,
        ...locking(options),
      });
      workers.push(worker);
      return wrapWorker(worker, handlers);
    },
    ping: (timeoutMs = 1000) =>
      withTimeout(
        admin.ping().then(() => true),
        timeoutMs,
        false,
      ),
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all([...queues.values()].map(({ queue }) => queue.close()));
      admin.disconnect();
    },
  };
}

/**
 * A queue's or worker's backend on the process's one PostgresConnection. BullMQ's own factory
 * gives every Queue and Worker a connection of its own, each a pool and, for a worker, a LISTEN
 * connection. These backends share one: the LISTEN client already serves every waiting worker
 * (each filters the notifications by its queue), and they leave closing the connection to
 * QueueBackend.close, after every queue and worker closed. Closing one only ends its own wait.
 */
class SharedConnectionBackend extends PostgresQueueBackend {
  override close(): Promise<void> {
    return this.disconnectBlocking();
  }

  override disconnect(): Promise<void> {
    return this.disconnectBlocking();
  }
}

type ListenClient = Awaited<ReturnType<PostgresConnection['getListenClient']>>;

/**
 * The process's one BullMQ connection: a query pool and one LISTEN client for every worker. Each
 * worker issues its own LISTEN on that client when it first waits, the workers of a process at
 * once; `pg` warns of a query sent while another is in flight on one client (its next major
 * refuses it), so the client's queries are sent one after another.
 */
class SharedPostgresConnection extends PostgresConnection {
  private readonly serialized = new WeakSet<ListenClient>();

  override async getListenClient(): Promise<ListenClient> {
    const client = await super.getListenClient();
    if (!this.serialized.has(client)) {
      this.serialized.add(client);
      const query = client.query.bind(client);
      let last: Promise<unknown> = Promise.resolve();
      client.query = ((text: string, params?: readonly unknown[]) => {
        const result = last.then(() => query(text, params));
        last = result.catch(() => undefined);
        return result;
      }) as ListenClient['query'];
    }
    return client;
  }
}

function createPostgresQueueBackend(url: string, options: QueueBackendOptions): QueueBackend {
  const connection = new SharedPostgresConnection({
    connectionString: url,
    // BullMQ's tables live in this schema of the application database.
    schema: options.prefix ?? 'bull',
    max: options.poolMax ?? QUEUE_POOL_MAX,
    // migrate: BullMQ creates or upgrades its schema on first connect (it serialises concurrent migrators).
    migrate: true,
    application_name: `${options.name ?? 'pillars'}-queues`,
  });
  // Each backend listens for the connection's events (one Queue and one Worker per queue), and so does this.
  connection.setMaxListeners(2 * Object.keys(QUEUES).length + 1);
  connection.on('error', (error) => options.logger.debug({ err: error }, 'queue connection error'));
  // Without a listener name the LISTEN connection keeps the application_name above: BullMQ would
  // rename it after one worker's queue, which for a shared connection would name one of several.
  const factory: BackendFactory<PostgresQueueBackend, PostgresConnectionOptions> = (name, opts) =>
    new SharedConnectionBackend(connection, name, opts, true);
  const queues = new Map<QueueName, { queue: Queue; wrapped: JobQueue }>();
  const workers: Worker[] = [];
  const queueOf = (name: QueueName) => {
    let entry = queues.get(name);
    if (!entry) {
      // The PostgreSQL backend's classes are typed by their connection; the connection is the factory's.
      const queue = new Queue(name, { connection: url }, factory) as unknown as Queue;
      queue.on('error', (error) => options.logger.debug({ err: error, queue: name }, 'queue error'));
      entry = { queue, wrapped: wrapQueue(name, queue) };
      queues.set(name, entry);
    }
    return entry;
  };
  return {
    kind: 'postgres',
    queue: (name) => queueOf(name).wrapped,
    bullQueue: (name) => queueOf(name).queue,
    createWorker(name, processor, handlers) {
      const worker = new Worker(
        name,
        processor,
        { connection: url, concurrency: handlers.concurrency, ...locking(options) },
        factory,
      ) as unknown as Worker;
      workers.push(worker);
      return wrapWorker(worker, handlers);
    },
    ping: (timeoutMs = 1000) =>
      withTimeout(
        queueOf('maintenance')
          .wrapped.counts()
          .then(() => true),
        timeoutMs,
        false,
      ),
    async close() {
      await Promise.all(workers.map((w) => w.close()));
      await Promise.all([...queues.values()].map(({ queue }) => queue.close()));
      await connection.close();
    },
  };
}
