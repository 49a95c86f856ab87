import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../../lib/context';

/** The admin API (SPEC section 7); every route sits behind requireSession (app.ts). */
export function adminRoutes(_deps: AppDeps) {
  return new Hono<AppEnv>();
}
