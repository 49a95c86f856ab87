import type { NewsArticle } from '@pillars/contracts';
import { ArrowLeft, HandHeart, UserPlus } from 'lucide-react';
import { Link } from 'wouter';
import { ShareButtons } from '@/components/share/share-buttons';
import { buttonClasses } from '@/components/ui/button-styles';
import { ResponsiveImage } from '@/components/ui/responsive-image';
import { useNewsTimeZone } from '@/lib/use-hydrated';
import { formatLongDate } from '@/lib/format-date';
import { readTimeMinutes } from '../lib/read-time';
import { splitParagraphs } from '../lib/split-paragraphs';
import { newsTexts } from '../news-texts';
import { PublishedLine } from './published-line';
import { RuledSection } from '@/components/ui/ruled-heading';
import { IconLink } from '@/components/ui/icon-link';

/** The hero picture: its box is reserved before it loads, and a missing file (or none) shows the placeholder. */
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

/**
 * An article as the public reads it. The article page and the admin editor's preview both render
 * this one component, so the preview cannot drift from the page.
 */
export function ArticleView({ article }: { article: NewsArticle }) {
  const paragraphs = splitParagraphs(article.content);
  const zone = useNewsTimeZone();
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
          <PublishedLine
            tone="hero"
            publishedAt={article.publishedAt}
            date={formatLongDate(article.publishedAt, zone)}
            clock={newsTexts.readTime(readTimeMinutes(article.content))}
          />
        </div>
      </header>

      <div className="mx-auto max-w-4xl px-4 sm:px-6 lg:px-8">
        {/* Articles written before alt texts were asked for are described by their title. */}
        <ArticleImage src={article.imageUrl} alt={article.imageAlt || article.title} />
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

        <RuledSection
          headingId="article-cta-heading"
          variant="cta"
          title={newsTexts.ctaTitle}
          data-surface="dark"
          className="mt-12 rounded-lg bg-navy-900 p-6 text-white shadow-sm sm:p-8"
        >
          <p className="mt-4 text-white/90">{newsTexts.ctaBody}</p>
          <div className="mt-6 flex flex-col gap-4 sm:flex-row">
            <IconLink href="/#membership" icon={UserPlus} className={buttonClasses('primary')}>
              {newsTexts.becomeMember}
            </IconLink>
            <IconLink href="/#donate" icon={HandHeart} className={buttonClasses('outline-light')}>
              {newsTexts.supportMission}
            </IconLink>
          </div>
        </RuledSection>

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
