import { cn } from '@/lib/cn';

export type CardPlaceholdersProps = {
  /** How many placeholders exist in the DOM. */
  count: number;
  /** Announced to assistive technology while loading. */
  label: string;
  /** Per-index classes, e.g. to show the second card only from md up like the carousel. */
  itemClassNames?: string[];
  gridClassName: string;
  /** The height of a real card's text, e.g. 'min-h-[16.5rem]': title, dates and excerpt. */
  bodyClassName?: string;
  /** Keeps the place of the carousel's controls row, which the slides bring with them. */
  controls?: boolean;
};

/**
 * Grey cards shaped and sized like the real ones, with the carousel's controls row, so the
 * section does not jump when the data and the slides' code arrive (nor a section link stop short).
 */
export function CardPlaceholders({
  count,
  label,
  itemClassNames = [],
  gridClassName,
  bodyClassName,
  controls = false,
}: CardPlaceholdersProps) {
  return (
    <div aria-busy="true" aria-live="polite">
      <span className="sr-only">{label}</span>
      <div className={cn('grid gap-6', gridClassName)}>
        {Array.from({ length: count }, (_, index) => (
          <div
            key={index}
            data-testid="card-placeholder"
            aria-hidden="true"
            className={cn(
              'overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm',
              itemClassNames[index],
            )}
          >
            <div className="aspect-video animate-pulse bg-slate-200 motion-reduce:animate-none" />
            <div className={cn('space-y-3 p-6', bodyClassName)}>
              <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
              <div className="h-6 w-4/5 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
              <div className="h-4 w-full animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
              <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
            </div>
          </div>
        ))}
      </div>
      {controls ? <div aria-hidden="true" className="mt-8 h-11" /> : null}
    </div>
  );
}
