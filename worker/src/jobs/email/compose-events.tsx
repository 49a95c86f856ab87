import { parsePricingTiers } from '@pillars/contracts';
import { payments } from '@pillars/platform/db';
import { cancellationRefundOf } from '@pillars/money';
import { and, eq } from 'drizzle-orm';
import { registrationCalendar } from '@pillars/platform/calendar';
import { eventDay, timeRange } from './format';
import { EventCancelledEmail, eventCancelledSubject } from './templates/event-cancelled';
import { RegistrationConfirmationEmail, registrationConfirmationSubject } from './templates/registration-confirmation';
import { type Composer, message, registrationWithEvent } from './compose-context';

/** The e-mails about an event registration: its confirmation (with a calendar file) and its event's cancellation. */

/** Who registered, and for what, when and where: what both e-mails open with. */
function whoAndWhen({ registration, event }: NonNullable<Awaited<ReturnType<typeof registrationWithEvent>>>) {
  return {
    firstName: registration.firstName,
    eventTitle: event.title,
    day: eventDay(event.startDate),
    hours: timeRange(event.startDate, event.endDate),
    location: event.location,
  };
}

/** The fee a registration's succeeded payment took, in cents; null when it paid none. */
async function feePaidFor(ctx: Parameters<Composer>[0], registrationId: string): Promise<number | null> {
  const [paid] = await ctx.db
    .select({ amountCents: payments.amountCents })
    .from(payments)
    .where(
      and(eq(payments.kind, 'registration'), eq(payments.recordId, registrationId), eq(payments.state, 'succeeded')),
    )
    .limit(1);
  return paid?.amountCents ?? null;
}

export const registrationConfirmation: Composer = async (ctx, email) => {
  const found = await registrationWithEvent(ctx.db, email.subjectId);
  if (!found) return { skip: 'registration not found' };
  const { registration, event } = found;
  const paidCents = await feePaidFor(ctx, registration.id);
  const tier = registration.selectedTier
    ? (parsePricingTiers(event.pricingTiers).find((t) => t.id === registration.selectedTier)?.name ??
      registration.selectedTier)
    : null;
  const eventUrl = new URL(`/events/${encodeURIComponent(event.slug)}`, ctx.config.PUBLIC_URL).href;
  const ics = registrationCalendar({
    registrationId: registration.id,
    title: event.title,
    start: event.startDate,
    end: event.endDate,
    location: event.location,
    url: eventUrl,
    domain: new URL(ctx.config.PUBLIC_URL).hostname,
    organizer: { name: ctx.org.name, email: ctx.org.contactEmail },
  });
  return message(
    email,
    registrationConfirmationSubject({ eventTitle: event.title }),
    <RegistrationConfirmationEmail
      org={ctx.org}
      {...whoAndWhen(found)}
      tier={tier}
      paidCents={paidCents}
      eventUrl={eventUrl}
    />,
    [{ filename: `${event.slug}.ics`, content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }],
  );
};

/** The registration's event was cancelled; a registration since given up, or an event live again, gets nothing. */
export const eventCancelled: Composer = async (ctx, email) => {
  const found = await registrationWithEvent(ctx.db, email.subjectId);
  if (!found) return { skip: 'registration not found' };
  const { registration, event } = found;
  if (event.status !== 'cancelled') return { skip: 'event is no longer cancelled' };
  const paidCents = await feePaidFor(ctx, registration.id);
  const refundCents = await cancellationRefundOf(ctx.db, registration.id);
  return message(
    email,
    eventCancelledSubject({ eventTitle: event.title }),
    <EventCancelledEmail org={ctx.org} {...whoAndWhen(found)} paidCents={paidCents} refundCents={refundCents} />,
  );
};
