import type { AppDeps } from '../../lib/context';
import { featureRouter } from '../../lib/openapi';
import { auditLogRoutes } from './audit-log.routes';
import { contributorsRoutes } from './contributors.routes';
import { adminDepositsRoutes } from './deposits/deposits.routes';
import { adminEventsRoutes } from './events/admin-events.routes';
import { adminNewsRoutes } from './news/news-admin.routes';
import { adminPaymentsRoutes } from './payments.routes';
import { reconciliationRoutes } from './reconciliation.routes';
import { recordListsRoutes } from './record-lists.routes';
import { recordStatusRoutes } from './record-status.routes';
import { registrationScopeRoutes } from './registrations.routes';
import { usersRoutes } from './users.routes';

/**
 * The admin API, mounted at ADMIN_API_PATH (admin-http.ts) behind requireSession (app.ts): one
 * router per resource, each with the helpers of admin-http.ts.
 */
export function adminApp(deps: AppDeps) {
  const app = featureRouter();
  app.route('/', contributorsRoutes(deps));
  app.route('/', recordListsRoutes(deps));
  app.route('/', registrationScopeRoutes(deps));
  app.route('/', usersRoutes(deps));
  app.route('/', recordStatusRoutes(deps));
  app.route('/', adminPaymentsRoutes(deps));
  app.route('/', auditLogRoutes(deps));
  app.route('/reconciliation', reconciliationRoutes(deps));
  app.route('/news', adminNewsRoutes(deps));
  app.route('/events', adminEventsRoutes(deps));
  app.route('/deposits', adminDepositsRoutes(deps));
  return app;
}
