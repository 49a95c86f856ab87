import { HomeSection } from '@/components/ui/home-section';
import { eventsSectionTexts } from '../events-section-texts';
import { EVENTS_SECTION_ID, EventsCarousel } from './events-carousel';

/** The home page events section; `id="events"` is the target of the Events links. */
export function EventsSection() {
  return (
    <HomeSection
      id={EVENTS_SECTION_ID}
      headingId="events-heading"
      surface="cream"
      title={eventsSectionTexts.sectionTitle}
      eyebrow={eventsSectionTexts.sectionEyebrow}
      intro={eventsSectionTexts.sectionIntro}
    >
      <EventsCarousel />
    </HomeSection>
  );
}
