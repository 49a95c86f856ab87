import { HomeSection } from '@/components/ui/home-section';
import { newsTexts } from '../news-texts';
import { NEWS_SECTION_ID, NewsCarousel } from './news-carousel';

/** The home page news section; `id="news"` is the target of the News links. */
export function NewsSection() {
  return (
    <HomeSection
      id={NEWS_SECTION_ID}
      headingId="news-heading"
      title={newsTexts.sectionTitle}
      eyebrow={newsTexts.sectionEyebrow}
      intro={newsTexts.sectionIntro}
    >
      <NewsCarousel />
    </HomeSection>
  );
}
