import { cn } from '@/lib/cn';

type CardPlaceholdersProps = {
  /** How many placeholders exist in the DOM. */
  count: number;
  /** Announced to assistive technology while loading. */
  label: string;
  /** Per-index classes, e.g. to show the second card only from md up like the carousel. */
  itemClassNames?: string[];
  gridClassName: string;
};

/** Grey cards shaped like the real ones, so the section does not jump when data arrives. */
export function CardPlaceholders({ count, label, itemClassNames = [], gridClassName }: CardPlaceholdersProps) {
  return (
    <div aria-busy="true" aria-live="polite" className={cn('grid gap-6', gridClassName)}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, index) => (
        <div
          key={index}
          data-testid="card-placeholder"
          aria-hidden="true"
          className={cn('overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm', itemClassNames[index])}
        >
          <div className="aspect-video animate-pulse bg-slate-200 motion-reduce:animate-none" />
          <div className="space-y-3 p-6">
            <div className="h-4 w-1/2 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
            <div className="h-6 w-4/5 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
            <div className="h-4 w-full animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
            <div className="h-4 w-2/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none" />
          </div>
        </div>
      ))}
    </div>
  );
}
