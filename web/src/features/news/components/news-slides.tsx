import type { NewsListItem } from '@pillars/contracts';
import { cardSlides } from '@/components/ui/card-slides';
import { newsTexts } from '../news-texts';
import { NewsCard } from './news-card';

/**
 * The articles as carousel slides. Loaded lazily by NewsCarousel with the cards, the date
 * formatting and the carousel: none of it is needed to draw the top of the home page
 * (docs/decisions/038).
 */
export const NewsSlides = cardSlides<NewsListItem>(
  newsTexts.carouselLabel,
  'basis-full md:basis-1/2 lg:basis-1/3',
  (article) => <NewsCard article={article} />,
);
