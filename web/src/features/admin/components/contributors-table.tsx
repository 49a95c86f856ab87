import type { ContributorRow } from '@pillars/shared/contracts';
import { ArrowDown, ArrowUp, ArrowUpDown, Check } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { cn } from '@/lib/cn';
import { adminTexts } from '../admin-texts';
import { type SortKey, type SortState, contributorName, isConfirmable, rowKey } from '../lib/contributors-table';
import { formatDollars, formatShortDate } from '../lib/format';
import { mayHavePayment } from '../lib/payment-detail';
import { smallButton } from './admin-styles';
import { PaymentDetailButton } from './payment-detail-dialog';
import { StatusBadge } from './status-badge';

type ContributorsTableProps = {
  rows: readonly ContributorRow[];
  sort: SortState;
  onSort: (key: SortKey) => void;
  selected: ReadonlySet<string>;
  onToggleRow: (row: ContributorRow) => void;
  /** The select-all box's state over every row matching the filters, not only the rows rendered. */
  allSelected: 'all' | 'some' | 'none';
  onToggleAll: () => void;
  onConfirm: (row: ContributorRow) => void;
  confirming: ReadonlySet<string>;
};

const COLUMN_COUNT = 11;

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
      className={cn('px-2 py-2', className)}
    >
      <button
        type="button"
        onClick={() => onSort(column)}
        className="inline-flex min-h-11 items-center gap-1.5 rounded-md px-2 font-semibold text-navy-900 hover:bg-navy-100"
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
 * The contributors table. It scrolls sideways inside its own box on small screens
 * (the box is focusable so keyboard users can scroll it too); the page never does.
 */
export function ContributorsTable({
  rows,
  sort,
  onSort,
  selected,
  onToggleRow,
  allSelected,
  onToggleAll,
  onConfirm,
  confirming,
}: ContributorsTableProps) {
  const captionId = useId();
  const th = 'px-4 py-3 font-semibold text-navy-900';
  return (
    <div
      role="region"
      aria-labelledby={captionId}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm"
    >
      <table className="w-full min-w-[72rem] border-collapse text-left text-sm">
        <caption id={captionId} className="sr-only">
          {adminTexts.tableCaption}
        </caption>
        <thead className="border-b border-slate-200 bg-navy-50">
          <tr>
            <th scope="col" className="w-12 px-4 py-3">
              <SelectAllCheckbox state={allSelected} onToggle={onToggleAll} />
            </th>
            <SortableHeader column="name" label={adminTexts.columns.name} sort={sort} onSort={onSort} />
            <th scope="col" className={th}>
              {adminTexts.columns.email}
            </th>
            <th scope="col" className={th}>
              {adminTexts.columns.phone}
            </th>
            <th scope="col" className={th}>
              {adminTexts.columns.type}
            </th>
            <SortableHeader
              column="amount"
              label={adminTexts.columns.amount}
              sort={sort}
              onSort={onSort}
              className="text-right"
            />
            <th scope="col" className={th}>
              {adminTexts.columns.status}
            </th>
            <th scope="col" className={th}>
              {adminTexts.columns.transactionId}
            </th>
            <th scope="col" className={th}>
              {adminTexts.columns.details}
            </th>
            <SortableHeader column="date" label={adminTexts.columns.date} sort={sort} onSort={onSort} />
            <th scope="col" className={th}>
              {adminTexts.columns.actions}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
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
              const isSelected = selected.has(key);
              return (
                <tr key={key} className={cn('align-top', isSelected ? 'bg-cream-100' : 'hover:bg-slate-50')}>
                  <td className="px-4 py-3">
                    <input
                      type="checkbox"
                      aria-label={adminTexts.selectRow(name)}
                      checked={isSelected}
                      onChange={() => onToggleRow(row)}
                      className="mt-0.5 size-5 accent-navy-900"
                    />
                  </td>
                  <th scope="row" className="px-4 py-3 font-semibold text-navy-900">
                    {name}
                  </th>
                  <td className="px-4 py-3 break-all text-slate-800">{row.email}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-800">{row.phone ?? ''}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-800">{row.type}</td>
                  <td className="px-4 py-3 text-right whitespace-nowrap text-navy-900 tabular-nums">
                    {formatDollars(row.amount)}
                  </td>
                  <td className="px-4 py-3">
                    <StatusBadge status={row.status} scheme="contributor" />
                  </td>
                  <td className="max-w-48 px-4 py-3 font-mono text-xs break-all text-slate-800">
                    {row.payTheoryPaymentId ?? ''}
                  </td>
                  <td className="max-w-64 px-4 py-3 text-slate-800">{row.details}</td>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-800">{formatShortDate(row.createdAt)}</td>
                  <td className="px-4 py-3">
                    <div className="flex flex-wrap gap-2">
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
    </div>
  );
}
