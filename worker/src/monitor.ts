import { once } from 'node:events';
import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pingDatabase } from '@pillars/platform/db';
import type { QueueBackend } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import { type Registry, metricsResponse } from '@pillars/platform/metrics';
import type pg from 'pg';

/** How long /healthz waits for the database and the queue backend. */
const HEALTH_TIMEOUT_MS = 2000;

export interface WorkerHealth {
  status: 'ok' | 'unhealthy';
  checks: { loops: 'running' | 'stopped'; database: 'up' | 'down'; queues: 'up' | 'down'; queueBackend: string };
}

/**
 * What "healthy" means for a worker (docs/decisions/029): every queue's worker takes jobs (none
 * crashed out of its loop, no stop asked) and the database answers within 2 s. The database is
 * required because every job reads and writes it; a worker that cannot reach it does nothing useful
 * and restarting it may help (a broken pool). The queue backend is reported but does not decide:
 * BullMQ waits for Redis by itself and picks up where it left off, and restarting every worker
 * during a Redis outage would only add a thundering herd when it returns. An event loop so blocked
 * that this answer does not come in time is unhealthy too, by the prober's timeout.
 */
export async function workerHealth(deps: {
  running: () => boolean;
  pool: pg.Pool;
  queues: QueueBackend;
}): Promise<WorkerHealth> {
  const [database, queues] = await Promise.all([
    pingDatabase(deps.pool, HEALTH_TIMEOUT_MS),
    deps.queues.ping(HEALTH_TIMEOUT_MS),
  ]);
  const loops = deps.running();
  return {
    status: loops && database ? 'ok' : 'unhealthy',
    checks: {
      loops: loops ? 'running' : 'stopped',
      database: database ? 'up' : 'down',
      queues: queues ? 'up' : 'down',
      queueBackend: deps.queues.kind,
    },
  };
}

export interface MonitorServer {
  /** The port it listens on (WORKER_METRICS_PORT, or the one picked for 0). */
  port: number;
  close(): Promise<void>;
}

/**
 * The worker's own small HTTP server (WORKER_METRICS_PORT): `GET /healthz` (200 or 503 with the
 * checks) and `GET /metrics` (the worker's registry, behind METRICS_TOKEN when set). Nothing else.
 */
export async function startMonitorServer(options: {
  registry: Registry;
  token: string | undefined;
  host: string;
  port: number;
  health: () => Promise<WorkerHealth>;
  logger: Logger;
}): Promise<MonitorServer> {
  const { registry, token, health, logger } = options;
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const answer = async () => {
      if (request.method !== 'GET' && request.method !== 'HEAD') {
        return { status: 405, contentType: 'text/plain; charset=utf-8', body: 'Method not allowed\n' };
      }
      if (path === '/healthz') {
        const result = await health();
        return {
          status: result.status === 'ok' ? 200 : 503,
          contentType: 'application/json',
          body: JSON.stringify(result),
        };
      }
      if (path === '/metrics') return metricsResponse(registry, token, request.headers.authorization);
      return { status: 404, contentType: 'text/plain; charset=utf-8', body: 'Not found\n' };
    };
    answer().then(
      ({ status, contentType, body }) => {
        response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      (error: unknown) => {
        logger.error({ err: error, path }, 'monitor request failed');
        response.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        response.end('Internal server error\n');
      },
    );
  });
  server.listen(options.port, options.host);
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
