import { Suspense } from 'react';
import { contributionTexts } from '@/features/donations/donations-texts';
import { EventsSection } from '@/features/events/components/events-section';
import { ContactSection } from '@/features/home/components/contact-section';
import { CONTRIBUTION_SECTION_ID, ContributionSection } from '@/features/home/components/contribution-section';
import { HeroSection } from '@/features/home/components/hero-section';
import { MEMBERSHIP_SECTION_ID, MembershipSection } from '@/features/home/components/membership-section';
import { MissionSection } from '@/features/home/components/mission-section';
import { homeTexts } from '@/features/home/home-texts';
import { NewsSection } from '@/features/news/components/news-section';
import { lazyNearViewport } from '@/lib/near-viewport';
import { useHashScroll } from '@/lib/use-hash-scroll';

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
      <NewsSection />
      <EventsSection />
      <ContributionSection>
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
      </ContributionSection>
      <MembershipSection>
        <Suspense
          fallback={
            <FormPlaceholder label={homeTexts.loadingMembershipForm} className="mx-auto min-h-[40rem] max-w-3xl" />
          }
        >
          <MembershipInterestForm />
        </Suspense>
      </MembershipSection>
      <ContactSection />
    </>
  );
}
