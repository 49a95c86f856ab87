import { EventsSection } from '@/features/events/components/events-section';
import { ContactSection } from '@/features/home/components/contact-section';
import { ContributionSection } from '@/features/home/components/contribution-section';
import { HeroSection } from '@/features/home/components/hero-section';
import { MembershipSection } from '@/features/home/components/membership-section';
import { MissionSection } from '@/features/home/components/mission-section';
import { NewsSection } from '@/features/news/components/news-section';
import { useHashScroll } from '@/lib/use-hash-scroll';

/** SPEC section 2: sections in this order; composed here so features never import each other. */
export function HomePage() {
  useHashScroll();
  return (
    <>
      <HeroSection />
      <MissionSection />
      <NewsSection />
      <EventsSection />
      <ContributionSection />
      <MembershipSection />
      <ContactSection />
    </>
  );
}
