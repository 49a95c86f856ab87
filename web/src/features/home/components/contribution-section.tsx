import { HomeSection } from '@/components/ui/home-section';
import { homeTexts } from '../home-texts';

/** Target of every Contribute link; the contribution form arrives with the payments work. */
export function ContributionSection() {
  return (
    <HomeSection
      id="contribution"
      headingId="contribution-heading"
      surface="navy"
      title={homeTexts.contributionTitle}
      eyebrow={homeTexts.contributionEyebrow}
      intro={homeTexts.contributionIntro}
    />
  );
}
