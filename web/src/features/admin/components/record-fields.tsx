import type { MemberDetail, RecordListColumn, RegistrationDetail } from '@pillars/contracts/admin';
import { TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { adminTexts } from '../admin-texts';
import type { RecordRow } from '../api/record-lists';
import { contributorName } from '../lib/contributors-table';
import { formatCentsAsDollars, formatDecimalDollars, formatShortDate, formatShortDateTime } from '../lib/format';
import type { DetailItem } from './details';
import { ShortId } from './details';

/** How the record lists' fields are written on a card, by their column's format (record-lists.ts). */

type Column = RecordListColumn<Record<string, unknown>>;

const valueOf = (row: RecordRow, field: string): unknown => (row as Record<string, unknown>)[field];

/** A stored value as text: a string as it is, a number or a boolean written out, anything else empty. */
const textOf = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? textOf(value) : '';

/** 'Jan 5, 2025' when the stored value is a date, else the value as stored. */
function waiverDate(value: string): string {
  return Number.isNaN(Date.parse(value)) ? value : formatShortDate(value);
}

/** The waiver state: 'Accepted' with its date and version, or 'Not Accepted' (product texts). */
function WaiverStatus({ member }: { member: MemberDetail }) {
  if (!member.waiverAccepted) {
    return <span className="font-semibold text-red-800">{adminTexts.waiverNotAccepted}</span>;
  }
  const extra = [
    member.waiverAcceptedAt ? adminTexts.waiverAcceptedOn(waiverDate(member.waiverAcceptedAt)) : null,
    member.waiverVersion ? adminTexts.waiverVersion(member.waiverVersion) : null,
  ].filter(Boolean);
  return (
    <span>
      <span className="font-semibold text-green-800">{adminTexts.waiverAccepted}</span>
      {extra.length > 0 ? ` ${extra.join(', ')}` : null}
    </span>
  );
}

/**
 * The registration's money line: only money the ledger received reads as a payment
 * (docs/decisions/052-what-a-record-says.md); a pending registration's fee is due; a fee an admin
 * acknowledged without a card payment is its fee.
 */
function paymentLine(registration: RegistrationDetail, label: string): { label: string; value: string } {
  const { paymentAmount, paidCents } = registration;
  if (paymentAmount === null) return { label, value: adminTexts.noPayment };
  if (paidCents === undefined || paidCents > 0 || paymentAmount === 0) {
    return { label, value: formatCentsAsDollars(paidCents || paymentAmount) };
  }
  return {
    label: registration.status === 'pending' ? adminTexts.paymentDue : adminTexts.fee,
    value: formatCentsAsDollars(paymentAmount),
  };
}

/** The column's value in words, or null when the row has nothing to show for it. */
export function fieldValue(column: Column, row: RecordRow): ReactNode {
  const [field] = column.fields;
  const value = valueOf(row, field);
  if (column.optional && textOf(value).trim() === '') return null;
  switch (column.format) {
    case 'name':
      return contributorName(row);
    case 'decimal-dollars':
      return formatDecimalDollars(textOf(value));
    case 'member-price':
      // A card plan's monthly price; an application without a card shows its amount, '$0.00'.
      return 'isRecurring' in row && row.isRecurring ? adminTexts.monthlyPrice : formatDecimalDollars(textOf(value));
    case 'state':
      return row.state ?? row.status;
    case 'frequency':
      return value ? adminTexts.recurring : adminTexts.oneTime;
    case 'short-date':
      return formatShortDate(textOf(value));
    case 'registered-at':
      return adminTexts.registeredAt(formatShortDateTime(textOf(value)));
    case 'short-id':
      return <ShortId id={textOf(value)} />;
    case 'waiver':
      return 'waiverAccepted' in row ? <WaiverStatus member={row} /> : null;
    case 'waiver-warning':
      return value === false ? (
        <p className="mt-3 flex items-start gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {adminTexts.waiverWarning}
        </p>
      ) : null;
    case 'tier':
      return 'selectedTierName' in row ? (row.selectedTierName ?? textOf(value)) : textOf(value);
    case 'registration-payment':
    case 'text':
      return textOf(value);
  }
}

/** The card's labelled details, in the description's order; empty optional ones left out. */
export function detailItems(columns: readonly Column[], row: RecordRow): DetailItem[] {
  return columns
    .filter((column) => column.place === 'detail')
    .map((column) => {
      const label = column.label ?? '';
      if (column.format === 'registration-payment') return 'paymentAmount' in row ? paymentLine(row, label) : null;
      const value = fieldValue(column, row);
      return value === null ? null : { label, value };
    });
}
