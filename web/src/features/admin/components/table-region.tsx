import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * Narrower than its table's least width (phones), the table scrolls inside this region: named by
 * the table's caption and focusable, so the keyboard scrolls it too; positioned, so a visually
 * hidden caption stays inside it (docs/decisions/032).
 */
export function TableRegion({
  captionId,
  className,
  children,
}: {
  captionId: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-labelledby={captionId} tabIndex={0} className={cn('relative overflow-x-auto', className)}>
      {children}
    </div>
  );
}
