import { CalendarDays, CalendarPlus, HandCoins, LogOut, Newspaper, ScrollText, UsersRound } from 'lucide-react';
import { Link } from 'wouter';
import { buttonClasses } from '@/components/ui/button-styles';
import { ApiRequestError } from '@/lib/api';
import { useCurrentUser, useLogout } from '@/lib/auth';
import { adminNewsTexts } from '../admin-news-texts';
import { adminTexts } from '../admin-texts';
import { eventEditorTexts } from '../event-editor-texts';
import { InvalidResponseError } from '../api/admin-query';
import { useContributors } from '../api/get-contributors';
import { AdminLoading, AdminPage } from '../components/admin-page';
import { AdminLoadError } from '../components/admin-load-error';
import { outlineButton } from '../components/admin-styles';
import { ContributorsPanel } from '../components/contributors-panel';
import { ManageAdminsDialog } from '../components/manage-admins-dialog';
import { ProfileDialog } from '../components/profile-dialog';
import { SummaryCards } from '../components/summary-cards';
import { useRedirectOnUnauthorized } from '../hooks/use-unauthorized-redirect';
import { describeError } from '../lib/format';

/** Why the contributors failed to load: the wrong shape, an HTTP error with its message, or no answer at all. */
function loadErrorText(error: Error): string {
  if (error instanceof InvalidResponseError) return adminTexts.failedToLoadContributors;
  return adminTexts.errorLoadingContributors(
    error instanceof ApiRequestError ? describeError(error) : adminTexts.failedToFetchContributors,
  );
}

const subPages = [
  { href: '/admin/events', label: adminTexts.eventsLink, Icon: CalendarDays },
  { href: '/admin/events/manage', label: eventEditorTexts.navLink, Icon: CalendarPlus },
  { href: '/admin/contributors', label: adminTexts.contributorsLink, Icon: HandCoins },
  { href: '/admin/members', label: adminTexts.membersLink, Icon: UsersRound },
  { href: '/admin/audit-log', label: adminTexts.auditLogLink, Icon: ScrollText },
  { href: '/admin/news', label: adminNewsTexts.newsLink, Icon: Newspaper },
];

/** /admin. The lead's guard checks the session; a 401 here also goes to /login. */
export function AdminDashboardPage() {
  const { data: user } = useCurrentUser();
  const logout = useLogout();
  const contributors = useContributors();
  useRedirectOnUnauthorized(contributors.error);

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

      {contributors.isPending ? (
        <AdminLoading text={adminTexts.loadingContributors} />
      ) : contributors.isError ? (
        <AdminLoadError
          text={loadErrorText(contributors.error)}
          hint={adminTexts.loadFailedHint('the contributors')}
          error={contributors.error}
          onRetry={() => void contributors.refetch()}
          retrying={contributors.isFetching}
        />
      ) : (
        <>
          <SummaryCards summary={contributors.data.summary} />
          <ContributorsPanel contributors={contributors.data.contributors} />
        </>
      )}
    </AdminPage>
  );
}
