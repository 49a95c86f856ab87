import { Redirect, Route, Switch } from 'wouter';
import { lazyPage as page } from '@/lib/lazy-page';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';

const AboutPage = page(() => import('@/features/about/about-page'), 'AboutPage');
const PrivacyPolicyPage = page(() => import('@/features/privacy/privacy-policy-page'), 'PrivacyPolicyPage');
const SuccessPage = page(() => import('@/features/success/success-page'), 'SuccessPage');
const NewsArticlePage = page(() => import('@/features/news/pages/news-article-page'), 'NewsArticlePage');
const EventPage = page(() => import('@/features/events/pages/event-page'), 'EventPage');
const EventPaymentRoute = page(() => import('./pages/event-payment-route'), 'EventPaymentRoute');
const MembershipRoute = page(() => import('./pages/membership-route'), 'MembershipRoute');

const LoginPage = page(() => import('@/features/auth/pages/login-page'), 'LoginPage');
const ForgotPasswordPage = page(() => import('@/features/auth/pages/forgot-password-page'), 'ForgotPasswordPage');
const ResetPasswordPage = page(() => import('@/features/auth/pages/reset-password-page'), 'ResetPasswordPage');
const ManagePage = page(() => import('@/features/manage/pages/manage-page'), 'ManagePage');
const StatementPage = page(() => import('@/features/manage/pages/statement-page'), 'StatementPage');

// Admin pages: visitors never download back-office code. Each is behind the sign-in guard.
const AdminDashboardPage = page(() => import('./pages/admin-routes'), 'AdminDashboardRoute');
const AdminEventsPage = page(() => import('./pages/admin-routes'), 'AdminEventsRoute');
const AdminEventsManagePage = page(() => import('./pages/admin-routes'), 'AdminEventsManageRoute');
const AdminEventEditorPage = page(() => import('./pages/admin-routes'), 'AdminEventEditorRoute');
const AdminContributorsPage = page(() => import('./pages/admin-routes'), 'AdminContributorsRoute');
const AdminMembersPage = page(() => import('./pages/admin-routes'), 'AdminMembersRoute');
const AdminAuditLogPage = page(() => import('./pages/admin-routes'), 'AdminAuditLogRoute');
const AdminDepositsPage = page(() => import('./pages/admin-routes'), 'AdminDepositsRoute');
const AdminDepositPage = page(() => import('./pages/admin-routes'), 'AdminDepositRoute');
const AdminReconciliationPage = page(() => import('./pages/admin-routes'), 'AdminReconciliationRoute');
const AdminNewsPage = page(() => import('./pages/admin-routes'), 'AdminNewsRoute');
const AdminNewsEditorPage = page(() => import('./pages/admin-routes'), 'AdminNewsEditorRoute');

/** Every route of the product; anything else is the not-found page. */
export function AppRouter() {
  return (
    <Switch>
      <Route path="/" component={HomePage} />
      <Route path="/about" component={AboutPage} />
      <Route path="/membership" component={MembershipRoute} />
      <Route path="/login" component={LoginPage} />
      <Route path="/forgot-password" component={ForgotPasswordPage} />
      <Route path="/reset-password" component={ResetPasswordPage} />
      <Route path="/success" component={SuccessPage} />
      {/* Not a page of the spec: donor self-service by e-mailed link (docs/decisions/020). */}
      <Route path="/manage" component={ManagePage} />
      <Route path="/manage/statement/:year" component={StatementPage} />
      <Route path="/admin" component={AdminDashboardPage} />
      <Route path="/admin/events" component={AdminEventsPage} />
      <Route path="/admin/events/manage" component={AdminEventsManagePage} />
      <Route path="/admin/events/manage/:id" component={AdminEventEditorPage} />
      <Route path="/admin/contributors" component={AdminContributorsPage} />
      <Route path="/admin/members" component={AdminMembersPage} />
      <Route path="/admin/audit-log" component={AdminAuditLogPage} />
      <Route path="/admin/deposits" component={AdminDepositsPage} />
      <Route path="/admin/deposits/:batch" component={AdminDepositPage} />
      <Route path="/admin/reconciliation" component={AdminReconciliationPage} />
      <Route path="/admin/news" component={AdminNewsPage} />
      <Route path="/admin/news/new" component={AdminNewsEditorPage} />
      <Route path="/admin/news/:id" component={AdminNewsEditorPage} />
      <Route path="/privacy-policy" component={PrivacyPolicyPage} />
      <Route path="/news/:slug" component={NewsArticlePage} />
      {/* Not a page of the spec, but its event payment page links here: the events list is on the home page. */}
      <Route path="/events">
        <Redirect to="/#events" replace />
      </Route>
      <Route path="/events/:slug" component={EventPage} />
      <Route path="/events/:slug/payment/:registrationId" component={EventPaymentRoute} />
      <Route component={NotFoundPage} />
    </Switch>
  );
}
