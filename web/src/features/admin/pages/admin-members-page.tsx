import type { MemberDetail } from '@pillars/contracts/admin';
import { TriangleAlert } from 'lucide-react';
import { useId } from 'react';
import { usePublicConfig } from '@/lib/use-public-config';
import { adminTexts } from '../admin-texts';
import { useMembersDetail, membersDetailRecipientsPath } from '../api/get-members-detail';
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

/**
 * A card membership's price, '$25.00/mo'; an application without a card pays nothing a month, so it
 * shows its amount as the API gives it, '$0.00' (docs/decisions/017).
 */
function memberPrice(member: MemberDetail): string {
  return member.isRecurring ? adminTexts.monthlyPrice : formatDecimalDollars(member.amount);
}

/** 'Jan 5, 2025' when the stored value is a date, else the value as stored. */
function waiverDate(value: string): string {
  return Number.isNaN(Date.parse(value)) ? value : formatShortDate(value);
}

/** The waiver state: 'Accepted' with its date and version, or 'Not Accepted' (product texts). */
function WaiverStatus({ member }: { member: MemberDetail }) {
  if (!member.waiverAccepted) {
    return <span className="font-semibold text-red-800">{adminTexts.waiverNotAccepted}</span>;
  }
  const extra = [
    member.waiverAcceptedAt ? adminTexts.waiverAcceptedOn(waiverDate(member.waiverAcceptedAt)) : null,
    member.waiverVersion ? adminTexts.waiverVersion(member.waiverVersion) : null,
  ].filter(Boolean);
  return (
    <span>
      <span className="font-semibold text-green-800">{adminTexts.waiverAccepted}</span>
      {extra.length > 0 ? ` ${extra.join(', ')}` : null}
    </span>
  );
}

function MemberCard({ member }: { member: MemberDetail }) {
  const headingId = useId();
  const name = contributorName(member);
  return (
    <li>
      <article aria-labelledby={headingId} className={cardClasses}>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 id={headingId} className="text-lg font-bold break-words text-navy-900">
              {name}
            </h2>
            <p className="font-display text-2xl font-bold text-navy-900">{memberPrice(member)}</p>
          </div>
          <StatusBadge status={member.state ?? member.status} scheme="member" />
        </div>
        {member.waiverAccepted ? null : (
          <p className="mt-3 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {adminTexts.waiverWarning}
          </p>
        )}
        <Details
          className="mt-4"
          items={[
            { label: adminTexts.paymentMethod, value: member.paymentMethod },
            { label: adminTexts.memberSince, value: formatShortDate(member.createdAt) },
            { label: adminTexts.waiver, value: <WaiverStatus member={member} /> },
            member.payTheoryPaymentId
              ? { label: adminTexts.paymentId, value: <ShortId id={member.payTheoryPaymentId} /> }
              : null,
            member.phone ? { label: adminTexts.phone, value: member.phone } : null,
          ]}
        />
        <div className="mt-3 flex flex-wrap items-center gap-3">
          <EmailLink email={member.email} name={name} />
          {mayHavePayment(member) ? <PaymentDetailButton recordId={member.id} name={name} /> : null}
        </div>
      </article>
    </li>
  );
}

/**
 * /admin/members: a card per membership with its waiver state, newest first, a page at a time
 * ("Show more"), with bulk e-mail to every member (docs/decisions/034).
 */
export function AdminMembersPage() {
  const { orgName } = usePublicConfig();
  const query = useMembersDetail();
  useRedirectOnUnauthorized(query.error);
  const first = query.data?.pages[0];
  const members = query.data?.pages.flatMap((page) => page.data) ?? [];
  // 'Email All (count)' needs the count: asked beside the first page, as it reads every address.
  const recipientCount = useRecipientCount(membersDetailRecipientsPath);
  const recipients = { path: membersDetailRecipientsPath, count: recipientCount.data?.count ?? 0 };
  const subject = adminTexts.membersSubject(orgName);
  const description = adminTexts.membersBroadcastDescription(recipients.count);

  return (
    <AdminPage
      title={adminTexts.membersTitle}
      backLink
      intro={first ? <p>{adminTexts.totalMembers(first.total)}</p> : null}
      actions={
        first && recipientCount.data ? (
          <BroadcastActions recipients={recipients} subject={subject} description={description} />
        ) : null
      }
    >
      {query.isPending ? (
        <AdminLoading text={adminTexts.loadingMembers} />
      ) : !first ? (
        <AdminLoadError
          text={adminTexts.errorLoadingMembers(describeError(query.error))}
          hint={adminTexts.loadFailedHint('the members')}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : members.length === 0 ? (
        <AdminEmpty text={adminTexts.noMembers} />
      ) : (
        <>
          <ul aria-label={adminTexts.membersLabel} className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
            {members.map((member) => (
              <MemberCard key={member.id} member={member} />
            ))}
          </ul>
          <DetailPager
            shown={members.length}
            total={first.total}
            pageSize={DETAIL_PAGE_DEFAULT_LIMIT}
            {...pagerStateOf(query)}
            what="the members"
          />
        </>
      )}
    </AdminPage>
  );
}
