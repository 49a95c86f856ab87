import { Suspense, lazy } from 'react';
import { contributionTexts } from '@/features/donations/donations-texts';
import { EventsSection } from '@/features/events/components/events-section';
import { ContactSection } from '@/features/home/components/contact-section';
import { ContributionSection } from '@/features/home/components/contribution-section';
import { HeroSection } from '@/features/home/components/hero-section';
import { MembershipSection } from '@/features/home/components/membership-section';
import { MissionSection } from '@/features/home/components/mission-section';
import { NewsSection } from '@/features/news/components/news-section';
import { useHashScroll } from '@/lib/use-hash-scroll';

// The form, react-hook-form and the card payment code load after the first paint: the section
// sits far down the page, and the provider's SDK is fetched at runtime anyway.
const HomeContributionForm = lazy(() =>
  import('./home-contribution-form').then((m) => ({ default: m.HomeContributionForm })),
);

/** Holds the form's place while its code loads, so sections below it do not jump. */
function ContributionFormPlaceholder() {
  return (
    <div role="status" className="mx-auto min-h-[60rem] max-w-3xl rounded-xl bg-white/5 sm:min-h-[50rem]">
      <span className="sr-only">{contributionTexts.loadingForm}</span>
    </div>
  );
}

/** SPEC section 2: sections in this order; composed here so features never import each other. */
export function HomePage() {
  useHashScroll();
  return (
    <>
      <HeroSection />
      <MissionSection />
      <NewsSection />
      <EventsSection />
      <ContributionSection>
        <Suspense fallback={<ContributionFormPlaceholder />}>
          <HomeContributionForm />
        </Suspense>
      </ContributionSection>
      <MembershipSection />
      <ContactSection />
    </>
  );
}
