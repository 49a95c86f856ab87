import { QueryCards } from '@/components/ui/query-cards';
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
  return (
    <QueryCards
      query={events}
      texts={eventsSectionTexts}
      // A card's text at 1280 px: date badge beside two lines of title, date and place; three lines of description; the button.
      placeholders={{
        count: 2,
        bodyClassName: 'min-h-[19rem]',
        gridClassName: 'md:grid-cols-2',
        itemClassNames: ['', 'hidden md:block'],
      }}
    >
      {(items) => <EventSlides events={items} />}
    </QueryCards>
  );
}
