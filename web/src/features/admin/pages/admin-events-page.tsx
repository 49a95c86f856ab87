import {
  CHECK_IN_FROM,
  DETAIL_PAGE_DEFAULT_LIMIT,
  type RegisteredEvent,
  type RegistrationDetail,
} from '@pillars/contracts/admin';
import { CalendarDays, Clock, MapPin, Megaphone } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { buttonClasses } from '@/components/ui/button-styles';
import { formatEventDate, formatEventTimeRange } from '@/lib/format-date';
import { adminTexts } from '../admin-texts';
import { eventRecipientsPath, useEventRegistrations, useRegisteredEvents } from '../api/get-event-registrations';
import { AdminEmpty, AdminLoading, AdminPage } from '../components/admin-page';
import { AdminLoadError } from '../components/admin-load-error';
import { cardClasses, outlineButton, smallButton } from '../components/admin-styles';
import { DetailPager, pagerStateOf } from '../components/detail-pager';
import { useCheckIn } from '../api/money-ops';
import { useReportActionError } from '../hooks/use-report-action-error';
import { Details, EmailLink, ShortId } from '../components/details';
import { PaymentDetailButton } from '../components/payment-detail-dialog';
import { DoorCheckIn } from '../components/door-check-in';
import { EmailDialog } from '../components/email-dialog';
import { StatusBadge } from '../components/status-badge';
import { useRedirectOnUnauthorized } from '../hooks/use-unauthorized-redirect';
import { contributorName } from '../lib/contributors-table';
import { describeError, formatCentsAsDollars, formatShortDateTime } from '../lib/format';
import { mayHavePayment } from '../lib/payment-detail';

/**
 * 'Check in' marks a paid or confirmed registration attended (audited by the API; asking twice
 * changes nothing). The button goes once it worked, so focus moves to the registration's heading
 * and the new status is announced.
 */
function CheckInButton({
  registration,
  name,
  onCheckedIn,
}: {
  registration: RegistrationDetail;
  name: string;
  onCheckedIn: () => void;
}) {
  const mutation = useCheckIn();
  const reportError = useReportActionError();
  if (!CHECK_IN_FROM.includes(registration.status)) return null;
  return (
    <button
      type="button"
      disabled={mutation.isPending}
      aria-label={adminTexts.checkInLabel(name)}
      onClick={() =>
        mutation.mutate(registration.id, {
          onSuccess: onCheckedIn,
          onError: (error) => reportError(adminTexts.checkInFailedTitle, error),
        })
      }
      className={smallButton('primary')}
    >
      {adminTexts.checkIn}
    </button>
  );
}

/**
 * The registration's money line: only money the ledger received reads as a payment
 * (docs/decisions/052-what-a-record-says.md); a pending registration's fee is due; a fee an admin
 * acknowledged without a card payment is its fee.
 */
function paymentLine(registration: RegistrationDetail) {
  const { paymentAmount, paidCents } = registration;
  if (paymentAmount === null) return { label: adminTexts.payment, value: adminTexts.noPayment };
  if (paidCents === undefined || paidCents > 0 || paymentAmount === 0) {
    return { label: adminTexts.payment, value: formatCentsAsDollars(paidCents || paymentAmount) };
  }
  return {
    label: registration.status === 'pending' ? adminTexts.paymentDue : adminTexts.fee,
    value: formatCentsAsDollars(paymentAmount),
  };
}

function RegistrationCard({ registration }: { registration: RegistrationDetail }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [checkedIn, setCheckedIn] = useState(false);
  const name = contributorName(registration);
  return (
    <li>
      <article aria-labelledby={headingId} className="rounded-lg border border-slate-200 bg-cream-50 p-4">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <h3 id={headingId} ref={headingRef} tabIndex={-1} className="text-base font-bold break-words text-navy-900">
              {name}
            </h3>
            <p className="text-sm text-slate-700">
              {adminTexts.registeredAt(formatShortDateTime(registration.createdAt))}
            </p>
          </div>
          <StatusBadge status={registration.state ?? registration.status} scheme="registration" />
        </div>
        <Details
          className="mt-3"
          items={[
            { label: adminTexts.phone, value: registration.phone },
            registration.selectedTier
              ? { label: adminTexts.tier, value: registration.selectedTierName ?? registration.selectedTier }
              : null,
            paymentLine(registration),
            registration.payTheoryPaymentId
              ? { label: adminTexts.transactionId, value: <ShortId id={registration.payTheoryPaymentId} /> }
              : null,
            registration.comments?.trim() ? { label: adminTexts.comments, value: registration.comments } : null,
          ]}
        />
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <EmailLink email={registration.email} name={name} />
          {mayHavePayment(registration) ? <PaymentDetailButton recordId={registration.id} name={name} /> : null}
          <CheckInButton
            registration={registration}
            name={name}
            onCheckedIn={() => {
              setCheckedIn(true);
              headingRef.current?.focus();
            }}
          />
          <p role="status" className="text-sm font-semibold text-navy-900">
            {checkedIn ? adminTexts.checkedIn : null}
          </p>
        </div>
      </article>
    </li>
  );
}

/** Events shown at first and added by each "Show more": each shown event loads its first page. */
const EVENTS_SHOWN = 10;

/**
 * One event's group: its date, time, place and number of registrations (from the events' aggregate),
 * its registrations a page at a time, and a message to every registrant of it.
 */
function EventSection({ event }: { event: RegisteredEvent }) {
  const headingId = useId();
  const query = useEventRegistrations(event.id);
  const first = query.data?.pages[0];
  const registrations = query.data?.pages.flatMap((page) => page.data) ?? [];
  const recipients = { path: eventRecipientsPath(event.id) };
  return (
    <section aria-labelledby={headingId} className={cardClasses}>
      <div className="flex flex-col gap-4 border-b border-slate-200 pb-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="min-w-0 space-y-2">
          <div className="flex flex-wrap items-center gap-3">
            <h2 id={headingId} className="font-display text-2xl font-bold break-words text-navy-900">
              {event.title}
            </h2>
            <span className="rounded-full bg-navy-900 px-3 py-0.5 text-sm font-semibold text-white">
              {adminTexts.registrationCount(event.registrations)}
            </span>
          </div>
          <ul className="space-y-1 text-sm text-slate-700">
            <li className="flex items-center gap-2">
              <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-crimson-700" />
              <span className="sr-only">{adminTexts.eventDate}: </span>
              {formatEventDate(event.startDate)}
            </li>
            <li className="flex items-center gap-2">
              <Clock aria-hidden="true" className="size-4 shrink-0 text-crimson-700" />
              <span className="sr-only">{adminTexts.eventTime}: </span>
              {formatEventTimeRange(event.startDate, event.endDate)}
            </li>
            <li className="flex items-center gap-2">
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-crimson-700" />
              <span className="sr-only">{adminTexts.eventLocation}: </span>
              {event.location}
            </li>
          </ul>
        </div>
        <EmailDialog
          title={adminTexts.sendMessageToAll}
          description={(count) => adminTexts.eventBroadcastDescription(event.title, count)}
          recipients={recipients}
          defaultSubject={adminTexts.eventSubject(event.title)}
          trigger={
            <button
              type="button"
              aria-label={adminTexts.sendMessageToAllLabel(event.title)}
              className={buttonClasses('secondary', 'shrink-0 text-sm')}
            >
              <Megaphone aria-hidden="true" className="size-4" />
              {adminTexts.sendMessageToAll}
            </button>
          }
        />
      </div>
      {query.isPending ? (
        <div className="mt-4">
          <AdminLoading text={adminTexts.loadingRegistrations} />
        </div>
      ) : !first ? (
        <div className="mt-4">
          <AdminLoadError
            text={adminTexts.errorLoadingRegistrations(describeError(query.error))}
            hint={adminTexts.loadFailedHint('the event registrations')}
            error={query.error}
            onRetry={() => void query.refetch()}
            retrying={query.isFetching}
          />
        </div>
      ) : (
        <div className="mt-4 space-y-4">
          <ul aria-label={adminTexts.registrationsOf(event.title)} className="grid gap-3 md:grid-cols-2">
            {registrations.map((registration) => (
              <RegistrationCard key={registration.id} registration={registration} />
            ))}
          </ul>
          {query.hasNextPage || (query.data?.pages.length ?? 0) > 1 ? (
            <DetailPager
              shown={registrations.length}
              total={first.total}
              pageSize={DETAIL_PAGE_DEFAULT_LIMIT}
              {...pagerStateOf(query)}
              what="the event registrations"
            />
          ) : null}
        </div>
      )}
    </section>
  );
}

/**
 * /admin/events: check-in at the door, then registrations grouped by event (the events and their
 * counts from one aggregate, each event's registrations paged) with a message to each group
 * (docs/decisions/034).
 */
export function AdminEventsPage() {
  const query = useRegisteredEvents();
  useRedirectOnUnauthorized(query.error);
  const [eventsShown, setEventsShown] = useState(EVENTS_SHOWN);
  const events = query.data?.data ?? [];

  return (
    <AdminPage
      title={adminTexts.eventsTitle}
      backLink
      intro={query.data ? <p>{adminTexts.totalRegistrations(query.data.total)}</p> : null}
    >
      {query.isPending ? (
        <AdminLoading text={adminTexts.loadingRegistrations} />
      ) : query.isError ? (
        <AdminLoadError
          text={adminTexts.errorLoadingRegistrations(describeError(query.error))}
          hint={adminTexts.loadFailedHint('the event registrations')}
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : events.length === 0 ? (
        <AdminEmpty text={adminTexts.noRegistrations} />
      ) : (
        <>
          <DoorCheckIn />
          {events.slice(0, eventsShown).map((event) => (
            <EventSection key={event.id} event={event} />
          ))}
          {events.length > eventsShown ? (
            <div className="flex justify-center">
              <button
                type="button"
                onClick={() => setEventsShown((shown) => shown + EVENTS_SHOWN)}
                className={outlineButton()}
              >
                {adminTexts.showMore(Math.min(EVENTS_SHOWN, events.length - eventsShown))}
              </button>
            </div>
          ) : null}
        </>
      )}
    </AdminPage>
  );
}
