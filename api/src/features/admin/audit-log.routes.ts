import { AuditLogPage, AuditLogQuery } from '@pillars/contracts/admin';
import type { AppDeps } from '../../lib/context';
import { apiError, featureRouter, json, openapiRoute } from '../../lib/openapi';
import { adminRoute } from './admin-http';
import { listAuditLog } from './audit-log.service';

const auditLogRoute = adminRoute({
  method: 'get',
  path: '/audit-log',
  summary: 'Who did what to which record, newest first; filtered by actor, action and dates, paged by cursor',
  request: { query: AuditLogQuery },
  responses: {
    200: json('One page of entries and the cursor of the next (null on the last)', AuditLogPage),
    400: apiError('A filter, the cursor or the limit is invalid'),
  },
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
