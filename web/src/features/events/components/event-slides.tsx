import type { EventListItem } from '@pillars/contracts';
import { cardSlides } from '@/components/ui/card-slides';
import { eventsTexts } from '../events-texts';
import { EventCard } from './event-card';

/**
 * The events as carousel slides. Loaded lazily by EventsCarousel with the cards, the date
 * formatting and the carousel: none of it is needed to draw the top of the home page
 * (docs/decisions/038).
 */
export const EventSlides = cardSlides<EventListItem>(eventsTexts.carouselLabel, 'basis-full md:basis-1/2', (event) => (
  <EventCard event={event} />
));
