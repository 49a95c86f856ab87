import { Suspense } from 'react';
import { HomeSection } from '@/components/ui/home-section';
import { contributionTexts } from '@/features/donations/donations-texts';
import { EVENTS_SECTION_ID, EventsCarousel } from '@/features/events/components/events-carousel';
import { eventsSectionTexts } from '@/features/events/events-section-texts';
import { ContactSection } from '@/features/home/components/contact-section';
import { HeroSection } from '@/features/home/components/hero-section';
import { MissionSection } from '@/features/home/components/mission-section';
import { homeTexts } from '@/features/home/home-texts';
import { NEWS_SECTION_ID, NewsCarousel } from '@/features/news/components/news-carousel';
import { newsTexts } from '@/features/news/news-texts';
import { lazyNearViewport } from '@/lib/near-viewport';
import { useHashScroll } from '@/lib/use-hash-scroll';

/** The sections' ids: the targets of their links, and where the page anchors its forms' loading. */
const CONTRIBUTION_SECTION_ID = 'contribution';
const MEMBERSHIP_SECTION_ID = 'membership';
/** The article page's 'Support Our Mission' links to /#donate. */
const CONTRIBUTION_ALIASES = ['donate'] as const;

// The forms, react-hook-form, the card payment code and the provider's SDK load only when their
// section nears the viewport: they sit far down the page and the first screen needs none of them
// (docs/decisions/038). The server draws them all the same.
const HomeContributionForm = lazyNearViewport(CONTRIBUTION_SECTION_ID, () =>
  import('./home-contribution-form').then((m) => ({ default: m.HomeContributionForm })),
);
const MembershipInterestForm = lazyNearViewport(MEMBERSHIP_SECTION_ID, () =>
  import('@/features/memberships/components/membership-interest-form').then((m) => ({
    default: m.MembershipInterestForm,
  })),
);

/** Holds a form's place while its code loads, so sections below it do not jump. */
function FormPlaceholder({ label, className }: { label: string; className: string }) {
  return (
    <div role="status" className={className}>
      <span className="sr-only">{label}</span>
    </div>
  );
}

/** The product's sections, in its order; composed here so features never import each other. */
export function HomePage() {
  useHashScroll();
  return (
    <>
      <HeroSection />
      <MissionSection />
      <HomeSection id={NEWS_SECTION_ID} texts={newsTexts.section}>
        <NewsCarousel />
      </HomeSection>
      <HomeSection id={EVENTS_SECTION_ID} surface="cream" texts={eventsSectionTexts.section}>
        <EventsCarousel />
      </HomeSection>
      <HomeSection
        id={CONTRIBUTION_SECTION_ID}
        surface="navy"
        texts={homeTexts.contribution}
        aliases={CONTRIBUTION_ALIASES}
      >
        <Suspense
          fallback={
            <FormPlaceholder
              label={contributionTexts.loadingForm}
              className="mx-auto min-h-[60rem] max-w-3xl rounded-xl bg-white/5 sm:min-h-[50rem]"
            />
          }
        >
          <HomeContributionForm />
        </Suspense>
      </HomeSection>
      <HomeSection id={MEMBERSHIP_SECTION_ID} texts={homeTexts.membership}>
        <Suspense
          fallback={
            <FormPlaceholder label={homeTexts.loadingMembershipForm} className="mx-auto min-h-[40rem] max-w-3xl" />
          }
        >
          <MembershipInterestForm />
        </Suspense>
      </HomeSection>
      <ContactSection />
    </>
  );
}
