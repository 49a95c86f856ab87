import { HomeSection } from '@/components/ui/home-section';
import { homeTexts } from '../home-texts';

/** Anchor of /#membership links (article and About pages); its form arrives with memberships. */
export function MembershipSection() {
  return (
    <HomeSection
      id="membership"
      headingId="membership-heading"
      title={homeTexts.membershipTitle}
      eyebrow={homeTexts.membershipEyebrow}
      intro={homeTexts.membershipIntro}
    />
  );
}
