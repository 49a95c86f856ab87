import { AdminAuditLogPage } from '@/features/admin/pages/admin-audit-log-page';
import { AdminContributorsPage } from '@/features/admin/pages/admin-contributors-page';
import { AdminDashboardPage } from '@/features/admin/pages/admin-dashboard-page';
import { AdminEventsPage } from '@/features/admin/pages/admin-events-page';
import { AdminMembersPage } from '@/features/admin/pages/admin-members-page';
import { AdminGuard } from '@/features/auth/components/admin-guard';

// Every admin page behind the same guard: 'Checking authentication...', then the page, or
// /login when signed out. Composed here so the admin feature does not import the auth feature.

export function AdminDashboardRoute() {
  return (
    <AdminGuard>
      <AdminDashboardPage />
    </AdminGuard>
  );
}

export function AdminEventsRoute() {
  return (
    <AdminGuard>
      <AdminEventsPage />
    </AdminGuard>
  );
}

export function AdminContributorsRoute() {
  return (
    <AdminGuard>
      <AdminContributorsPage />
    </AdminGuard>
  );
}

export function AdminMembersRoute() {
  return (
    <AdminGuard>
      <AdminMembersPage />
    </AdminGuard>
  );
}

export function AdminAuditLogRoute() {
  return (
    <AdminGuard>
      <AdminAuditLogPage />
    </AdminGuard>
  );
}
