import { type ReactNode, useId } from 'react';
import { cn } from '@/lib/cn';
import { cardClasses } from './admin-styles';
import { TableRegion } from './table-region';

/** A column heading, with its own classes (e.g. right-aligned figures). */
export type CardTableColumn = { heading: string; className?: string };

/**
 * An admin data table on a white card: named by its caption (hidden unless `captionClassName`
 * shows it), headed by its columns, its rows given as children. Narrower than `tableClassName`'s
 * least width, it scrolls inside its region (TableRegion).
 */
export function CardTable({
  caption,
  captionClassName = 'sr-only',
  tableClassName,
  columns,
  colgroup,
  children,
}: {
  caption: string;
  captionClassName?: string;
  tableClassName: string;
  columns: readonly CardTableColumn[];
  colgroup?: ReactNode;
  children: ReactNode;
}) {
  const captionId = useId();
  return (
    <TableRegion captionId={captionId} className={`${cardClasses} p-0 sm:p-0`}>
      <table className={cn('w-full text-left text-sm text-navy-900', tableClassName)}>
        <caption id={captionId} className={captionClassName}>
          {caption}
        </caption>
        {colgroup}
        <thead className="bg-navy-50 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th key={column.heading} scope="col" className={cn('px-3 py-2', column.className)}>
                {column.heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </TableRegion>
  );
}
