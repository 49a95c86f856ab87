import { CalendarDays, Clock } from 'lucide-react';
import type { ReactNode } from 'react';

const tones = {
  /** Under a card's image: small, slate, crimson icons. */
  card: {
    line: 'flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600',
    item: 'inline-flex items-center gap-1.5',
    icon: 'size-4 text-crimson-600',
  },
  /** Under the article page's title, on navy: larger, gold icons. */
  hero: {
    line: 'mt-6 flex flex-wrap gap-x-6 gap-y-2 text-white/90',
    item: 'inline-flex items-center gap-2',
    icon: 'size-5 text-gold-400',
  },
} as const;

type PublishedLineProps = {
  tone: keyof typeof tones;
  /** The article's publication instant (ISO), for the machine-readable <time>. */
  publishedAt: string;
  /** The publication date as the reader sees it. */
  date: string;
  /** Beside the clock: the time of day (card) or the read time (article). */
  clock: ReactNode;
};

/** An article's calendar date and clock line. */
export function PublishedLine({ tone, publishedAt, date, clock }: PublishedLineProps) {
  const style = tones[tone];
  return (
    <p className={style.line}>
      <span className={style.item}>
        <CalendarDays aria-hidden="true" className={style.icon} />
        <time dateTime={publishedAt}>{date}</time>
      </span>
      <span className={style.item}>
        <Clock aria-hidden="true" className={style.icon} />
        {clock}
      </span>
    </p>
  );
}
