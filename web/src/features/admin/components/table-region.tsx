import { MoveHorizontal } from 'lucide-react';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { cn } from '@/lib/cn';
import { adminTexts } from '../admin-texts';

/** Whether the element's content is wider than its box, followed as either is resized. */
function useScrollsSideways(ref: React.RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const measure = () => setScrolls(element.scrollWidth > element.clientWidth + 1);
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    measure();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

/**
 * Narrower than its table's least width (phones), the table scrolls inside this region: named by
 * the table's caption and focusable, so the keyboard scrolls it too; positioned, so a visually
 * hidden caption stays inside it (docs/decisions/032). While it scrolls, a line above it says so,
 * since a cut-off column is not otherwise a visible sign that there is more.
 */
export function TableRegion({
  captionId,
  className,
  busy,
  children,
}: {
  captionId: string;
  className?: string;
  /** Rows are being replaced: announced to assistive technology, shown faded. */
  busy?: boolean;
  children: ReactNode;
}) {
  const hintId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const scrolls = useScrollsSideways(ref);
  return (
    <div className="min-w-0">
      {scrolls ? (
        <p id={hintId} className="mb-2 flex items-center gap-2 text-sm text-slate-700">
          <MoveHorizontal aria-hidden="true" className="size-4 shrink-0" />
          {adminTexts.tableScrollHint}
        </p>
      ) : null}
      <div
        ref={ref}
        role="region"
        aria-labelledby={captionId}
        aria-describedby={scrolls ? hintId : undefined}
        aria-busy={busy}
        tabIndex={0}
        className={cn('relative overflow-x-auto', busy && 'opacity-70', className)}
      >
        {children}
      </div>
    </div>
  );
}
