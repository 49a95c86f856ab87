import { sectionCarousel } from '@/components/ui/section-carousel';
import { useEvents } from '../api/get-events';
import { eventsSectionTexts } from '../events-section-texts';

/** The home page section the carousel sits in. */
export const EVENTS_SECTION_ID = 'events';

/** Product rule: 1 card per view on small screens, 2 on medium and up. */
export const EventsCarousel = sectionCarousel({
  sectionId: EVENTS_SECTION_ID,
  useItems: useEvents,
  texts: eventsSectionTexts,
  // A card's text at 1280 px: date badge beside two lines of title, date and place; three lines of description; the button.
  placeholders: {
    count: 2,
    bodyClassName: 'min-h-[19rem]',
    gridClassName: 'md:grid-cols-2',
    itemClassNames: ['', 'hidden md:block'],
  },
  loadSlides: () => import('./event-slides').then((m) => m.EventSlides),
});
