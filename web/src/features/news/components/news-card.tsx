import type { NewsListItem } from '@pillars/contracts';
import { ArrowRight } from 'lucide-react';
import { Link } from 'wouter';
import { CardImage } from '@/components/ui/card-image';
import { useNewsTimeZone } from '@/lib/use-hydrated';
import { formatLongDate, formatTime12h } from '@/lib/format-date';
import { newsArticlePath } from '@/lib/paths';
import { newsTexts } from '../news-texts';
import { PublishedLine } from './published-line';

export function NewsCard({ article }: { article: NewsListItem }) {
  const zone = useNewsTimeZone();
  const href = newsArticlePath(article.slug);
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <CardImage src={article.imageUrl} alt={article.title} />
      <div className="flex flex-1 flex-col p-6">
        <PublishedLine
          tone="card"
          publishedAt={article.publishedAt}
          date={formatLongDate(article.publishedAt, zone)}
          clock={formatTime12h(article.publishedAt, zone)}
        />
        <h3 className="mt-3 font-display text-xl leading-snug font-bold text-navy-900">
          <Link href={href} className="rounded-sm hover:text-crimson-700 hover:underline">
            {article.title}
          </Link>
        </h3>
        {/* The spacer grows, not the excerpt: a clamped box taller than its three lines shows part of a fourth. */}
        <div className="flex-1">
          <p className="mt-3 line-clamp-3 text-slate-700">{article.excerpt}</p>
        </div>
        <Link
          href={href}
          className="mt-5 inline-flex items-center gap-1.5 self-start rounded-sm font-semibold text-crimson-700 hover:text-crimson-800 hover:underline"
        >
          {newsTexts.readMore}
          {/* Seven 'Read More' links on one page: each is named by its article for screen readers. */}
          <span className="sr-only">: {article.title}</span>
          <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
    </article>
  );
}
