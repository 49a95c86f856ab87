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

type HomeSectionProps = {
  /** The section's anchor (`/#news`); omit for sections no link targets. */
  id?: string;
  headingId: string;
  title: string;
  eyebrow: string;
  intro: string;
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
  headingId,
  title,
  eyebrow,
  intro,
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
        <SectionHeading id={headingId} title={title} eyebrow={eyebrow} tone={dark ? 'dark' : 'light'}>
          <p>{intro}</p>
        </SectionHeading>
        {children ? <div className="mt-12">{children}</div> : null}
      </div>
    </section>
  );
}
