import { QueryCards } from '@/components/ui/query-cards';
import { lazyNearViewport } from '@/lib/near-viewport';
import { useNews } from '../api/get-news';
import { newsTexts } from '../news-texts';

/** The home page section the carousel sits in. */
export const NEWS_SECTION_ID = 'news';

// The request starts here, with the page; the slides' code loads when the section nears the
// viewport (docs/decisions/038). The server draws the slides all the same.
const NewsSlides = lazyNearViewport(NEWS_SECTION_ID, () =>
  import('./news-slides').then((m) => ({ default: m.NewsSlides })),
);

/** Product rule: 1 card per view on small screens, 2 on medium, 3 on large. */
export function NewsCarousel() {
  const news = useNews();
  return (
    <QueryCards
      query={news}
      texts={newsTexts}
      // A card's text at 1280 px: date, two lines of title, three of excerpt, Read More.
      placeholders={{
        count: 3,
        bodyClassName: 'min-h-[16.5rem]',
        gridClassName: 'md:grid-cols-2 lg:grid-cols-3',
        itemClassNames: ['', 'hidden md:block', 'hidden lg:block'],
      }}
    >
      {(items) => <NewsSlides articles={items} />}
    </QueryCards>
  );
}
