import { type ManageOverview, type ManagedPlan, recordStateLabel } from '@pillars/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { FileText, LogOut } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { StatusMessage } from '@/components/ui/status-message';
import { buttonClasses } from '@/components/ui/button-styles';
import { formatChargeDate, formatEventDateTime } from '@/lib/format-date';
import { givingStatementPath } from '@/lib/paths';
import { MANAGE_OVERVIEW_KEY, useManageSignOut } from '../api/manage-api';
import { formatMoney } from '../lib/money';
import { manageTexts as texts } from '../manage-texts';
import { CancelPlanDialog } from './cancel-plan-dialog';
import { IconLink } from '@/components/ui/icon-link';

const day = (iso: string) => formatChargeDate(iso) ?? iso;

/** An amount, and what was given back of it when anything was (the ledger's figure). */
function Amount({ cents, refundedCents, suffix }: { cents: number; refundedCents?: number; suffix?: string }) {
  return (
    <>
      {formatMoney(cents)}
      {suffix ? ` ${suffix}` : ''}
      {refundedCents ? (
        <span className="block text-sm text-slate-700">{texts.refunded(formatMoney(refundedCents))}</span>
      ) : null}
    </>
  );
}

const cell = 'px-3 py-3 align-top';
const headCell = 'px-3 py-2 text-left text-sm font-semibold text-navy-900';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <h2 id={id} className="font-display text-2xl font-bold text-navy-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

/**
 * A table whose caption names it for screen readers. On a phone each row is a card of labelled
 * values (`stacked-table` in styles.css; each cell names its column in `data-label`), so every
 * value and the cancel button are in view without scrolling sideways.
 */
function Table({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="stacked-table w-full border-collapse text-navy-900 sm:min-w-[36rem]">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-navy-50">
          <tr>
            {head.map((label) => (
              <th key={label} scope="col" className={headCell}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">{children}</tbody>
      </table>
    </div>
  );
}

/** A value cell; on a phone it shows its column's name (`label`) beside the value. */
function Cell({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <td className={className ? `${cell} ${className}` : cell} data-label={label}>
      {children}
    </td>
  );
}

type RecordSectionProps<T> = {
  id: string;
  /** The section's heading, also the table's caption. */
  title: string;
  /** Said instead of the table when there are no rows. */
  empty: string;
  head: string[];
  rows: T[];
  /** The cells of one row. */
  children: (row: T) => ReactNode;
};

/** A section listing the address's records of one kind, or saying there are none. */
function RecordSection<T extends { id: string }>({ id, title, empty, head, rows, children }: RecordSectionProps<T>) {
  return (
    <Section id={id} title={title}>
      {rows.length === 0 ? (
        <StatusMessage tone="info">{empty}</StatusMessage>
      ) : (
        <Table caption={title} head={head}>
          {rows.map((row) => (
            <tr key={row.id}>{children(row)}</tr>
          ))}
        </Table>
      )}
    </Section>
  );
}

type PlanCellsProps = {
  /** A gift or membership, and its monthly plan when it has one. */
  record: { plan: ManagedPlan | null; status: string; amountCents: number };
  what: 'gift' | 'membership';
  /** The plan the donor just cancelled: its state gets focus and an announcement. */
  justCancelled: string | null;
  onCancelled: (paymentId: string) => void;
};

/** The heads of the columns PlanCells fills. */
const planHead = [texts.columns.status, texts.columns.nextCharge, texts.columns.actions];

/** Status, next charge and the cancel button of a record that may have a monthly plan. */
function PlanCells({ record, what, justCancelled, onCancelled }: PlanCellsProps) {
  const { plan, status, amountCents } = record;
  const noteRef = useRef<HTMLParagraphElement>(null);
  const isJustCancelled = plan !== null && plan.paymentId === justCancelled;
  useEffect(() => {
    if (isJustCancelled) noteRef.current?.focus();
  }, [isJustCancelled]);
  return (
    <>
      <Cell label={texts.columns.status}>
        {/* One box: on a phone the cell is a label beside its value, the note part of the value. */}
        <div>
          {plan ? texts.plan[plan.state] : recordStateLabel(status)}
          {isJustCancelled ? (
            <p ref={noteRef} tabIndex={-1} role="status" className="mt-1 text-sm text-slate-700">
              {texts.cancelRequestedNote}
            </p>
          ) : null}
        </div>
      </Cell>
      <Cell label={texts.columns.nextCharge}>
        {plan?.nextChargeDate ? (formatChargeDate(plan.nextChargeDate) ?? '—') : '—'}
      </Cell>
      <Cell label={texts.columns.actions}>
        {plan?.cancellable ? (
          <CancelPlanDialog
            paymentId={plan.paymentId}
            what={what}
            amountCents={amountCents}
            onCancelled={() => onCancelled(plan.paymentId)}
          />
        ) : null}
      </Cell>
    </>
  );
}

/**
 * The signed-in "Manage your giving" page: the address's contributions, memberships, event
 * registrations and receipts, a cancel button for each running monthly plan, and the years that
 * have a giving statement.
 */
export function ManageDashboard({ overview, onSignedOut }: { overview: ManageOverview; onSignedOut: () => void }) {
  const queryClient = useQueryClient();
  const signOut = useManageSignOut();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [justCancelled, setJustCancelled] = useState<string | null>(null);

  // The dashboard replaces the link or the form: keyboard and screen reader users start at its heading.
  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  const cancelled = (paymentId: string) => {
    setJustCancelled(paymentId);
    void queryClient.invalidateQueries({ queryKey: MANAGE_OVERVIEW_KEY });
  };

  return (
    <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1
            ref={headingRef}
            tabIndex={-1}
            className="font-display text-3xl font-bold text-navy-900 focus:outline-none sm:text-4xl"
          >
            {texts.dashboardTitle}
          </h1>
          <p className="mt-2 text-slate-700">{texts.signedInAs(overview.email)}</p>
        </div>
        <button
          type="button"
          onClick={() => signOut.mutate(undefined, { onSuccess: onSignedOut })}
          aria-disabled={signOut.isPending}
          className={buttonClasses('secondary')}
        >
          <LogOut aria-hidden="true" className="size-5" />
          {texts.signOut}
        </button>
      </div>

      <RecordSection
        id="manage-contributions"
        title={texts.contributionsHeading}
        empty={texts.noContributions}
        head={[texts.columns.date, texts.columns.description, texts.columns.amount, ...planHead]}
        rows={overview.contributions}
      >
        {(gift) => (
          <>
            <Cell label={texts.columns.date}>{day(gift.createdAt)}</Cell>
            <Cell label={texts.columns.description}>{gift.isRecurring ? texts.monthly : texts.oneTime}</Cell>
            <Cell label={texts.columns.amount}>
              <Amount cents={gift.amountCents} refundedCents={gift.refundedCents} />
            </Cell>
            <PlanCells record={gift} what="gift" justCancelled={justCancelled} onCancelled={cancelled} />
          </>
        )}
      </RecordSection>

      <RecordSection
        id="manage-memberships"
        title={texts.membershipsHeading}
        empty={texts.noMemberships}
        head={[texts.columns.date, texts.columns.amount, ...planHead]}
        rows={overview.memberships}
      >
        {(membership) => (
          <>
            <Cell label={texts.columns.date}>{day(membership.createdAt)}</Cell>
            <Cell label={texts.columns.amount}>
              <Amount cents={membership.amountCents} refundedCents={membership.refundedCents} suffix={texts.perMonth} />
            </Cell>
            <PlanCells record={membership} what="membership" justCancelled={justCancelled} onCancelled={cancelled} />
          </>
        )}
      </RecordSection>

      <RecordSection
        id="manage-registrations"
        title={texts.registrationsHeading}
        empty={texts.noRegistrations}
        head={[texts.columns.event, texts.columns.eventDate, texts.columns.amount, texts.columns.status]}
        rows={overview.registrations}
      >
        {(registration) => (
          <>
            <Cell label={texts.columns.event}>{registration.eventTitle}</Cell>
            <Cell label={texts.columns.eventDate}>{formatEventDateTime(registration.eventStartDate)}</Cell>
            <Cell label={texts.columns.amount}>
              {registration.amountCents ? (
                <Amount cents={registration.amountCents} refundedCents={registration.refundedCents} />
              ) : (
                texts.free
              )}
            </Cell>
            <Cell label={texts.columns.status}>{recordStateLabel(registration.status)}</Cell>
          </>
        )}
      </RecordSection>

      <RecordSection
        id="manage-receipts"
        title={texts.receiptsHeading}
        empty={texts.noReceipts}
        head={[texts.columns.date, texts.columns.receiptNumber, texts.columns.description, texts.columns.amount]}
        rows={overview.receipts}
      >
        {(receipt) => {
          const what = receipt.kind ? texts.kinds[receipt.kind] : texts.payment;
          return (
            <>
              <Cell label={texts.columns.date}>{day(receipt.date)}</Cell>
              <Cell label={texts.columns.receiptNumber} className="font-mono text-sm">
                {receipt.receiptNumber}
              </Cell>
              <Cell label={texts.columns.description}>{receipt.refund ? `${texts.refund}: ${what}` : what}</Cell>
              <Cell label={texts.columns.amount}>{formatMoney(receipt.amountCents)}</Cell>
            </>
          );
        }}
      </RecordSection>

      {overview.statementYears.length > 0 ? (
        <Section id="manage-statements" title={texts.statementsHeading}>
          <p className="text-slate-700">{texts.statementsIntro}</p>
          <ul className="mt-3 flex flex-wrap gap-3">
            {overview.statementYears.map((year) => (
              <li key={year}>
                <IconLink href={givingStatementPath(year)} icon={FileText} className={buttonClasses('secondary')}>
                  {texts.statementFor(year)}
                </IconLink>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}
