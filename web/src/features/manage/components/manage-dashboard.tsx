import { type ManageOverview, type ManagedPlan, recordStateLabel } from '@pillars/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { FileText, LogOut } from 'lucide-react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { StatusMessage } from '@/components/ui/status-message';
import { buttonClasses } from '@/components/ui/button-styles';
import { formatChargeDate, formatEventDateTime } from '@/lib/format-date';
import { givingStatementPath } from '@/lib/paths';
import { MANAGE_OVERVIEW_KEY, useManageSignOut } from '../api/manage-api';
import { formatMoney } from '../lib/money';
import { manageTexts as texts } from '../manage-texts';
import { CancelPlanDialog } from './cancel-plan-dialog';

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

type PlanCellsProps = {
  plan: ManagedPlan | null;
  status: string;
  what: 'gift' | 'membership';
  amountCents: number;
  /** The plan the donor just cancelled: its state gets focus and an announcement. */
  justCancelled: string | null;
  onCancelled: (paymentId: string) => void;
};

/** Status, next charge and the cancel button of a record that may have a monthly plan. */
function PlanCells({ plan, status, what, amountCents, justCancelled, onCancelled }: PlanCellsProps) {
  const noteRef = useRef<HTMLParagraphElement>(null);
  const isJustCancelled = plan !== null && plan.paymentId === justCancelled;
  useEffect(() => {
    if (isJustCancelled) noteRef.current?.focus();
  }, [isJustCancelled]);
  return (
    <>
      <td className={cell} data-label={texts.columns.status}>
        {/* One box: on a phone the cell is a label beside its value, the note part of the value. */}
        <div>
          {plan ? texts.plan[plan.state] : recordStateLabel(status)}
          {isJustCancelled ? (
            <p ref={noteRef} tabIndex={-1} role="status" className="mt-1 text-sm text-slate-700">
              {texts.cancelRequestedNote}
            </p>
          ) : null}
        </div>
      </td>
      <td className={cell} data-label={texts.columns.nextCharge}>
        {plan?.nextChargeDate ? (formatChargeDate(plan.nextChargeDate) ?? '—') : '—'}
      </td>
      <td className={cell} data-label={texts.columns.actions}>
        {plan?.cancellable ? (
          <CancelPlanDialog
            paymentId={plan.paymentId}
            what={what}
            amountCents={amountCents}
            onCancelled={() => onCancelled(plan.paymentId)}
          />
        ) : null}
      </td>
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

      <Section id="manage-contributions" title={texts.contributionsHeading}>
        {overview.contributions.length === 0 ? (
          <StatusMessage tone="info">{texts.noContributions}</StatusMessage>
        ) : (
          <Table
            caption={texts.contributionsHeading}
            head={[
              texts.columns.date,
              texts.columns.description,
              texts.columns.amount,
              texts.columns.status,
              texts.columns.nextCharge,
              texts.columns.actions,
            ]}
          >
            {overview.contributions.map((gift) => (
              <tr key={gift.id}>
                <td className={cell} data-label={texts.columns.date}>
                  {day(gift.createdAt)}
                </td>
                <td className={cell} data-label={texts.columns.description}>
                  {gift.isRecurring ? texts.monthly : texts.oneTime}
                </td>
                <td className={cell} data-label={texts.columns.amount}>
                  <Amount cents={gift.amountCents} refundedCents={gift.refundedCents} />
                </td>
                <PlanCells
                  plan={gift.plan}
                  status={gift.status}
                  what="gift"
                  amountCents={gift.amountCents}
                  justCancelled={justCancelled}
                  onCancelled={cancelled}
                />
              </tr>
            ))}
          </Table>
        )}
      </Section>

      <Section id="manage-memberships" title={texts.membershipsHeading}>
        {overview.memberships.length === 0 ? (
          <StatusMessage tone="info">{texts.noMemberships}</StatusMessage>
        ) : (
          <Table
            caption={texts.membershipsHeading}
            head={[
              texts.columns.date,
              texts.columns.amount,
              texts.columns.status,
              texts.columns.nextCharge,
              texts.columns.actions,
            ]}
          >
            {overview.memberships.map((membership) => (
              <tr key={membership.id}>
                <td className={cell} data-label={texts.columns.date}>
                  {day(membership.createdAt)}
                </td>
                <td className={cell} data-label={texts.columns.amount}>
                  <Amount
                    cents={membership.amountCents}
                    refundedCents={membership.refundedCents}
                    suffix={texts.perMonth}
                  />
                </td>
                <PlanCells
                  plan={membership.plan}
                  status={membership.status}
                  what="membership"
                  amountCents={membership.amountCents}
                  justCancelled={justCancelled}
                  onCancelled={cancelled}
                />
              </tr>
            ))}
          </Table>
        )}
      </Section>

      <Section id="manage-registrations" title={texts.registrationsHeading}>
        {overview.registrations.length === 0 ? (
          <StatusMessage tone="info">{texts.noRegistrations}</StatusMessage>
        ) : (
          <Table
            caption={texts.registrationsHeading}
            head={[texts.columns.event, texts.columns.eventDate, texts.columns.amount, texts.columns.status]}
          >
            {overview.registrations.map((registration) => (
              <tr key={registration.id}>
                <td className={cell} data-label={texts.columns.event}>
                  {registration.eventTitle}
                </td>
                <td className={cell} data-label={texts.columns.eventDate}>
                  {formatEventDateTime(registration.eventStartDate)}
                </td>
                <td className={cell} data-label={texts.columns.amount}>
                  {registration.amountCents ? (
                    <Amount cents={registration.amountCents} refundedCents={registration.refundedCents} />
                  ) : (
                    texts.free
                  )}
                </td>
                <td className={cell} data-label={texts.columns.status}>
                  {recordStateLabel(registration.status)}
                </td>
              </tr>
            ))}
          </Table>
        )}
      </Section>

      <Section id="manage-receipts" title={texts.receiptsHeading}>
        {overview.receipts.length === 0 ? (
          <StatusMessage tone="info">{texts.noReceipts}</StatusMessage>
        ) : (
          <Table
            caption={texts.receiptsHeading}
            head={[texts.columns.date, texts.columns.receiptNumber, texts.columns.description, texts.columns.amount]}
          >
            {overview.receipts.map((receipt) => {
              const what = receipt.kind ? texts.kinds[receipt.kind] : texts.payment;
              return (
                <tr key={receipt.id}>
                  <td className={cell} data-label={texts.columns.date}>
                    {day(receipt.date)}
                  </td>
                  <td className={`${cell} font-mono text-sm`} data-label={texts.columns.receiptNumber}>
                    {receipt.receiptNumber}
                  </td>
                  <td className={cell} data-label={texts.columns.description}>
                    {receipt.refund ? `${texts.refund}: ${what}` : what}
                  </td>
                  <td className={cell} data-label={texts.columns.amount}>
                    {formatMoney(receipt.amountCents)}
                  </td>
                </tr>
              );
            })}
          </Table>
        )}
      </Section>

      {overview.statementYears.length > 0 ? (
        <Section id="manage-statements" title={texts.statementsHeading}>
          <p className="text-slate-700">{texts.statementsIntro}</p>
          <ul className="mt-3 flex flex-wrap gap-3">
            {overview.statementYears.map((year) => (
              <li key={year}>
                <Link href={givingStatementPath(year)} className={buttonClasses('secondary')}>
                  <FileText aria-hidden="true" className="size-5" />
                  {texts.statementFor(year)}
                </Link>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
    </div>
  );
}
