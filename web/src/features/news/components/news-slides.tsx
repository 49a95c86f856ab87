import type { NewsListItem } from '@pillars/contracts';
import { Carousel } from '@/components/ui/carousel';
import { newsTexts } from '../news-texts';
import { NewsCard } from './news-card';

/**
 * The articles as carousel slides. Loaded lazily by NewsCarousel with the cards, the date
 * formatting and the carousel: none of it is needed to draw the top of the home page
 * (docs/decisions/038).
 */
export function NewsSlides({ articles }: { articles: NewsListItem[] }) {
  return (
    <Carousel
      label={newsTexts.carouselLabel}
      slideClassName="basis-full md:basis-1/2 lg:basis-1/3"
      slides={articles.map((article) => ({ key: article.id, content: <NewsCard article={article} /> }))}
    />
  );
}
