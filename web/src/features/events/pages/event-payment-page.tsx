import { type EventDetail, type RegistrationSummary, formatCents, placesMessages } from '@pillars/contracts';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link, Redirect, useParams } from 'wouter';
import { buttonClasses } from '@/components/ui/button-styles';
import { formatEventDate, formatEventTimeRange } from '@/lib/format-date';
import { type DocumentMeta, useDocumentMeta } from '@/lib/use-document-meta';
import { useEventRegistration } from '../api/get-event-registration';
import { isNotFoundError, useEvent } from '../api/get-event';
import { EventLoadError, EventNotFound, EventPageLoading } from '../components/event-page-states';
import { EventPaymentForm } from '../components/event-payment-form';
import type { EventCardPayment } from '../event-payment';
import { eventsTexts, paymentPageTitle } from '../events-texts';
import { readPayerHandoff } from '../payer-handoff';
import { eventPagePath } from '@/lib/paths';
import { RuledCard } from '@/components/ui/ruled-heading';

function SummaryRow({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="py-3 first:pt-0">
      <dt className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{label}</dt>
      <dd className="mt-0.5 text-navy-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/**
 * Only a pending registration waits for its fee: the worker marks it `paid` once the charge
 * succeeded, and a failed charge leaves it pending for another try. An admin confirms a pending
 * registration without a payment (docs/glossary.md, Confirm), so `confirmed` (and `attended`
 * after it) is not called paid. Any other status (cancelled, failed…) is not payable either.
 */
type Payability = 'payable' | 'paid' | 'confirmed' | 'not-payable' | 'expired';

function payability({ status, reservationExpired }: { status: string; reservationExpired?: boolean }): Payability {
  // Its held place was given back (or is about to be): it must register again (docs/decisions/022).
  if (reservationExpired) return 'expired';
  switch (status) {
    case 'pending':
      return 'payable';
    case 'paid':
      return 'paid';
    case 'confirmed':
    case 'attended':
      return 'confirmed';
    default:
      return 'not-payable';
  }
}

const NOTHING_TO_PAY: Record<Exclude<Payability, 'payable'>, { heading: string; sentence: string }> = {
  paid: { heading: eventsTexts.alreadyPaidHeading, sentence: eventsTexts.alreadyPaid },
  confirmed: { heading: eventsTexts.confirmedHeading, sentence: eventsTexts.confirmed },
  'not-payable': { heading: eventsTexts.notPayableHeading, sentence: eventsTexts.notPayable },
  expired: { heading: eventsTexts.reservationExpiredHeading, sentence: placesMessages.holdExpired },
};

/** In place of the card form: why there is nothing to pay. Focus moves to its heading so it is read out. */
function NothingToPay({ state, eventSlug }: { state: Exclude<Payability, 'payable'>; eventSlug: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const { heading: title, sentence } = NOTHING_TO_PAY[state];
  return (
    <>
      <h2
        ref={heading}
        tabIndex={-1}
        id="payment-form-heading"
        className="font-display text-2xl font-bold text-navy-900 focus:outline-none"
      >
        {title}
      </h2>
      <p role="status" className="mt-4 text-lg text-slate-700">
        {sentence}
      </p>
      <Link href={eventPagePath(eventSlug)} className={buttonClasses('secondary', 'mt-6')}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {eventsTexts.backToEvent}
      </Link>
    </>
  );
}

function PaymentView({
  event,
  registration,
  payment,
}: {
  event: EventDetail;
  registration: RegistrationSummary;
  payment: EventCardPayment;
}) {
  const tierName = event.pricingTiers.find((tier) => tier.id === registration.selectedTier)?.name;
  const fee = registration.paymentAmount;
  // The registrant's name is this browser's, handed over from the registration form: the server
  // names no one to whoever holds a registration id (docs/decisions/046).
  const payer = readPayerHandoff(registration.id);
  const registrant = `${payer.firstName} ${payer.lastName}`.trim();
  const state = payability(registration);
  return (
    <>
      <div data-surface="dark" className="hero-backdrop text-white">
        <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
          <Link
            href={eventPagePath(event.slug)}
            className="inline-flex min-h-11 items-center gap-2 rounded-md px-1 text-sm font-semibold text-white/90 hover:text-gold-300 hover:underline"
          >
            <ArrowLeft aria-hidden="true" className="size-4" />
            {eventsTexts.backToEvent}
          </Link>
          <p className="mt-6 text-sm font-semibold tracking-widest text-gold-300 uppercase">
            {eventsTexts.paymentEyebrow}
          </p>
          <h1 className="mt-2 font-display text-3xl leading-tight font-bold sm:text-4xl">
            {eventsTexts.paymentHeading}
          </h1>
          <p className="mt-3 text-lg text-white/90 [overflow-wrap:anywhere]">{event.title}</p>
        </div>
      </div>

      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-12 lg:grid-cols-5 lg:gap-10">
        <RuledCard
          headingId="payment-summary-heading"
          title={eventsTexts.summaryHeading}
          className="min-w-0 self-start lg:col-span-2"
        >
          <dl className="mt-5 divide-y divide-slate-200">
            <SummaryRow label={eventsTexts.eventLabel}>
              <span className="font-semibold">{event.title}</span>
            </SummaryRow>
            <SummaryRow label={eventsTexts.dateLabel}>
              <time dateTime={event.startDate}>{formatEventDate(event.startDate)}</time>
            </SummaryRow>
            <SummaryRow label={eventsTexts.timeLabel}>
              {formatEventTimeRange(event.startDate, event.endDate)}
            </SummaryRow>
            <SummaryRow label={eventsTexts.locationLabel}>{event.location}</SummaryRow>
            {registrant ? <SummaryRow label={eventsTexts.registrantLabel}>{registrant}</SummaryRow> : null}
            {tierName ? <SummaryRow label={eventsTexts.tierLabel}>{tierName}</SummaryRow> : null}
            <SummaryRow label={eventsTexts.feeLabel}>
              <span className="font-display text-3xl font-bold text-crimson-700">${formatCents(fee)}</span>
            </SummaryRow>
          </dl>
        </RuledCard>

        <section
          aria-labelledby="payment-form-heading"
          className="min-w-0 self-start rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-3"
        >
          {state === 'payable' ? (
            <>
              <h2 id="payment-form-heading" className="mb-6 font-display text-2xl font-bold text-navy-900">
                {eventsTexts.paymentHeadingForm}
              </h2>
              <EventPaymentForm
                key={registration.id}
                payment={payment}
                registrationId={registration.id}
                eventId={event.id}
                eventTitle={event.title}
                amountCents={fee}
              />
            </>
          ) : (
            <NothingToPay state={state} eventSlug={event.slug} />
          )}
        </section>
      </div>
    </>
  );
}

function BackToEvents() {
  // The product names /events as the target of this link; it redirects to /#events (ADR 008).
  return (
    <Link href="/events" className={buttonClasses('secondary')}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      {eventsTexts.backToEvents}
    </Link>
  );
}

/**
 * /events/{slug}/payment/{registrationId}: the summary of a registration to a
 * paid event, its server-computed fee and the card form, or, once it is paid, a sentence saying
 * so instead of the form. A free event sends the visitor back to
 * its page; a missing event or registration, or one of another event, is "not found".
 */
export function EventPaymentPage({ payment }: { payment: EventCardPayment }) {
  const { slug = '', registrationId = '' } = useParams<{ slug: string; registrationId: string }>();
  const eventQuery = useEvent(slug);
  const registrationQuery = useEventRegistration(registrationId);
  const event = eventQuery.data;
  const registration = registrationQuery.data;

  const notFound =
    (eventQuery.isError && isNotFoundError(eventQuery.error)) ||
    (registrationQuery.isError && isNotFoundError(registrationQuery.error)) ||
    (event !== undefined && registration !== undefined && registration.eventId !== event.id);
  const failed = !notFound && (eventQuery.isError || registrationQuery.isError);
  const ready = !notFound && !failed && event !== undefined && registration !== undefined;

  let meta: DocumentMeta | null = null;
  if (notFound) meta = { title: eventsTexts.notFoundTitle };
  else if (failed) meta = { title: eventsTexts.loadErrorHeading };
  else if (ready) meta = { title: paymentPageTitle(event.title) };
  useDocumentMeta(meta);

  if (event && !event.requiresPayment) return <Redirect to={eventPagePath(slug)} replace />;
  if (notFound) {
    return (
      <EventNotFound hint={eventsTexts.paymentNotFound}>
        <BackToEvents />
      </EventNotFound>
    );
  }
  if (failed) {
    return (
      <EventLoadError message={eventsTexts.loadPaymentError}>
        <BackToEvents />
      </EventLoadError>
    );
  }
  if (!event || !registration) return <EventPageLoading label={eventsTexts.loadingPayment} />;
  return <PaymentView event={event} registration={registration} payment={payment} />;
}
