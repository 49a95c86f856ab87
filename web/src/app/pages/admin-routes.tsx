import type { EventDetail } from '@pillars/contracts';
import { useParams } from 'wouter';
import { AdminEventEditorPage } from '@/features/admin/pages/admin-event-editor-page';
import { AdminEventsManagePage } from '@/features/admin/pages/admin-events-manage-page';
import { EventView } from '@/features/events/components/event-view';
import { AdminAuditLogPage } from '@/features/admin/pages/admin-audit-log-page';
import { AdminReconciliationPage } from '@/features/admin/pages/admin-reconciliation-page';
import { AdminDashboardPage } from '@/features/admin/pages/admin-dashboard-page';
import { AdminDepositPage } from '@/features/admin/pages/admin-deposit-page';
import { AdminDepositsPage } from '@/features/admin/pages/admin-deposits-page';
import { AdminNewsEditorPage } from '@/features/admin/pages/admin-news-editor-page';
import { AdminNewsPage } from '@/features/admin/pages/admin-news-page';
import { RecordListPage } from '@/features/admin/pages/record-list-page';
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
      <RecordListPage name="registrations" />
    </AdminGuard>
  );
}

export function AdminContributorsRoute() {
  return (
    <AdminGuard>
      <RecordListPage name="contributions" />
    </AdminGuard>
  );
}

export function AdminMembersRoute() {
  return (
    <AdminGuard>
      <RecordListPage name="members" />
    </AdminGuard>
  );
}

export function AdminReconciliationRoute() {
  return (
    <AdminGuard>
      <AdminReconciliationPage />
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

export function AdminDepositsRoute() {
  return (
    <AdminGuard>
      <AdminDepositsPage />
    </AdminGuard>
  );
}

/** /admin/deposits/{batch}; a batch that is not a number is the list's. */
export function AdminDepositRoute() {
  const batch = Number(useParams<{ batch: string }>().batch);
  return (
    <AdminGuard>
      {Number.isSafeInteger(batch) && batch > 0 ? (
        <AdminDepositPage key={batch} batch={batch} />
      ) : (
        <AdminDepositsPage />
      )}
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

export function AdminEventsManageRoute() {
  return (
    <AdminGuard>
      <AdminEventsManagePage />
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

/**
 * The editor's preview is the public page's own view of the event, inert (its links and
 * registration form do nothing there), so what the admin sees is what visitors will.
 */
function renderEventPreview(event: EventDetail) {
  return (
    <div inert>
      <EventView event={event} />
    </div>
  );
}

export function AdminEventEditorRoute() {
  const { id = 'new' } = useParams<{ id: string }>();
  return (
    <AdminGuard>
      <AdminEventEditorPage key={id} id={id === 'new' ? null : id} renderPreview={renderEventPreview} />
    </AdminGuard>
  );
}
