import type { EventDetail } from '@pillars/contracts';
import { ArrowLeft, CalendarDays, Clock, MapPin } from 'lucide-react';
import { type ReactNode, Suspense } from 'react';
import { SectionLink } from '@/components/layout/section-link';
import { ShareButtons } from '@/components/share/share-buttons';
import { buttonClasses } from '@/components/ui/button-styles';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { formatEventDate, formatEventTimeRange } from '@/lib/format-date';
import { lazyNearViewport } from '@/lib/near-viewport';
import { eventsTexts } from '../events-texts';
import { EventDetailsCard } from './event-details-card';

/** The registration section's heading, where the loading of its form is anchored. */
const REGISTER_HEADING_ID = 'event-register-heading';

// The form's code (react-hook-form, the registration schema) loads as its section nears the
// viewport: on a phone it is two screens down (docs/decisions/038). The server draws it all the same.
const EventRegistrationForm = lazyNearViewport(REGISTER_HEADING_ID, () =>
  import('./event-registration-form').then((m) => ({ default: m.EventRegistrationForm })),
);

/** The description, split into paragraphs on blank lines. */
export function descriptionParagraphs(description: string | null | undefined): string[] {
  if (!description) return [];
  return description
    .split(/\r?\n\s*\r?\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean);
}

/** The two ways back: to the home page and to its events section. */
export function BackLinks({ tone }: { tone: 'light' | 'dark' }) {
  const dark = tone === 'dark';
  const linkClass = dark
    ? 'inline-flex min-h-11 items-center gap-2 rounded-md px-1 text-sm font-semibold text-white/90 hover:text-gold-300 hover:underline'
    : buttonClasses('secondary');
  return (
    <>
      <SectionLink target="top" className={linkClass}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {eventsTexts.backToHome}
      </SectionLink>
      <SectionLink target="events" className={linkClass}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {eventsTexts.backToEvents}
      </SectionLink>
    </>
  );
}

function HeroFact({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <p className="flex items-start gap-2 text-base text-white/90 sm:text-lg">
      {icon}
      <span className="min-w-0 [overflow-wrap:anywhere]">{children}</span>
    </p>
  );
}

/**
 * An event as its public page shows it, from its data alone: the page and the admin editor's
 * preview both render this, so the preview is the page. `registration` replaces the registration
 * form (the preview's is inert); a cancelled event says so and offers no registration.
 */
export function EventView({ event, registration }: { event: EventDetail; registration?: ReactNode }) {
  const paragraphs = descriptionParagraphs(event.description);
  const iconClass = 'mt-1 size-5 shrink-0 text-gold-300';
  return (
    <>
      <div data-surface="dark" className="hero-backdrop text-white">
        <div className="mx-auto max-w-6xl px-4 py-10 sm:py-14">
          <nav aria-label={eventsTexts.backLinksLabel} className="flex flex-wrap gap-x-6 gap-y-1">
            <BackLinks tone="dark" />
          </nav>
          {event.status === 'cancelled' ? (
            <p className="mt-6 inline-block rounded-md bg-crimson-600 px-3 py-1 text-sm font-bold tracking-wide text-white uppercase">
              {eventsTexts.cancelledBadge}
            </p>
          ) : null}
          <h1 className="mt-6 font-display text-3xl leading-tight font-bold [overflow-wrap:anywhere] sm:text-4xl lg:text-5xl">
            {event.title}
          </h1>
          <span aria-hidden="true" className="mt-5 block h-1 w-16 rounded-full bg-gold-400" />
          <div className="mt-6 space-y-2">
            <HeroFact icon={<CalendarDays aria-hidden="true" className={iconClass} />}>
              <time dateTime={event.startDate}>{formatEventDate(event.startDate)}</time>
            </HeroFact>
            <HeroFact icon={<Clock aria-hidden="true" className={iconClass} />}>
              {formatEventTimeRange(event.startDate, event.endDate)}
            </HeroFact>
            <HeroFact icon={<MapPin aria-hidden="true" className={iconClass} />}>{event.location}</HeroFact>
          </div>
        </div>
      </div>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 lg:grid-cols-3 lg:gap-12">
        <div className="min-w-0 space-y-8 lg:col-span-2">
          {event.imageUrl ? (
            <ResponsiveImage
              src={event.imageUrl}
              alt={event.imageAlt ?? ''}
              width={1280}
              height={720}
              // Two of three columns of a 72rem page on wide screens.
              sizes="(min-width: 1024px) 46rem, 100vw"
              // Under the title on a phone's first screen: the page's largest paint.
              fetchPriority="high"
              className="aspect-video w-full rounded-xl bg-navy-100 object-cover shadow-sm"
            />
          ) : null}
          {paragraphs.length > 0 ? (
            <section aria-labelledby="event-about-heading">
              <h2 id="event-about-heading" className="font-display text-2xl font-bold text-navy-900 sm:text-3xl">
                {eventsTexts.aboutHeading}
              </h2>
              <div className="mt-4 space-y-4 text-lg leading-relaxed text-slate-700 [overflow-wrap:anywhere]">
                {paragraphs.map((paragraph, index) => (
                  <p key={index}>{paragraph}</p>
                ))}
              </div>
            </section>
          ) : null}
          <ShareButtons title={event.title} label={eventsTexts.shareLabel} />
        </div>

        <div className="min-w-0 lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <div className="lg:sticky lg:top-24">
            <EventDetailsCard event={event} />
          </div>
        </div>

        {event.status === 'cancelled' ? (
          <section
            aria-labelledby="event-cancelled-heading"
            className="min-w-0 rounded-xl border border-crimson-600/30 bg-crimson-50 p-6 shadow-sm sm:p-8 lg:col-span-2"
          >
            <h2 id="event-cancelled-heading" className="font-display text-2xl font-bold text-crimson-800 sm:text-3xl">
              {eventsTexts.cancelledHeading}
            </h2>
            <p className="mt-2 text-slate-800">{eventsTexts.cancelledText}</p>
          </section>
        ) : (
          <section
            aria-labelledby={REGISTER_HEADING_ID}
            className="min-w-0 rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 lg:col-span-2"
          >
            <h2 id={REGISTER_HEADING_ID} className="font-display text-2xl font-bold text-navy-900 sm:text-3xl">
              {eventsTexts.registerHeading}
            </h2>
            <p className="mt-2 mb-6 text-slate-700">
              {event.requiresPayment ? eventsTexts.registerIntroPaid : eventsTexts.registerIntro}
            </p>
            {registration ?? (
              <Suspense
                fallback={
                  <div role="status" className="min-h-[28rem]">
                    <span className="sr-only">{eventsTexts.loadingRegistrationForm}</span>
                  </div>
                }
              >
                <EventRegistrationForm key={event.id} event={event} />
              </Suspense>
            )}
          </section>
        )}
      </div>
    </>
  );
}
