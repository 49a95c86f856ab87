import type { ContributionDetail } from '@pillars/contracts/admin';

import { useId } from 'react';
import { adminTexts } from '../admin-texts';
import { useContributorsDetail, contributorsDetailRecipientsPath } from '../api/get-contributors-detail';
import { AdminEmpty, AdminLoading, AdminPage } from '../components/admin-page';
import { AdminLoadError } from '../components/admin-load-error';
import { cardClasses } from '../components/admin-styles';
import { Details, EmailLink, ShortId } from '../components/details';
import { PaymentDetailButton } from '../components/payment-detail-dialog';
import { BroadcastActions } from '../components/email-dialog';
import { StatusBadge } from '../components/status-badge';
import { useRedirectOnUnauthorized } from '../hooks/use-unauthorized-redirect';
import { contributorName } from '../lib/contributors-table';
import { DETAIL_PAGE_DEFAULT_LIMIT } from '@pillars/contracts/admin';
import { DetailPager, pagerStateOf } from '../components/detail-pager';
import { useRecipientCount } from '../api/detail-pages';
import { describeError, formatDecimalDollars, formatShortDate } from '../lib/format';
import { mayHavePayment } from '../lib/payment-detail';

function ContributionCard({ contribution }: { contribution: ContributionDetail }) {
  const headingId = useId();
  const name = contributorName(contribution);
  return (
    <li>
      <article aria-labelledby={headingId} className={cardClasses}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-bold break-words text-navy-900">
              {name}
            </h2>
            <p className="font-display text-2xl font-bold text-navy-900">{formatDecimalDollars(contribution.amount)}</p>
          </div>
          <StatusBadge status={contribution.state ?? contribution.status} scheme="contribution" />
        </div>
        <Details
          className="mt-4"
          items={[
            { label: adminTexts.paymentMethod, value: contribution.paymentMethod },
            {
              label: adminTexts.frequency,
              value: contribution.isRecurring ? adminTexts.recurring : adminTexts.oneTime,
            },
            { label: adminTexts.columns.date, value: formatShortDate(contribution.createdAt) },
            contribution.payTheoryPaymentId
              ? { label: adminTexts.paymentId, value: <ShortId id={contribution.payTheoryPaymentId} /> }
              : null,
            contribution.phone ? { label: adminTexts.phone, value: contribution.phone } : null,
          ]}
        />
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <EmailLink email={contribution.email} name={name} />
          {mayHavePayment(contribution) ? <PaymentDetailButton recordId={contribution.id} name={name} /> : null}
        </div>
      </article>
    </li>
  );
}

/**
 * /admin/contributors: a card per contribution, newest first, a page at a time ("Show more"), with
 * bulk e-mail to every donor (docs/decisions/034).
 */
export function AdminContributorsPage() {
  const query = useContributorsDetail();
  useRedirectOnUnauthorized(query.error);
  const first = query.data?.pages[0];
  const contributions = query.data?.pages.flatMap((page) => page.data) ?? [];
  // 'Email All (count)' needs the count: asked beside the first page, as it reads every address.
  const recipientCount = useRecipientCount(contributorsDetailRecipientsPath);
  const recipients = { path: contributorsDetailRecipientsPath, count: recipientCount.data?.count ?? 0 };
  const subject = adminTexts.contributorsSubject;
  const description = adminTexts.contributorsBroadcastDescription(recipients.count);

  return (
    <AdminPage
      title={adminTexts.contributorsTitle}
      backLink
      intro={first ? <p>{adminTexts.totalContributions(first.total)}</p> : null}
      actions={
        first && recipientCount.data ? (
          <BroadcastActions recipients={recipients} subject={subject} description={description} />
        ) : null
      }
    >
      {query.isPending ? (
        <AdminLoading text={adminTexts.loadingContributions} />
      ) : !first ? (
        <AdminLoadError
          text={adminTexts.errorLoadingContributions(describeError(query.error))}
          hint={adminTexts.loadFailedHint('the contributors')}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : contributions.length === 0 ? (
        <AdminEmpty text={adminTexts.noContributions} />
      ) : (
        <>
          <ul aria-label={adminTexts.contributionsLabel} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {contributions.map((contribution) => (
              <ContributionCard key={contribution.id} contribution={contribution} />
            ))}
          </ul>
          <DetailPager
            shown={contributions.length}
            total={first.total}
            pageSize={DETAIL_PAGE_DEFAULT_LIMIT}
            {...pagerStateOf(query)}
            what="the contributors"
          />
        </>
      )}
    </AdminPage>
  );
}
