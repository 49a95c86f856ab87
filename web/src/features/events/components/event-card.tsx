import type { EventListItem } from '@pillars/contracts';
import { ArrowRight, CalendarDays, MapPin } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'wouter';
import { buttonClasses } from '@/components/ui/button-styles';
import { CardImage } from '@/components/ui/card-image';
import { ImagePlaceholder } from '@/components/ui/image-placeholder';
import { eventDateBadge, formatEventDateTime } from '@/lib/format-date';
import { eventPagePath } from '@/lib/paths';
import { eventsTexts } from '../events-texts';
import { placesNotice } from './event-details-card';

export function EventCard({ event }: { event: EventListItem }) {
  const titleId = useId();
  const href = eventPagePath(event.slug);
  const badge = eventDateBadge(event.startDate);
  const places = placesNotice(event.placesLeft);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      {event.imageUrl ? <CardImage src={event.imageUrl} alt={event.title} /> : <ImagePlaceholder />}
      <div className="flex flex-1 flex-col p-6">
        <div className="flex items-start gap-4">
          {/* The full date follows in text, so the badge is only a visual cue. */}
          <div
            aria-hidden="true"
            className="flex w-16 shrink-0 flex-col items-center overflow-hidden rounded-md border border-navy-900 text-center"
          >
            <span className="w-full bg-crimson-600 py-0.5 text-xs font-bold tracking-widest text-white">
              {badge.month}
            </span>
            <span className="py-1 font-display text-2xl font-bold text-navy-900">{badge.day}</span>
          </div>
          <div className="min-w-0">
            <h3 id={titleId} className="font-display text-xl leading-snug font-bold text-navy-900">
              <Link href={href} className="rounded-sm hover:text-crimson-700 hover:underline">
                {event.title}
              </Link>
            </h3>
            <p className="mt-2 flex items-start gap-1.5 text-sm text-slate-700">
              <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-crimson-600" />
              <time dateTime={event.startDate}>{formatEventDateTime(event.startDate)}</time>
            </p>
            <p className="mt-1 flex items-start gap-1.5 text-sm text-slate-700">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-crimson-600" />
              <span>{event.location}</span>
            </p>
          </div>
        </div>
        {places ? <p className="mt-3 text-sm font-semibold text-crimson-700">{places}</p> : null}
        {event.description ? <p className="mt-4 line-clamp-3 text-slate-700">{event.description}</p> : null}
        <div className="mt-auto pt-6">
          <Link href={href} aria-describedby={titleId} className={buttonClasses('primary')}>
            {eventsTexts.registerNow}
            <ArrowRight aria-hidden="true" className="size-4" />
          </Link>
        </div>
      </div>
    </article>
  );
}
