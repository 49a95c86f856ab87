import { Suspense } from 'react';
import { CardPlaceholders } from '@/components/ui/card-placeholder';
import { StatusMessage } from '@/components/ui/status-message';
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
  // A card's text at 1280 px: date, two lines of title, three of excerpt, Read More.
  const placeholders = (
    <CardPlaceholders
      count={3}
      label={newsTexts.loading}
      bodyClassName="min-h-[16.5rem]"
      controls={news.data === undefined || news.data.length > 1}
      gridClassName="md:grid-cols-2 lg:grid-cols-3"
      itemClassNames={['', 'hidden md:block', 'hidden lg:block']}
    />
  );

  if (news.isPending) return placeholders;
  if (news.isError) return <StatusMessage tone="error">{newsTexts.loadError}</StatusMessage>;
  if (news.data.length === 0) return <StatusMessage tone="info">{newsTexts.empty}</StatusMessage>;

  return (
    <Suspense fallback={placeholders}>
      <NewsSlides articles={news.data} />
    </Suspense>
  );
}
