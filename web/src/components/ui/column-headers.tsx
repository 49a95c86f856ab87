type Column = { label: string; className?: string };

type ColumnHeadersProps = {
  /** In order; each label is unique within its table. */
  columns: readonly Column[];
  /** The class of a column that names none of its own. */
  className?: string;
};

/** A run of a table's column headers, each a `th scope="col"` so screen readers name the cells under it. */
export function ColumnHeaders({ columns, className }: ColumnHeadersProps) {
  return (
    <>
      {columns.map((column) => (
        <th key={column.label} scope="col" className={column.className ?? className}>
          {column.label}
        </th>
      ))}
    </>
  );
}
