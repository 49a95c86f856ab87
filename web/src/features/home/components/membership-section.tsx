import type { ReactNode } from 'react';
import { HomeSection } from '@/components/ui/home-section';
import { homeTexts } from '../home-texts';

/** Anchor of /#membership links (article and About pages); the home page passes the interest form. */
export function MembershipSection({ children }: { children?: ReactNode }) {
  return (
    <HomeSection
      id="membership"
      headingId="membership-heading"
      title={homeTexts.membershipTitle}
      eyebrow={homeTexts.membershipEyebrow}
      intro={homeTexts.membershipIntro}
    >
      {children}
    </HomeSection>
  );
}
