import { sectionCarousel } from '@/components/ui/section-carousel';
import { useNews } from '../api/get-news';
import { newsTexts } from '../news-texts';

/** The home page section the carousel sits in. */
export const NEWS_SECTION_ID = 'news';

/** Product rule: 1 card per view on small screens, 2 on medium, 3 on large. */
export const NewsCarousel = sectionCarousel({
  sectionId: NEWS_SECTION_ID,
  useItems: useNews,
  texts: newsTexts,
  // A card's text at 1280 px: date, two lines of title, three of excerpt, Read More.
  placeholders: {
    count: 3,
    bodyClassName: 'min-h-[16.5rem]',
    gridClassName: 'md:grid-cols-2 lg:grid-cols-3',
    itemClassNames: ['', 'hidden md:block', 'hidden lg:block'],
  },
  loadSlides: () => import('./news-slides').then((m) => m.NewsSlides),
});
