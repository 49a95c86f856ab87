import type { ArticleDisplayState } from '@pillars/contracts/admin';
import { cn } from '@/lib/cn';
import { adminNewsTexts } from '../admin-news-texts';

/** Each pair has at least 6:1 contrast; the word itself carries the meaning (WCAG 1.4.1). */
const tones: Record<ArticleDisplayState, string> = {
  draft: 'border-slate-300 bg-slate-100 text-slate-700',
  scheduled: 'border-navy-100 bg-navy-50 text-navy-800',
  published: 'border-green-300 bg-green-100 text-green-800',
};

export function ArticleStateBadge({ state }: { state: ArticleDisplayState }) {
  return (
    <span
      data-state={state}
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap',
        tones[state],
      )}
    >
      {adminNewsTexts.states[state]}
    </span>
  );
}
