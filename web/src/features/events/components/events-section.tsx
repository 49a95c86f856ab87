import { HomeSection } from '@/components/ui/home-section';
import { eventsTexts } from '../events-texts';
import { EventsCarousel } from './events-carousel';

/** The home page events section; `id="events"` is the target of the Events links. */
export function EventsSection() {
  return (
    <HomeSection
      id="events"
      headingId="events-heading"
      surface="cream"
      title={eventsTexts.sectionTitle}
      eyebrow={eventsTexts.sectionEyebrow}
      intro={eventsTexts.sectionIntro}
    >
      <EventsCarousel />
    </HomeSection>
  );
}
