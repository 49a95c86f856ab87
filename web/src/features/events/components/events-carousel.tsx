import { CardPlaceholders } from '@/components/ui/card-placeholder';
import { Carousel } from '@/components/ui/carousel';
import { StatusMessage } from '@/components/ui/status-message';
import { useEvents } from '../api/get-events';
import { eventsTexts } from '../events-texts';
import { EventCard } from './event-card';

/** Product rule: 1 card per view on small screens, 2 on medium and up. */
export function EventsCarousel() {
  const events = useEvents();

  if (events.isPending) {
    return (
      <CardPlaceholders
        count={2}
        label={eventsTexts.loading}
        gridClassName="md:grid-cols-2"
        itemClassNames={['', 'hidden md:block']}
      />
    );
  }
  if (events.isError) return <StatusMessage tone="error">{eventsTexts.loadError}</StatusMessage>;
  if (events.data.length === 0) return <StatusMessage tone="info">{eventsTexts.empty}</StatusMessage>;

  return (
    <Carousel
      label={eventsTexts.carouselLabel}
      slideClassName="basis-full md:basis-1/2"
      slides={events.data.map((event) => ({ key: event.id, content: <EventCard event={event} /> }))}
    />
  );
}
