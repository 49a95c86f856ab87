import type { ReactNode } from 'react';
import { HomeSection } from '@/components/ui/home-section';
import { homeTexts } from '../home-texts';

/** The section's id: the target of its links, and where the home page anchors its form's loading. */
export const MEMBERSHIP_SECTION_ID = 'membership';

/** Anchor of /#membership links (article and About pages); the home page passes the interest form. */
export function MembershipSection({ children }: { children?: ReactNode }) {
  return (
    <HomeSection
      id={MEMBERSHIP_SECTION_ID}
      headingId="membership-heading"
      title={homeTexts.membershipTitle}
      eyebrow={homeTexts.membershipEyebrow}
      intro={homeTexts.membershipIntro}
    >
      {children}
    </HomeSection>
  );
}
