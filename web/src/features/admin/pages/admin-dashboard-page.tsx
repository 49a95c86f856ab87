import {
  CalendarDays,
  CalendarPlus,
  HandCoins,
  Landmark,
  LogOut,
  Newspaper,
  Scale,
  ScrollText,
  UsersRound,
} from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '@/components/ui/button-styles';
import { useCurrentUser, useLogout } from '@/lib/auth';
import { adminNewsTexts } from '../admin-news-texts';
import { adminTexts } from '../admin-texts';
import { depositsTexts } from '../deposits-texts';
import { eventEditorTexts } from '../event-editor-texts';
import { reconciliationTexts } from '../reconciliation-texts';
import { useContributorsSummary } from '../api/get-contributors';
import { AdminLoading, AdminPage } from '../components/admin-page';
import { AdminLoadError } from '../components/admin-load-error';
import { outlineButton } from '../components/admin-styles';
import { ContributorsPanel, contributorsLoadErrorText } from '../components/contributors-panel';
import { ManageAdminsDialog } from '../components/manage-admins-dialog';
import { ProfileDialog } from '../components/profile-dialog';
import { SummaryCards } from '../components/summary-cards';
import { useContributorsList } from '../hooks/use-contributors-list';
import { useRedirectOnUnauthorized } from '../hooks/use-unauthorized-redirect';

const subPages = [
  { href: '/admin/events', label: adminTexts.eventsLink, Icon: CalendarDays },
  { href: '/admin/events/manage', label: eventEditorTexts.navLink, Icon: CalendarPlus },
  { href: '/admin/contributors', label: adminTexts.contributorsLink, Icon: HandCoins },
  { href: '/admin/members', label: adminTexts.membersLink, Icon: UsersRound },
  { href: '/admin/deposits', label: depositsTexts.navLink, Icon: Landmark },
  { href: '/admin/audit-log', label: adminTexts.auditLogLink, Icon: ScrollText },
  { href: '/admin/reconciliation', label: reconciliationTexts.navLink, Icon: Scale },
  { href: '/admin/news', label: adminNewsTexts.newsLink, Icon: Newspaper },
];

/**
 * /admin. The lead's guard checks the session; a 401 here also goes to /login. The table is paged
 * by the server (docs/decisions/031); the summary cards are the totals of every record, whatever
 * the table's filter, as they have always been: the filter's own count is in the table's status.
 */
export function AdminDashboardPage() {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const list = useContributorsList();
  const summary = useContributorsSummary();
  const { pages } = list;
  useRedirectOnUnauthorized(pages.error ?? summary.error);
  // A failed refetch keeps the rows shown; a load with nothing to show yet (the first, or another
  // filter's) is the page's error.
  const loadError = summary.error ?? (pages.data ? null : pages.error);
  const retry = () => {
    if (summary.isError) void summary.refetch();
    if (pages.isError) void pages.refetch();
  };

  return (
    <AdminPage
      title={adminTexts.dashboardTitle}
      intro={user ? <p>{adminTexts.welcome(user.username)}</p> : null}
      actions={
        <>
          <ProfileDialog />
          <ManageAdminsDialog />
          <button
            type="button"
            disabled={logout.isPending}
            onClick={() => logout.mutate()}
            className={buttonClasses('secondary', 'text-sm')}
          >
            <LogOut aria-hidden="true" className="size-4" />
            {logout.isPending ? adminTexts.loggingOut : adminTexts.logout}
          </button>
        </>
      }
    >
      <nav aria-label={adminTexts.subPagesLabel}>
        <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {subPages.map(({ href, label, Icon }) => (
            <li key={href}>
              <Link href={href} className={outlineButton('w-full justify-start text-base')}>
                <Icon aria-hidden="true" className="size-5 text-crimson-700" />
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      {loadError ? (
        <AdminLoadError
          text={contributorsLoadErrorText(loadError)}
          hint={adminTexts.loadFailedHint('the contributors')}
          error={loadError}
          onRetry={retry}
          retrying={summary.isFetching || pages.isFetching}
        />
      ) : !summary.data || !pages.data ? (
        <AdminLoading text={adminTexts.loadingContributors} />
      ) : (
        <>
          <SummaryCards summary={summary.data.summary} />
          <ContributorsPanel list={list} />
        </>
      )}
    </AdminPage>
  );
}
