import { HomeSection } from '@/components/ui/home-section';
import { PillarList } from '@/components/pillars/pillar-list';
import { homeTexts } from '../home-texts';

/** "The 7 Pillars of a Patriot": all seven, the same list the about page and the demo content name. */
export function MissionSection() {
  return (
    <HomeSection headingId="mission-heading" surface="cream-light" texts={homeTexts.mission}>
      <PillarList cardClassName="bg-white" />
    </HomeSection>
  );
}
