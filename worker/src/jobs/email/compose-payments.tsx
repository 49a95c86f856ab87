import { paymentReferenceOf, recordStateLabel } from '@pillars/contracts';
import {
  type PaymentKind,
  disputes,
  donations,
  memberships,
  payments,
  refunds,
  transactions,
} from '@pillars/platform/db';
import { MEMBERSHIP_PRICE_CENTS, chargeStandingAtRefund, receiptNumberOf } from '@pillars/money';
import { and, desc, eq } from 'drizzle-orm';
import { calendarDay, longDate, money } from './format';
import { ChargeFailedEmail, chargeFailedSubject } from './templates/charge-failed';
import { DisputeOpenedEmail, disputeOpenedSubject } from './templates/dispute-opened';
import { MembershipWelcomeEmail, membershipWelcomeSubject } from './templates/membership-welcome';
import { PlanCancelledEmail, planCancelledSubject } from './templates/plan-cancelled';
import { type Purpose, ReceiptEmail, receiptSubject } from './templates/receipt';
import { RefundReceiptEmail, refundReceiptSubject } from './templates/refund-receipt';
import {
  type Composer,
  manageUrl,
  message,
  kindOf,
  isPlan,
  planName,
  newManageUrl,
  receiptRowOf,
  rowWithPayment,
} from './compose-context';

/** The e-mails about money: receipts, refunds, a membership's welcome, a failed instalment, an ended plan, a dispute. */

export const receipt: Composer = async (ctx, email) => {
  const link = newManageUrl(ctx, email.recipient);
  const found = email.subjectId ? await receiptRowOf(ctx.db, email.subjectId, link.row) : undefined;
  if (!found) return { skip: 'transactions row not found' };
  const { row, payment, eventTitle } = found;
  // A disputed charge's receipt is not sent again (a retried send included): the cardholder
  // contests the payment, and the organisation answers through the dispute (docs/decisions/047-disputes.md).
  if (found.disputed) return { skip: 'charge is disputed' };
  const kind = kindOf(payment, row.metadata);
  let purpose: Purpose;
  if (kind === 'registration') purpose = { kind: 'event', eventTitle: eventTitle ?? 'the event' };
  else if (kind === 'membership') purpose = { kind: 'membership' };
  else purpose = { kind: 'contribution' };
  // The plan's next charge, unless the plan is ending or the date is not after this charge's day
  // (the provider's date is noted after the instalment, so it can still be this one's).
  const next = payment && !payment.cancelRequestedAt ? payment.nextPaymentDate : null;
  const nextChargeDate = next && next > receiptDayIso(row.createdAt) ? calendarDay(next) : null;
  const receiptNumber = receiptNumberOf(row);
  return message(
    email,
    receiptSubject({ org: ctx.org, purpose, receiptNumber }),
    <ReceiptEmail
      org={ctx.org}
      goodsStatement={ctx.config.RECEIPT_GOODS_STATEMENT}
      payerName={row.buyerName}
      receiptNumber={receiptNumber}
      amount={money(row.amount)}
      date={longDate(row.createdAt)}
      lastFour={row.cardLastFour}
      purpose={purpose}
      instalment={isPlan(kind) ? { nextChargeDate } : null}
      manageUrl={link.url}
    />,
  );
};

/** yyyy-MM-dd of an instant in UTC, to compare with a provider's calendar day. */
const receiptDayIso = (instant: Date) => instant.toISOString().slice(0, 10);

export const refundReceipt: Composer = async (ctx, email) => {
  if (!email.subjectId) return { skip: 'refund not named' };
  const [found] = await ctx.db
    .select({ refund: refunds, charge: transactions })
    .from(refunds)
    .innerJoin(transactions, eq(transactions.id, refunds.chargeRowId))
    .where(eq(refunds.id, email.subjectId))
    .limit(1);
  if (!found) return { skip: 'refund not found' };
  const { refund } = found;
  if (refund.state === 'failed') return { skip: 'refund failed' };
  // Queued with the refund's success; a refund still in flight is not told yet (the job retries).
  if (refund.state !== 'succeeded') throw new Error(`refund ${refund.id} is ${refund.state}, not succeeded yet`);
  // What the charge stands at after this refund (every refund of it so far, this one included).
  const standing = await chargeStandingAtRefund(ctx.db, refund.id);
  if (!standing) return { skip: 'refund not found' };
  // The day the money went back: its refund row's, written when the provider confirmed it.
  const [refundRow] = refund.refundRowId
    ? await ctx.db
        .select({ createdAt: transactions.createdAt })
        .from(transactions)
        .where(eq(transactions.id, refund.refundRowId))
        .limit(1)
    : [];
  return message(
    email,
    refundReceiptSubject({ org: ctx.org, refundedCents: refund.amountCents }),
    <RefundReceiptEmail
      org={ctx.org}
      payerName={found.charge.buyerName}
      receiptNumber={receiptNumberOf(found.charge)}
      refundedCents={refund.amountCents}
      refundDate={longDate(refundRow?.createdAt ?? refund.updatedAt)}
      charge={{ date: longDate(found.charge.createdAt), amountCents: standing.originalCents }}
      refundedSoFarCents={standing.refundedCents}
      remainingCents={standing.remainingCents}
      state={recordStateLabel(standing.state)}
      voided={refund.isVoid === true}
    />,
  );
};

export const membershipWelcome: Composer = async (ctx, email) => {
  const [membership] = email.subjectId
    ? await ctx.db.select().from(memberships).where(eq(memberships.id, email.subjectId)).limit(1)
    : [];
  if (!membership) return { skip: 'membership not found' };
  const [plan] = await ctx.db
    .select({ amountCents: payments.amountCents, nextPaymentDate: payments.nextPaymentDate })
    .from(payments)
    .where(and(eq(payments.kind, 'membership'), eq(payments.recordId, membership.id), eq(payments.state, 'succeeded')))
    .orderBy(desc(payments.createdAt))
    .limit(1);
  return message(
    email,
    membershipWelcomeSubject({ org: ctx.org }),
    <MembershipWelcomeEmail
      org={ctx.org}
      firstName={membership.firstName ?? 'member'}
      monthly={money(plan?.amountCents ?? MEMBERSHIP_PRICE_CENTS)}
      nextChargeDate={calendarDay(plan?.nextPaymentDate ?? null)}
      manageUrl={await manageUrl(ctx, email.recipient)}
    />,
  );
};

export const chargeFailed: Composer = async (ctx, email) => {
  const found = email.subjectId ? await rowWithPayment(ctx.db, email.subjectId) : undefined;
  if (!found) return { skip: 'transactions row not found' };
  const { row, payment } = found;
  // A plan already ending is told so by plan-cancelled; "we will try again" would be untrue.
  if (payment?.cancelRequestedAt) return { skip: 'plan is ending' };
  const plan = planName(kindOf(payment, row.metadata));
  return message(
    email,
    chargeFailedSubject({ plan }),
    <ChargeFailedEmail
      org={ctx.org}
      payerName={row.buyerName}
      plan={plan}
      amount={money(row.amount)}
      date={longDate(row.createdAt)}
      graceDays={ctx.config.DUNNING_GRACE_DAYS}
      manageUrl={await manageUrl(ctx, email.recipient)}
    />,
  );
};

/** Why a plan ended, as the e-mail says it: nothing when the donor asked, else the recorded reason. */
function cancelReasonOf(
  payment: { cancelRequestedBy: string | null; cancelReason: string | null },
  graceDays: number,
): string | null {
  if (payment.cancelRequestedBy === 'donor') return null;
  if (payment.cancelReason) return payment.cancelReason;
  if (payment.cancelRequestedBy === 'system') return `No monthly instalment succeeded within ${graceDays} days.`;
  return null;
}

export const planCancelled: Composer = async (ctx, email) => {
  const [payment] = email.subjectId
    ? await ctx.db.select().from(payments).where(eq(payments.id, email.subjectId)).limit(1)
    : [];
  if (!payment || !isPlan(payment.kind)) return { skip: 'plan not found' };
  const table = payment.kind === 'membership' ? memberships : donations;
  const [payor] = await ctx.db
    .select({ firstName: table.firstName, lastName: table.lastName })
    .from(table)
    .where(eq(table.id, payment.recordId))
    .limit(1);
  const payerName = [payor?.firstName, payor?.lastName].filter(Boolean).join(' ') || 'supporter';
  const plan = planName(payment.kind);
  return message(
    email,
    planCancelledSubject({ org: ctx.org, plan }),
    <PlanCancelledEmail
      org={ctx.org}
      payerName={payerName}
      plan={plan}
      endedOn={longDate(payment.cancelledAt ?? payment.cancelRequestedAt ?? ctx.now)}
      reason={cancelReasonOf(payment, ctx.config.DUNNING_GRACE_DAYS)}
    />,
  );
};

const WHAT_WAS_PAID: Record<PaymentKind, string> = {
  donation: 'A gift',
  recurring_donation: 'A monthly gift',
  membership: 'A membership',
  registration: 'An event registration',
};

/** To the organisation's contact address: a charge was disputed (the subject is the `disputes` row). */
export const disputeOpened: Composer = async (ctx, email) => {
  if (!email.subjectId) return { skip: 'dispute not named' };
  const [found] = await ctx.db
    .select({ dispute: disputes, payment: payments, charge: transactions })
    .from(disputes)
    .innerJoin(payments, eq(payments.id, disputes.paymentId))
    .leftJoin(transactions, eq(transactions.id, disputes.chargeRowId))
    .where(eq(disputes.id, email.subjectId))
    .limit(1);
  if (!found) return { skip: 'dispute not found' };
  const { dispute, payment, charge } = found;
  const reference = paymentReferenceOf(payment.id);
  return message(
    email,
    disputeOpenedSubject({ org: ctx.org, reference }),
    <DisputeOpenedEmail
      org={ctx.org}
      what={WHAT_WAS_PAID[payment.kind]}
      payerName={charge?.buyerName ?? 'the cardholder'}
      reference={reference}
      disputedAmount={money(dispute.amountCents)}
      chargeAmount={money(charge?.amount ?? payment.amountCents)}
      status={dispute.status}
      reason={dispute.reason}
      disputedOn={dispute.disputedAt ? longDate(dispute.disputedAt) : null}
      evidenceDueOn={dispute.evidenceDueAt ? longDate(dispute.evidenceDueAt) : null}
      adminUrl={new URL('/admin', ctx.config.PUBLIC_URL).toString()}
    />,
  );
};
