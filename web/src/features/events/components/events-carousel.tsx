import { Suspense } from 'react';
import { CardPlaceholders } from '@/components/ui/card-placeholder';
import { StatusMessage } from '@/components/ui/status-message';
import { lazyNearViewport } from '@/lib/near-viewport';
import { useEvents } from '../api/get-events';
import { eventsSectionTexts } from '../events-section-texts';

/** The home page section the carousel sits in. */
export const EVENTS_SECTION_ID = 'events';

// The request starts here, with the page; the slides' code loads when the section nears the
// viewport (docs/decisions/038). The server draws the slides all the same.
const EventSlides = lazyNearViewport(EVENTS_SECTION_ID, () =>
  import('./event-slides').then((m) => ({ default: m.EventSlides })),
);

/** Product rule: 1 card per view on small screens, 2 on medium and up. */
export function EventsCarousel() {
  const events = useEvents();
  // A card's text at 1280 px: date badge beside two lines of title, date and place; three lines of description; the button.
  const placeholders = (
    <CardPlaceholders
      count={2}
      label={eventsSectionTexts.loading}
      bodyClassName="min-h-[19rem]"
      controls={events.data === undefined || events.data.length > 1}
      gridClassName="md:grid-cols-2"
      itemClassNames={['', 'hidden md:block']}
    />
  );

  if (events.isPending) return placeholders;
  if (events.isError) return <StatusMessage tone="error">{eventsSectionTexts.loadError}</StatusMessage>;
  if (events.data.length === 0) return <StatusMessage tone="info">{eventsSectionTexts.empty}</StatusMessage>;

  return (
    <Suspense fallback={placeholders}>
      <EventSlides events={events.data} />
    </Suspense>
  );
}
