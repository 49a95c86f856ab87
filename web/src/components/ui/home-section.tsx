import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { SectionHeading } from './section-heading';

type Surface = 'white' | 'cream' | 'cream-light' | 'navy';

const surfaceClasses: Record<Surface, string> = {
  white: 'bg-white',
  cream: 'bg-cream-100',
  'cream-light': 'bg-cream-50',
  navy: 'bg-navy-900 text-white',
};

/** The heading texts of a section: a small eyebrow line, the h2 and its intro. */
export type SectionTexts = { eyebrow: string; title: string; intro: string };

type HomeSectionProps = {
  /** The section's anchor (`/#news`); omit for sections no link targets. */
  id?: string;
  /** The h2's id, which labels the section; `<id>-heading` when omitted. */
  headingId?: string;
  texts: SectionTexts;
  surface?: Surface;
  /** Other fragments that lead here, e.g. `donate` for the article page's /#donate link. */
  aliases?: readonly string[];
  children?: ReactNode;
};

/**
 * The shell every home page section shares: a labelled landmark, focusable when it is a link
 * target (so section links can move focus to it), offset below the sticky header.
 */
export function HomeSection({
  id,
  headingId = `${id}-heading`,
  texts,
  surface = 'white',
  aliases = [],
  children,
}: HomeSectionProps) {
  const dark = surface === 'navy';
  return (
    <section
      id={id}
      tabIndex={id ? -1 : undefined}
      aria-labelledby={headingId}
      data-surface={dark ? 'dark' : undefined}
      className={cn('scroll-mt-20 py-20', surfaceClasses[surface])}
    >
      {aliases.map((alias) => (
        <span key={alias} id={alias} tabIndex={-1} className="block scroll-mt-20" />
      ))}
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id={headingId} title={texts.title} eyebrow={texts.eyebrow} tone={dark ? 'dark' : 'light'}>
          <p>{texts.intro}</p>
        </SectionHeading>
        {children ? <div className="mt-12">{children}</div> : null}
      </div>
    </section>
  );
}
