import { lazy } from 'react';
import { Route, Switch } from 'wouter';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';
import { UnbuiltPage } from './pages/unbuilt-page';

// Admin pages load on demand: visitors never download back-office code.
const AdminDashboardPage = lazy(() =>
  import('@/features/admin/pages/admin-dashboard-page').then((m) => ({ default: m.AdminDashboardPage })),
);
const AdminEventsPage = lazy(() =>
  import('@/features/admin/pages/admin-events-page').then((m) => ({ default: m.AdminEventsPage })),
);
const AdminContributorsPage = lazy(() =>
  import('@/features/admin/pages/admin-contributors-page').then((m) => ({ default: m.AdminContributorsPage })),
);
const AdminMembersPage = lazy(() =>
  import('@/features/admin/pages/admin-members-page').then((m) => ({ default: m.AdminMembersPage })),
);

/** Every route of SPEC section 2; anything else is the not-found page. */
export function AppRouter() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/about" component={UnbuiltPage} />
      <Route path="/membership" component={UnbuiltPage} />
      <Route path="/login" component={UnbuiltPage} />
      <Route path="/forgot-password" component={UnbuiltPage} />
      <Route path="/reset-password" component={UnbuiltPage} />
      <Route path="/success" component={UnbuiltPage} />
      <Route path="/admin" component={AdminDashboardPage} />
      <Route path="/admin/events" component={AdminEventsPage} />
      <Route path="/admin/contributors" component={AdminContributorsPage} />
      <Route path="/admin/members" component={AdminMembersPage} />
      <Route path="/privacy-policy" component={UnbuiltPage} />
      <Route path="/news/:slug" component={UnbuiltPage} />
      <Route path="/events/:slug" component={UnbuiltPage} />
      <Route path="/events/:slug/payment/:registrationId" component={UnbuiltPage} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
