import type { ReactNode } from 'react';
import { HomeSection } from '@/components/ui/home-section';
import { homeTexts } from '../home-texts';

/** The article page's 'Support Our Mission' links to /#donate. */
const CONTRIBUTION_ALIASES = ['donate'] as const;

/** The section's id: the target of its links, and where the home page anchors its form's loading. */
export const CONTRIBUTION_SECTION_ID = 'contribution';

/** Target of every Contribute link; the home page passes the contribution form as children. */
export function ContributionSection({ children }: { children?: ReactNode }) {
  return (
    <HomeSection
      id={CONTRIBUTION_SECTION_ID}
      headingId="contribution-heading"
      surface="navy"
      title={homeTexts.contributionTitle}
      eyebrow={homeTexts.contributionEyebrow}
      intro={homeTexts.contributionIntro}
      aliases={CONTRIBUTION_ALIASES}
    >
      {children}
    </HomeSection>
  );
}
