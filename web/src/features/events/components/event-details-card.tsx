import type { EventDetail } from '@pillars/contracts';
import { fewPlacesNotice, placesMessages } from '@pillars/contracts';
import { CalendarDays, CalendarPlus, Clock, type LucideIcon, MapPin, Ticket, Users } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatEventDate, formatEventTimeRange } from '@/lib/format-date';
import { buttonClasses } from '@/components/ui/button-styles';
import { eventPriceLabel, eventsTexts } from '../events-texts';
import { RuledCard } from '@/components/ui/ruled-heading';

/** "Sold out", "Only N places left", or null when places are unlimited or plentiful (docs/decisions/022). */
export function placesNotice(placesLeft: number | null | undefined): string | null {
  return placesLeft === 0 ? placesMessages.soldOut : fewPlacesNotice(placesLeft);
}

/** The event's .ics, served by the API (times in UTC, so every calendar shows the right hour). */
export const calendarHref = (slug: string) => `/api/events/${encodeURIComponent(slug)}/calendar.ics`;

function Detail({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <div className="relative pl-8">
      <dt className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        <Icon aria-hidden="true" className="absolute top-0.5 left-0 size-5 text-crimson-600" />
        {label}
      </dt>
      <dd className="mt-0.5 text-navy-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** Date, time (Eastern), location and price of an event (the product's "event details card"). */
export function EventDetailsCard({ event }: { event: EventDetail }) {
  return (
    <RuledCard headingId="event-details-heading" title={eventsTexts.detailsHeading}>
      <dl className="mt-5 space-y-4">
        <Detail icon={CalendarDays} label={eventsTexts.dateLabel}>
          <time dateTime={event.startDate}>{formatEventDate(event.startDate)}</time>
        </Detail>
        <Detail icon={Clock} label={eventsTexts.timeLabel}>
          {formatEventTimeRange(event.startDate, event.endDate)}
        </Detail>
        <Detail icon={MapPin} label={eventsTexts.locationLabel}>
          {event.location}
        </Detail>
        <Detail icon={Ticket} label={eventsTexts.priceLabel}>
          <span className="font-semibold">{eventPriceLabel(event)}</span>
        </Detail>
        {placesNotice(event.placesLeft) ? (
          <Detail icon={Users} label={eventsTexts.placesLabel}>
            <span className="font-semibold text-crimson-700">{placesNotice(event.placesLeft)}</span>
          </Detail>
        ) : null}
      </dl>
      <a href={calendarHref(event.slug)} download className={buttonClasses('secondary', 'mt-6 w-full')}>
        <CalendarPlus aria-hidden="true" className="size-4" />
        {eventsTexts.addToCalendar}
      </a>
    </RuledCard>
  );
}
