import type { ComponentProps, ReactNode } from 'react';
import { cn } from '@/lib/cn';

const rule = (place: string, width: string) => `${place} block h-1 ${width} rounded-full bg-gold-400`;

/** The looks of a public page's h2 and the gold rule under it. */
const variants = {
  /** A details or summary card. */
  card: { heading: 'font-display text-2xl font-bold text-navy-900', rule: rule('mt-3', 'w-12') },
  /** A call to action on navy inside an article. */
  cta: { heading: 'font-display text-2xl font-bold sm:text-3xl', rule: rule('mt-3', 'w-16') },
  /** A page section of its own. */
  section: { heading: 'font-display text-3xl font-bold text-navy-900 sm:text-4xl', rule: rule('mt-4', 'w-16') },
  /** A centred band on navy. */
  band: { heading: 'font-display text-3xl font-bold sm:text-4xl', rule: rule('mx-auto mt-4', 'w-16') },
  /** Under an eyebrow line, on a light or a dark surface (SectionHeading). */
  eyebrowedLight: {
    heading: 'mt-2 font-display text-3xl font-bold sm:text-4xl text-navy-900',
    rule: rule('mt-4', 'w-16'),
  },
  eyebrowedDark: { heading: 'mt-2 font-display text-3xl font-bold sm:text-4xl text-white', rule: rule('mt-4', 'w-16') },
} as const;

/** An h2 over a short gold rule: how a card, band or section of a public page opens. */
export function RuledHeading({
  id,
  variant,
  children,
}: {
  id: string;
  variant: keyof typeof variants;
  children: ReactNode;
}) {
  const look = variants[variant];
  return (
    <>
      <h2 id={id} className={look.heading}>
        {children}
      </h2>
      <span aria-hidden="true" className={look.rule} />
    </>
  );
}

type RuledSectionProps = Omit<ComponentProps<'section'>, 'aria-labelledby' | 'title'> & {
  headingId: string;
  variant: keyof typeof variants;
  title: ReactNode;
};

/** A section that opens with a RuledHeading, which names it (aria-labelledby). */
export function RuledSection({ headingId, variant, title, children, ...section }: RuledSectionProps) {
  return (
    <section aria-labelledby={headingId} {...section}>
      <RuledHeading id={headingId} variant={variant}>
        {title}
      </RuledHeading>
      {children}
    </section>
  );
}

/** A details or summary card of a public page: a white box that opens with a card's RuledHeading. */
export function RuledCard({ className, ...section }: Omit<RuledSectionProps, 'variant'>) {
  return (
    <RuledSection
      variant="card"
      className={cn('rounded-xl border border-slate-200 bg-white p-6 shadow-sm', className)}
      {...section}
    />
  );
}
