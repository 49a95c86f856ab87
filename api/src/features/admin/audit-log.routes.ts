import { AuditLogPage, AuditLogQuery } from '@pillars/contracts/admin';
import type { AppDeps } from '../../lib/context';
import { featureRouter, json, openapiRoute } from '../../lib/openapi';
import { adminOperation } from './admin-http';
import { listAuditLog } from './audit-log.service';

const auditLogRoute = adminOperation('get', '/audit-log', {
  summary: 'Who did what to which record, newest first; filtered by actor, action and dates, paged by cursor',
  query: AuditLogQuery,
  ok: json('One page of entries and the cursor of the next (null on the last)', AuditLogPage),
  invalid: 'A filter, the cursor or the limit is invalid',
});

/** Who did what to which record. */
export function auditLogRoutes({ db }: Pick<AppDeps, 'db'>) {
  const app = featureRouter();
  openapiRoute(app, auditLogRoute, async (c) => {
    const page = await listAuditLog(db, c.req.valid('query'));
    c.get('logger').info({ event: 'admin.audit-log', rows: page.data.length }, 'audit log listed');
    return c.json(page, 200);
  });
  return app;
}
