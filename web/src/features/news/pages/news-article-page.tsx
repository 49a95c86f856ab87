import { type NewsArticle, Slug } from '@pillars/shared/contracts';
import {
  ArrowLeft,
  CalendarDays,
  CircleAlert,
  Clock,
  FileQuestionMark,
  HandHeart,
  House,
  RotateCcw,
  UserPlus,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams } from 'wouter';
import { ShareButtons } from '@/components/share/share-buttons';
import { buttonClasses } from '@/components/ui/button-styles';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { formatLongDate } from '@/lib/format-date';
import { type DocumentMeta, useDocumentMeta } from '@/lib/use-document-meta';
import { isNotFoundError, useNewsArticle } from '../api/get-news-article';
import { readTimeMinutes } from '../lib/read-time';
import { splitParagraphs } from '../lib/split-paragraphs';
import { newsTexts } from '../news-texts';

const pulse = 'animate-pulse rounded bg-slate-200 motion-reduce:animate-none';

/** Shaped like the article, so nothing jumps when it arrives; announced once as a status. */
function ArticleSkeleton() {
  return (
    <div aria-busy="true">
      <p role="status" className="sr-only">
        {newsTexts.articleLoading}
      </p>
      <div aria-hidden="true" data-testid="article-skeleton">
        <div className="bg-navy-900">
          <div className="mx-auto max-w-4xl space-y-4 px-4 pt-14 pb-32 sm:px-6 sm:pt-20 lg:px-8">
            <div className="h-4 w-28 animate-pulse rounded bg-white/20 motion-reduce:animate-none" />
            <div className="h-10 w-4/5 animate-pulse rounded bg-white/20 motion-reduce:animate-none" />
            <div className="h-5 w-1/2 animate-pulse rounded bg-white/20 motion-reduce:animate-none" />
          </div>
        </div>
        <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
          <div className={`-mt-24 aspect-video w-full rounded-lg ${pulse}`} />
        </div>
        <div className="mx-auto max-w-3xl space-y-4 px-4 py-12 sm:px-6 lg:px-8">
          <div className={`h-5 w-full ${pulse}`} />
          <div className={`h-5 w-11/12 ${pulse}`} />
          <div className={`h-5 w-4/5 ${pulse}`} />
          <div className={`h-5 w-full ${pulse}`} />
          <div className={`h-5 w-2/3 ${pulse}`} />
        </div>
      </div>
    </div>
  );
}

/** The page-level message shown instead of an article (not found, or could not be loaded). */
function ArticleMessage({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center sm:px-6">
      {icon}
      <h1 className="mt-6 font-display text-3xl font-bold text-navy-900 sm:text-4xl">{title}</h1>
      {children}
    </div>
  );
}

function BackHomeLink() {
  return (
    <Link href="/" className={buttonClasses('secondary')}>
      <House aria-hidden="true" className="size-5" />
      {newsTexts.backToHome}
    </Link>
  );
}

/** The hero picture: its box is reserved before it loads, and a missing file shows the placeholder. */
function ArticleImage({ src, alt }: { src: string; alt: string }) {
  return (
    <ResponsiveImage
      src={src}
      alt={alt}
      width={1280}
      height={720}
      // The article column is 56rem wide at most.
      sizes="(min-width: 56rem) 56rem, 100vw"
      fetchPriority="high"
      className="-mt-24 aspect-video w-full rounded-lg bg-navy-100 object-cover shadow-lg"
    />
  );
}

function ArticleView({ article }: { article: NewsArticle }) {
  const paragraphs = splitParagraphs(article.content);
  return (
    <article aria-labelledby="article-title">
      <header data-surface="dark" className="hero-backdrop bg-navy-900 text-white">
        <div className="mx-auto max-w-4xl px-4 pt-14 pb-32 sm:px-6 sm:pt-20 lg:px-8">
          <p className="text-sm font-semibold tracking-widest text-gold-300 uppercase">{newsTexts.articleEyebrow}</p>
          <h1
            id="article-title"
            className="mt-3 font-display text-3xl leading-tight font-bold break-words sm:text-4xl lg:text-5xl"
          >
            {article.title}
          </h1>
          <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2 text-white/90">
            <span className="inline-flex items-center gap-2">
              <CalendarDays aria-hidden="true" className="size-5 text-gold-400" />
              <time dateTime={article.publishedAt}>{formatLongDate(article.publishedAt)}</time>
            </span>
            <span className="inline-flex items-center gap-2">
              <Clock aria-hidden="true" className="size-5 text-gold-400" />
              {newsTexts.readTime(readTimeMinutes(article.content))}
            </span>
          </p>
        </div>
      </header>

      <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
        <ArticleImage src={article.imageUrl} alt={article.title} />
      </div>

      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6 lg:px-8">
        <div data-testid="article-body" className="space-y-6 text-lg leading-relaxed break-words text-slate-800">
          {paragraphs.map((paragraph, index) => (
            <p key={index}>{paragraph}</p>
          ))}
        </div>

        <ShareButtons
          title={article.title}
          label={newsTexts.shareArticle}
          className="mt-12 border-t border-slate-200 pt-8"
        />

        <section
          aria-labelledby="article-cta-heading"
          data-surface="dark"
          className="mt-12 rounded-lg bg-navy-900 p-6 text-white shadow-sm sm:p-8"
        >
          <h2 id="article-cta-heading" className="font-display text-2xl font-bold sm:text-3xl">
            {newsTexts.ctaTitle}
          </h2>
          <span aria-hidden="true" className="mt-3 block h-1 w-16 rounded-full bg-gold-400" />
          <p className="mt-4 text-white/90">{newsTexts.ctaBody}</p>
          <div className="mt-6 flex flex-col gap-4 sm:flex-row">
            <Link href="/#membership" className={buttonClasses('primary')}>
              <UserPlus aria-hidden="true" className="size-5" />
              {newsTexts.becomeMember}
            </Link>
            <Link href="/#donate" className={buttonClasses('outline-light')}>
              <HandHeart aria-hidden="true" className="size-5" />
              {newsTexts.supportMission}
            </Link>
          </div>
        </section>

        <Link
          href="/#news"
          className="mt-10 inline-flex min-h-11 items-center gap-2 rounded-sm font-semibold text-crimson-700 hover:text-crimson-800 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
          {newsTexts.backToNews}
        </Link>
      </div>
    </article>
  );
}

/** /news/{slug}: skeleton, then the article, 'Article Not Found', or a load error. */
export function NewsArticlePage() {
  const slug = useParams().slug ?? '';
  // The API answers 404 for a malformed slug anyway; asking would only build an odd request path.
  const validSlug = Slug.safeParse(slug).success;
  const query = useNewsArticle(slug, { enabled: validSlug });
  const notFound = !validSlug || (query.isError && isNotFoundError(query.error));
  const article = query.data;

  let meta: DocumentMeta | null = null;
  if (notFound) meta = { title: newsTexts.articleNotFoundTitle };
  else if (article) {
    meta = { title: article.title, description: article.excerpt, image: article.imageUrl, type: 'article' };
  } else if (query.isError) meta = { title: newsTexts.articleLoadErrorTitle };
  useDocumentMeta(meta);

  if (notFound) {
    return (
      <ArticleMessage
        icon={<FileQuestionMark aria-hidden="true" className="size-14 text-crimson-600" />}
        title={newsTexts.articleNotFoundTitle}
      >
        <p className="mt-4 text-lg text-slate-700">{newsTexts.articleNotFound}</p>
        <div className="mt-8">
          <BackHomeLink />
        </div>
      </ArticleMessage>
    );
  }

  if (article) return <ArticleView article={article} />;

  if (query.isError) {
    return (
      <ArticleMessage
        icon={<CircleAlert aria-hidden="true" className="size-14 text-crimson-600" />}
        title={newsTexts.articleLoadErrorTitle}
      >
        <p role="alert" className="mt-4 text-lg text-slate-700">
          {newsTexts.articleLoadError}
        </p>
        <div className="mt-8 flex flex-col gap-4 sm:flex-row">
          <button
            type="button"
            onClick={() => void query.refetch()}
            disabled={query.isFetching}
            className={buttonClasses('primary')}
          >
            <RotateCcw aria-hidden="true" className="size-5" />
            {newsTexts.tryAgain}
          </button>
          <BackHomeLink />
        </div>
      </ArticleMessage>
    );
  }

  return <ArticleSkeleton />;
}
