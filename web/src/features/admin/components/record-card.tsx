import { CHECK_IN_FROM, type RecordListColumn } from '@pillars/contracts/admin';
import { Fragment, useId, useRef, useState } from 'react';
import { adminTexts } from '../admin-texts';
import type { AnyRecordList, RecordRow } from '../api/record-lists';
import { useCheckInAction } from '../hooks/use-check-in';
import { cn } from '@/lib/cn';
import { contributorName } from '../lib/contributors-table';
import { mayHavePayment } from '../lib/payment-detail';
import { cardClasses, smallButton } from './admin-styles';
import { Details, EmailLink } from './details';
import { PaymentDetailButton } from './payment-detail-dialog';
import { detailItems, fieldValue } from './record-fields';
import { StatusBadge } from './status-badge';

type Column = RecordListColumn<Record<string, unknown>>;

/**
 * 'Check in' marks a paid or confirmed registration attended. The button goes once it worked, so
 * focus moves to the registration's heading and the new status is announced.
 */
function CheckInButton({ row, name, onCheckedIn }: { row: RecordRow; name: string; onCheckedIn: () => void }) {
  const action = useCheckInAction(row.id, onCheckedIn);
  if (!CHECK_IN_FROM.includes(row.status)) return null;
  return (
    <button
      type="button"
      disabled={action.pending}
      aria-label={adminTexts.checkInLabel(name)}
      onClick={action.checkIn}
      className={smallButton('primary')}
    >
      {adminTexts.checkIn}
    </button>
  );
}

/**
 * One record as a card, drawn from its list's description: the heading, the figure or the line
 * under it, the state's badge, any notice, the labelled details, then the actions. A card inside a
 * group (an event's registrations) is a level lower and lighter.
 */
export function RecordCard({ list, row, grouped }: { list: AnyRecordList; row: RecordRow; grouped: boolean }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [checkedIn, setCheckedIn] = useState(false);
  const columns: readonly Column[] = list.columns;
  const at = (place: Column['place']) => columns.filter((column) => column.place === place);
  const name = contributorName(row);
  const Heading = grouped ? 'h3' : 'h2';
  const actions: readonly string[] = list.actions;
  const checksIn = actions.includes('check-in');
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className={grouped ? 'rounded-lg border border-slate-200 bg-cream-50 p-4' : cardClasses}
      >
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="min-w-0">
            <Heading
              id={headingId}
              ref={checksIn ? headingRef : undefined}
              tabIndex={checksIn ? -1 : undefined}
              className={cn('font-bold break-words text-navy-900', grouped ? 'text-base' : 'text-lg')}
            >
              {name}
            </Heading>
            {at('figure').map((column) => (
              <p key={column.format} className="font-display text-2xl font-bold text-navy-900">
                {fieldValue(column, row)}
              </p>
            ))}
            {at('subline').map((column) => (
              <p key={column.format} className="text-sm text-slate-700">
                {fieldValue(column, row)}
              </p>
            ))}
          </div>
          <StatusBadge status={row.state ?? row.status} scheme={list.badge} />
        </div>
        {at('notice').map((column) => (
          <Fragment key={column.format}>{fieldValue(column, row)}</Fragment>
        ))}
        <Details className={grouped ? 'mt-3' : 'mt-4'} items={detailItems(columns, row)} />
        <div className={cn('flex flex-wrap items-center gap-3', grouped ? 'mt-2' : 'mt-3')}>
          <EmailLink email={row.email} name={name} />
          {mayHavePayment(row) ? <PaymentDetailButton recordId={row.id} name={name} /> : null}
          {checksIn ? (
            <>
              <CheckInButton
                row={row}
                name={name}
                onCheckedIn={() => {
                  setCheckedIn(true);
                  headingRef.current?.focus();
                }}
              />
              <p role="status" className="text-sm font-semibold text-navy-900">
                {checkedIn ? adminTexts.checkedIn : null}
              </p>
            </>
          ) : null}
        </div>
      </article>
    </li>
  );
}

/** A list's cards, labelled for screen readers. */
export function RecordCards({
  list,
  rows,
  label,
  grouped,
}: {
  list: AnyRecordList;
  rows: readonly RecordRow[];
  label: string;
  grouped: boolean;
}) {
  return (
    <ul
      aria-label={label}
      className={grouped ? 'grid gap-3 md:grid-cols-2' : 'grid gap-4 md:grid-cols-2 xl:grid-cols-3'}
    >
      {rows.map((row) => (
        <RecordCard key={row.id} list={list} row={row} grouped={grouped} />
      ))}
    </ul>
  );
}
