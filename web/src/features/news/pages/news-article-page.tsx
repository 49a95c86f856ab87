import { isSlug } from '@pillars/contracts';
import { CircleAlert, FileQuestionMark, House, RotateCcw } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useLocation, useParams } from 'wouter';
import { buttonClasses } from '@/components/ui/button-styles';
import { type DocumentMeta, useDocumentMeta } from '@/lib/use-document-meta';
import { useNotFoundStatus } from '@/lib/not-found-status';
import { isNotFoundError, useNewsArticle } from '../api/get-news-article';
import { ArticleView } from '../components/article-view';
import { newsTexts } from '../news-texts';
import { IconLink } from '@/components/ui/icon-link';

const pulse = 'animate-pulse rounded bg-slate-200 motion-reduce:animate-none';

/** Shaped like the article, so nothing jumps when it arrives; announced once as a status. */
function ArticleSkeleton() {
  return (
    <div aria-busy="true" className="min-h-screen">
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
    <IconLink href="/" icon={House} className={buttonClasses('secondary')}>
      {newsTexts.backToHome}
    </IconLink>
  );
}

/** /news/{slug}: skeleton, then the article, 'Article Not Found', or a load error. */
export function NewsArticlePage() {
  const slug = useParams().slug ?? '';
  // The API answers 404 for a malformed slug anyway; asking would only build an odd request path.
  const validSlug = isSlug(slug);
  const query = useNewsArticle(slug, { enabled: validSlug });
  const notFound = !validSlug || (query.isError && isNotFoundError(query.error));
  useNotFoundStatus(notFound);
  const article = query.data;
  const [, navigate] = useLocation();
  // A former address: the API redirected to the article, and the browser moves to its current one
  // (docs/decisions/024).
  const movedTo = article && article.slug !== slug ? article.slug : null;
  useEffect(() => {
    if (movedTo) navigate(`/news/${movedTo}`, { replace: true });
  }, [movedTo, navigate]);

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
