import type { EventDetail } from '@pillars/contracts';
import { ArrowLeft } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation, useParams } from 'wouter';
import { SectionLink } from '@/components/layout/section-link';
import { buttonClasses } from '@/components/ui/button-styles';
import { type DocumentMeta, useDocumentMeta } from '@/lib/use-document-meta';
import { formatEventDate } from '@/lib/format-date';
import { useNotFoundStatus } from '@/lib/not-found-status';
import { isNotFoundError, useEvent } from '../api/get-event';
import { EventLoadError, EventNotFound, EventPageLoading } from '../components/event-page-states';
import { BackLinks, EventView, descriptionParagraphs } from '../components/event-view';
import { eventsTexts } from '../events-texts';

/** Social descriptions stay short; the first paragraph, cut at a word near 160 characters. */
function summary(event: EventDetail): string {
  const first = descriptionParagraphs(event.description)[0];
  const text = first ?? `${formatEventDate(event.startDate)} · ${event.location}`;
  if (text.length <= 160) return text;
  const cut = text.slice(0, 157);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 120)).trimEnd()}…`;
}

function metaOf(state: 'loading' | 'not-found' | 'error' | EventDetail): DocumentMeta | null {
  if (state === 'loading') return null;
  if (state === 'not-found') return { title: eventsTexts.notFoundTitle };
  if (state === 'error') return { title: eventsTexts.loadErrorHeading };
  return { title: state.title, description: summary(state), image: state.imageUrl ?? undefined, type: 'website' };
}

/** /events/{slug}: the event, its details and the registration form. */
export function EventPage() {
  const { slug = '' } = useParams<{ slug: string }>();
  const [, navigate] = useLocation();
  const query = useEvent(slug);
  // A former address answers with the event at its new one (the API redirects): show that URL.
  const current = query.data?.slug;
  useEffect(() => {
    if (current && current !== slug) navigate(`/events/${encodeURIComponent(current)}`, { replace: true });
  }, [current, slug, navigate]);
  const notFound = query.isError && isNotFoundError(query.error);
  useNotFoundStatus(notFound);
  useDocumentMeta(metaOf(query.data ?? (query.isPending ? 'loading' : notFound ? 'not-found' : 'error')));

  if (query.isPending) return <EventPageLoading label={eventsTexts.loadingEvent} />;
  if (notFound) {
    return (
      <EventNotFound hint={eventsTexts.notFoundHint}>
        <SectionLink target="events" className={buttonClasses('secondary')}>
          <ArrowLeft aria-hidden="true" className="size-4" />
          {eventsTexts.backToEvents}
        </SectionLink>
      </EventNotFound>
    );
  }
  if (query.isError) {
    return (
      <EventLoadError message={eventsTexts.loadEventError}>
        <BackLinks tone="light" />
      </EventLoadError>
    );
  }
  return <EventView event={query.data} />;
}
