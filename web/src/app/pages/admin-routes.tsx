import { AdminAuditLogPage } from '@/features/admin/pages/admin-audit-log-page';
import { AdminContributorsPage } from '@/features/admin/pages/admin-contributors-page';
import { AdminDashboardPage } from '@/features/admin/pages/admin-dashboard-page';
import { AdminEventsPage } from '@/features/admin/pages/admin-events-page';
import { AdminMembersPage } from '@/features/admin/pages/admin-members-page';
import { AdminNewsEditorPage } from '@/features/admin/pages/admin-news-editor-page';
import { AdminNewsPage } from '@/features/admin/pages/admin-news-page';
import { AdminGuard } from '@/features/auth/components/admin-guard';
import { useParams } from 'wouter';

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

export function AdminNewsRoute() {
  return (
    <AdminGuard>
      <AdminNewsPage />
    </AdminGuard>
  );
}

/** /admin/news/new, or /admin/news/{id} for an existing article. */
export function AdminNewsEditorRoute() {
  const id = useParams().id ?? null;
  return (
    <AdminGuard>
      <AdminNewsEditorPage key={id ?? 'new'} id={id} />
    </AdminGuard>
  );
}
