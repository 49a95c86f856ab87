import { CardPlaceholders } from '@/components/ui/card-placeholder';
import { Carousel } from '@/components/ui/carousel';
import { StatusMessage } from '@/components/ui/status-message';
import { useNews } from '../api/get-news';
import { newsTexts } from '../news-texts';
import { NewsCard } from './news-card';

/** Product rule: 1 card per view on small screens, 2 on medium, 3 on large. */
export function NewsCarousel() {
  const news = useNews();

  if (news.isPending) {
    return (
      <CardPlaceholders
        count={3}
        label={newsTexts.loading}
        gridClassName="md:grid-cols-2 lg:grid-cols-3"
        itemClassNames={['', 'hidden md:block', 'hidden lg:block']}
      />
    );
  }
  if (news.isError) return <StatusMessage tone="error">{newsTexts.loadError}</StatusMessage>;
  if (news.data.length === 0) return <StatusMessage tone="info">{newsTexts.empty}</StatusMessage>;

  return (
    <Carousel
      label={newsTexts.carouselLabel}
      slideClassName="basis-full md:basis-1/2 lg:basis-1/3"
      slides={news.data.map((article) => ({ key: article.id, content: <NewsCard article={article} /> }))}
    />
  );
}
