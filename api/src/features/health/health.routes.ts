import { pingDatabase } from '@pillars/platform/db';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: its dependencies do).
 * A load balancer stops routing to a replica whose readiness fails, without restarting it.
 * The queue backend is reported too (`checks.queues`, `checks.queueBackend`).
 */
export function healthRoutes({ pool, queues }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) => {
      const [databaseUp, queuesUp] = await Promise.all([pingDatabase(pool), queues.ping(2000)]);
      const checks = {
        database: databaseUp ? 'up' : 'down',
        queues: queuesUp ? 'up' : 'down',
        queueBackend: queues.kind,
      };
      // Without queues the API still accepts payments (the outbox keeps them), so a queue outage
      // degrades readiness but does not take the replica out of rotation.
      const status = !databaseUp ? 'not ready' : queuesUp ? 'ready' : 'degraded';
      return c.json({ status, checks }, databaseUp ? 200 : 503);
    });
}
