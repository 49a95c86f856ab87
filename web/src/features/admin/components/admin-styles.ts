import { cn } from '@/lib/cn';

const base =
  'inline-flex min-h-11 items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60';

/** A secondary action on a light surface: navy outline (contrast 15:1 on white). */
export function outlineButton(className?: string): string {
  return cn(base, 'border-2 border-navy-900 bg-white text-navy-900 hover:bg-navy-50', className);
}

/** A small button inside a table row or card, still 44 px tall for touch (WCAG 2.5.8). */
export function smallButton(tone: 'primary' | 'danger' | 'outline', className?: string): string {
  const tones = {
    primary: 'bg-navy-900 text-white hover:bg-navy-800',
    danger: 'bg-crimson-600 text-white hover:bg-crimson-700',
    outline: 'border border-slate-300 bg-white text-navy-900 hover:bg-navy-50',
  };
  return cn(base, 'min-h-11 px-3 py-1.5', tones[tone], className);
}

/** Inline links on white: crimson-700 has 7:1 contrast. */
export const linkClasses =
  'rounded-sm font-semibold text-crimson-700 underline decoration-1 underline-offset-2 hover:text-crimson-800';

/** A white card on the cream page. */
export const cardClasses = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6';

const fieldBase =
  'mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white py-2 pr-3 text-base text-navy-900 placeholder:text-slate-500';

/**
 * The admin's inputs: like the shared text field, inner padding on both sides, with a darker
 * placeholder (slate-500, 4.8:1 on white) since the placeholders there carry hints.
 */
export const fieldClasses = `${fieldBase} pl-3`;

/** An input with an icon inside at its start (the search field): its text starts after the icon. */
export const iconFieldClasses = `${fieldBase} pl-10`;
