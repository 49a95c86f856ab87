import type { ContributorRow } from '@pillars/contracts/admin';
import { ArrowDown, ArrowUp, ArrowUpDown, Check } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { cn } from '@/lib/cn';
import { adminTexts } from '../admin-texts';
import { type SortKey, type SortState, contributorName, isConfirmable, rowKey } from '../lib/contributors-table';
import { formatDollars, formatShortDate } from '../lib/format';
import { mayHavePayment } from '../lib/payment-detail';
import { smallButton } from './admin-styles';
import { PaymentDetailButton } from './payment-detail-dialog';
import { EmailAddress } from './email-address';
import { StatusBadge } from './status-badge';
import { TableRegion } from './table-region';

type ContributorsTableProps = {
  rows: readonly ContributorRow[];
  /** Rows of another filter or order are on their way: the ones shown are about to be replaced. */
  busy?: boolean;
  sort: SortState;
  onSort: (key: SortKey) => void;
  isSelected: (row: ContributorRow) => boolean;
  onToggleRow: (row: ContributorRow) => void;
  /** The select-all box's state over every row matching the filters, loaded or not. */
  allSelected: 'all' | 'some' | 'none';
  onToggleAll: () => void;
  onConfirm: (row: ContributorRow) => void;
  confirming: ReadonlySet<string>;
};

const COLUMN_COUNT = 11;

/** The columns between the selection box and the actions, in order; name, amount and date sort the list. */
const headerColumns: readonly { label: string; sort?: SortKey; className?: string }[] = [
  { label: adminTexts.columns.name, sort: 'name' },
  { label: adminTexts.columns.email },
  { label: adminTexts.columns.phone },
  { label: adminTexts.columns.type },
  { label: adminTexts.columns.amount, sort: 'amount', className: 'text-right' },
  { label: adminTexts.columns.status },
  { label: adminTexts.columns.transactionId },
  { label: adminTexts.columns.details },
  { label: adminTexts.columns.date, sort: 'date' },
];

function SortableHeader({
  column,
  label,
  sort,
  onSort,
  className,
}: {
  column: SortKey;
  label: string;
  sort: SortState;
  onSort: (key: SortKey) => void;
  className?: string;
}) {
  const active = sort.key === column;
  const Icon = !active ? ArrowUpDown : sort.direction === 'asc' ? ArrowUp : ArrowDown;
  return (
    <th
      scope="col"
      aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      className={cn('px-1 py-2', className)}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex min-h-11 items-center gap-1 rounded-md px-1.5 font-semibold whitespace-nowrap text-navy-900 hover:bg-navy-100"
      >
        {label}
        <Icon aria-hidden="true" className={cn('size-4', active ? 'text-navy-900' : 'text-slate-500')} />
      </button>
    </th>
  );
}

/** A checkbox whose mixed state is set through the DOM, as HTML has no attribute for it. */
function SelectAllCheckbox({
  state,
  onToggle,
}: {
  state: ContributorsTableProps['allSelected'];
  onToggle: () => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state === 'some';
  }, [state]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label={adminTexts.selectAll}
      checked={state === 'all'}
      onChange={onToggle}
      className="size-5 accent-navy-900"
    />
  );
}

/**
 * Column widths (fixed layout, so a long value wraps inside its column instead of squeezing its
 * neighbours): each fits its header and its widest usual value at 14 px with 6 px padding either
 * side; Details takes what is left.
 * Their sum plus Details' least width is the table's least width, which fits the admin page's content
 * box at 1280 px; narrower screens scroll the table inside its region (docs/decisions/032).
 */
const COLUMN_WIDTHS = [
  'w-10', // select
  'w-34', // Name: wraps at spaces; a 14-letter word ("Christopherson", 121 px semibold) fits whole
  'w-40', // Email: breaks at its @ and dots (EmailAddress)
  'w-27', // Phone: wraps at its spaces and hyphens, never inside a group of digits
  'w-26', // Type
  'w-26', // Amount
  'w-24', // Status: 'Partly refunded' wraps at its space
  'w-26', // Transaction ID: its header on two lines; the id may break anywhere
  '', // Details: 6.25rem at the table's least width (75.75rem, inside the 1280 px page): "contribution" whole
  'w-27', // Date
  'w-38', // Actions: "Payment details" at 14 px semibold
] as const;

/**
 * The contributors table. Below its least width (under about 1280 px) it scrolls sideways inside
 * its own labelled region, focusable so keyboard users can scroll it too; the page never does.
 */
export function ContributorsTable({
  rows,
  busy = false,
  sort,
  onSort,
  isSelected: isRowSelected,
  onToggleRow,
  allSelected,
  onToggleAll,
  onConfirm,
  confirming,
}: ContributorsTableProps) {
  const captionId = useId();
  const th = 'px-1.5 py-3 font-semibold text-navy-900';
  return (
    <TableRegion
      captionId={captionId}
      busy={busy}
      className="rounded-xl border border-slate-200 bg-white shadow-sm transition-opacity"
    >
      <table className="w-full min-w-[75.75rem] table-fixed border-collapse text-left text-sm">
        <caption id={captionId} className="sr-only">
          {adminTexts.tableCaption}
        </caption>
        <colgroup>
          {COLUMN_WIDTHS.map((width, index) => (
            // The columns are fixed and never reorder: their position is their identity.
            <col key={index} className={width || undefined} />
          ))}
        </colgroup>
        <thead className="border-b border-slate-200 bg-navy-50">
          <tr>
            <th scope="col" className="px-1.5 py-3">
              <SelectAllCheckbox state={allSelected} onToggle={onToggleAll} />
            </th>
            {headerColumns.map((column) =>
              column.sort ? (
                <SortableHeader
                  key={column.label}
                  column={column.sort}
                  label={column.label}
                  sort={sort}
                  onSort={onSort}
                  className={column.className}
                />
              ) : (
                <th key={column.label} scope="col" className={th}>
                  {column.label}
                </th>
              ),
            )}
            <th scope="col" className={th}>
              {adminTexts.columns.actions}
            </th>
          </tr>
        </thead>
        {/* Rows of the previous filter or order, while the new ones load: shown, but not to act on. */}
        <tbody className="divide-y divide-slate-200" inert={busy}>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={COLUMN_COUNT} className="px-4 py-10 text-center text-slate-700">
                {adminTexts.noContributors}
              </td>
            </tr>
          ) : (
            rows.map((row) => {
              const key = rowKey(row);
              const name = contributorName(row);
              const isSelected = isRowSelected(row);
              return (
                <tr key={key} className={cn('align-top', isSelected ? 'bg-cream-100' : 'hover:bg-slate-50')}>
                  <td className="px-1.5 py-3">
                    <input
                      type="checkbox"
                      aria-label={adminTexts.selectRow(name)}
                      checked={isSelected}
                      onChange={() => onToggleRow(row)}
                      className="mt-0.5 size-5 accent-navy-900"
                    />
                  </td>
                  <th scope="row" className="px-1.5 py-3 font-semibold break-words text-navy-900">
                    {name}
                  </th>
                  <td className="px-1.5 py-3 text-slate-800">
                    <EmailAddress address={row.email} />
                  </td>
                  <td className="px-1.5 py-3 break-words text-slate-800">{row.phone ?? ''}</td>
                  <td className="px-1.5 py-3 text-slate-800">{row.type}</td>
                  <td className="px-1.5 py-3 text-right text-navy-900 tabular-nums">{formatDollars(row.amount)}</td>
                  <td className="px-1.5 py-3">
                    <StatusBadge status={row.state ?? row.status} scheme="contributor" />
                  </td>
                  {/* An opaque id has no sensible break point: it breaks anywhere, but only where it must. */}
                  <td className="px-1.5 py-3 font-mono text-xs [overflow-wrap:anywhere] text-slate-800">
                    {row.payTheoryPaymentId ?? ''}
                  </td>
                  <td className="px-1.5 py-3 break-words text-slate-800">{row.details}</td>
                  <td className="px-1.5 py-3 whitespace-nowrap text-slate-800">{formatShortDate(row.createdAt)}</td>
                  <td className="px-1.5 py-3">
                    <div className="flex flex-col items-start gap-2">
                      {isConfirmable(row) ? (
                        <button
                          type="button"
                          aria-label={adminTexts.confirmRow(row.type, name)}
                          disabled={confirming.has(key)}
                          onClick={() => onConfirm(row)}
                          className={smallButton('primary')}
                        >
                          <Check aria-hidden="true" className="size-4" />
                          {adminTexts.confirm}
                        </button>
                      ) : null}
                      {mayHavePayment(row) ? <PaymentDetailButton recordId={row.id} name={name} /> : null}
                    </div>
                  </td>
                </tr>
              );
            })
          )}
        </tbody>
      </table>
    </TableRegion>
  );
}
