import type { EventListItem } from '@pillars/contracts';
import { Carousel } from '@/components/ui/carousel';
import { eventsTexts } from '../events-texts';
import { EventCard } from './event-card';

/**
 * The events as carousel slides. Loaded lazily by EventsCarousel with the cards, the date
 * formatting and the carousel: none of it is needed to draw the top of the home page
 * (docs/decisions/038).
 */
export function EventSlides({ events }: { events: EventListItem[] }) {
  return (
    <Carousel
      label={eventsTexts.carouselLabel}
      slideClassName="basis-full md:basis-1/2"
      slides={events.map((event) => ({ key: event.id, content: <EventCard event={event} /> }))}
    />
  );
}
