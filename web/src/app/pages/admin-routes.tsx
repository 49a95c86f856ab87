import type { EventDetail } from '@pillars/contracts';
import type { ComponentType } from 'react';
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

/** A route that renders `Page` behind the admin guard; `Page` may read the route's parameters. */
function guarded(Page: ComponentType) {
  return function GuardedRoute() {
    return (
      <AdminGuard>
        <Page />
      </AdminGuard>
    );
  };
}

export const AdminDashboardRoute = guarded(AdminDashboardPage);

export const AdminEventsRoute = guarded(() => <RecordListPage name="registrations" />);

export const AdminContributorsRoute = guarded(() => <RecordListPage name="contributions" />);

export const AdminMembersRoute = guarded(() => <RecordListPage name="members" />);

export const AdminReconciliationRoute = guarded(AdminReconciliationPage);

export const AdminAuditLogRoute = guarded(AdminAuditLogPage);

export const AdminDepositsRoute = guarded(AdminDepositsPage);

/** /admin/deposits/{batch}; a batch that is not a number is the list's. */
export const AdminDepositRoute = guarded(function DepositOrList() {
  const batch = Number(useParams<{ batch: string }>().batch);
  return Number.isSafeInteger(batch) && batch > 0 ? (
    <AdminDepositPage key={batch} batch={batch} />
  ) : (
    <AdminDepositsPage />
  );
});

export const AdminNewsRoute = guarded(AdminNewsPage);

export const AdminEventsManageRoute = guarded(AdminEventsManagePage);

/** /admin/news/new, or /admin/news/{id} for an existing article. */
export const AdminNewsEditorRoute = guarded(function ArticleEditor() {
  const id = useParams().id ?? null;
  return <AdminNewsEditorPage key={id ?? 'new'} id={id} />;
});

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

export const AdminEventEditorRoute = guarded(function EventEditor() {
  const { id = 'new' } = useParams<{ id: string }>();
  return <AdminEventEditorPage key={id} id={id === 'new' ? null : id} renderPreview={renderEventPreview} />;
});
