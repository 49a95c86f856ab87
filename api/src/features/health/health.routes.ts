import { pingDatabase } from '@pillars/shared/db';
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';

/**
 * Liveness (`/healthz`: the process answers) and readiness (`/readyz`: its dependencies do).
 * A load balancer stops routing to a replica whose readiness fails, without restarting it.
 */
export function healthRoutes({ pool }: AppDeps) {
  return new Hono<AppEnv>()
    .get('/healthz', (c) => c.json({ status: 'ok' }))
    .get('/readyz', async (c) => {
      const database = (await pingDatabase(pool)) ? 'up' : 'down';
      const ready = database === 'up';
      return c.json({ status: ready ? 'ready' : 'not ready', checks: { database } }, ready ? 200 : 503);
    });
}
