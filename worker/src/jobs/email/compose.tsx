import type { Config } from '@pillars/platform/config';
import { parsePricingTiers, paymentReferenceOf, recordStateLabel } from '@pillars/contracts';
import {
  type Database,
  type OutboundEmailKind,
  type PaymentKind,
  disputes,
  donations,
  eventRegistrations,
  events,
  issueManageLink,
  issueResetToken,
  manageLinkUrl,
  membershipApplications,
  memberships,
  type outboundEmails,
  payments,
  refunds,
  transactions,
  users,
} from '@pillars/platform/db';
import type { MailAttachment } from '@pillars/platform/mail';
import {
  MEMBERSHIP_PRICE_CENTS,
  RECURRING_KINDS,
  cancellationRefundOf,
  chargeStandingAtRefund,
  isChargeDisputed,
  receiptNumberOf,
} from '@pillars/money';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { ReactElement } from 'react';
import { registrationCalendar } from '@pillars/platform/calendar';
import { calendarDay, eventDay, longDate, money, timeRange } from './format';
import { ChargeFailedEmail, chargeFailedSubject } from './templates/charge-failed';
import { DisputeOpenedEmail, disputeOpenedSubject } from './templates/dispute-opened';
import { EventCancelledEmail, eventCancelledSubject } from './templates/event-cancelled';
import type { Org } from './templates/layout';
import { ManageLinkEmail, manageLinkSubject } from './templates/manage-link';
import {
  type MembershipInterestProps,
  MembershipInterestNoticeEmail,
  MembershipInterestReceivedEmail,
  membershipInterestNoticeSubject,
  membershipInterestReceivedSubject,
} from './templates/membership-interest';
import { MembershipWelcomeEmail, membershipWelcomeSubject } from './templates/membership-welcome';
import { PasswordResetEmail, passwordResetSubject } from './templates/password-reset';
import { PlanCancelledEmail, planCancelledSubject } from './templates/plan-cancelled';
import { type Purpose, ReceiptEmail, receiptSubject } from './templates/receipt';
import { RefundReceiptEmail, refundReceiptSubject } from './templates/refund-receipt';
import { RegistrationConfirmationEmail, registrationConfirmationSubject } from './templates/registration-confirmation';

/** What the e-mails need from the configuration: who sends, the site's address, the rules they state. */
export type EmailConfig = Pick<
  Config,
  | 'PUBLIC_URL'
  | 'ORG_NAME'
  | 'ORG_LEGAL_NAME'
  | 'ORG_EIN'
  | 'RECEIPT_GOODS_STATEMENT'
  | 'DUNNING_GRACE_DAYS'
  | 'MANAGE_LINK_TTL_HOURS'
  | 'CONTACT_EMAIL'
  | 'CONTACT_PHONE'
  | 'CONTACT_ADDRESS'
>;

/** A reset link works for one hour (docs/decisions/009). */
export const RESET_TOKEN_TTL_MS = 60 * 60_000;

export type OutboundEmail = typeof outboundEmails.$inferSelect;

/** A message ready to render, or why none is sent (the subject is gone, the address unknown). */
export type Composed =
  { to: string; subject: string; body: ReactElement; attachments?: MailAttachment[] } | { skip: string };

export interface ComposeContext {
  db: Database;
  config: EmailConfig;
  org: Org;
  now: Date;
}

type Composer = (ctx: ComposeContext, email: OutboundEmail) => Promise<Composed>;

export function orgOf(config: EmailConfig): Org {
  return {
    name: config.ORG_NAME,
    legalName: config.ORG_LEGAL_NAME,
    ein: config.ORG_EIN,
    publicUrl: config.PUBLIC_URL,
    contactEmail: config.CONTACT_EMAIL,
    contactPhone: config.CONTACT_PHONE,
    contactAddress: config.CONTACT_ADDRESS,
  };
}

/**
 * A fresh "Manage your giving" link for the address, issued when the e-mail is composed
 * (docs/decisions/020): the token exists only in the message; a retry issues another, and an
 * unsent one is useless to anyone since only its hash is stored.
 */
async function manageUrl({ db, config, now }: ComposeContext, recipient: string): Promise<string> {
  const expiresAt = new Date(now.getTime() + config.MANAGE_LINK_TTL_HOURS * 3_600_000);
  return manageLinkUrl(config.PUBLIC_URL, await issueManageLink(db, recipient, expiresAt));
}

/** A row's payment kind; rows written before payment_id name it only in their metadata's source. */
function kindOf(payment: { kind: PaymentKind } | null, metadata: string | null): PaymentKind | null {
  if (payment) return payment.kind;
  let source: unknown;
  try {
    source = (JSON.parse(metadata ?? 'null') as { source?: unknown } | null)?.source;
  } catch {
    return null;
  }
  return source === 'contribution'
    ? 'donation'
    : source === 'membership'
      ? 'membership'
      : source === 'event'
        ? 'registration'
        : null;
}

const isPlan = (kind: PaymentKind | null) => kind !== null && (RECURRING_KINDS as readonly string[]).includes(kind);
const planName = (kind: PaymentKind | null) => (kind === 'membership' ? 'membership' : 'monthly gift');

/** The title of the event a registration is for. */
async function eventTitleOf(db: Database, registrationId: string): Promise<string | null> {
  const [row] = await db
    .select({ title: events.title })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.id, registrationId))
    .limit(1);
  return row?.title ?? null;
}

/** A transactions row with the payment it moved under (null for rows older than payment_id). */
async function rowWithPayment(db: Database, rowId: string) {
  const [row] = await db
    .select({ row: transactions, payment: payments })
    .from(transactions)
    .leftJoin(payments, eq(payments.id, transactions.paymentId))
    .where(eq(transactions.id, rowId))
    .limit(1);
  return row;
}

const receipt: Composer = async (ctx, email) => {
  const found = email.subjectId ? await rowWithPayment(ctx.db, email.subjectId) : undefined;
  if (!found) return { skip: 'transactions row not found' };
  const { row, payment } = found;
  // A disputed charge's receipt is not sent again (a retried send included): the cardholder
  // contests the payment, and the organisation answers through the dispute (docs/decisions/047-disputes.md).
  if (row.providerTransactionId && (await isChargeDisputed(ctx.db, row.providerTransactionId))) {
    return { skip: 'charge is disputed' };
  }
  const kind = kindOf(payment, row.metadata);
  let purpose: Purpose;
  if (kind === 'registration') {
    const title = payment ? await eventTitleOf(ctx.db, payment.recordId) : null;
    purpose = { kind: 'event', eventTitle: title ?? 'the event' };
  } else if (kind === 'membership') purpose = { kind: 'membership' };
  else purpose = { kind: 'contribution' };
  // The plan's next charge, unless the plan is ending or the date is not after this charge's day
  // (the provider's date is noted after the instalment, so it can still be this one's).
  const next = payment && !payment.cancelRequestedAt ? payment.nextPaymentDate : null;
  const nextChargeDate = next && next > receiptDayIso(row.createdAt) ? calendarDay(next) : null;
  const receiptNumber = receiptNumberOf(row);
  return {
    to: email.recipient,
    subject: receiptSubject({ org: ctx.org, purpose, receiptNumber }),
    body: (
      <ReceiptEmail
        org={ctx.org}
        goodsStatement={ctx.config.RECEIPT_GOODS_STATEMENT}
        payerName={row.buyerName}
        receiptNumber={receiptNumber}
        amountCents={row.amount}
        date={longDate(row.createdAt)}
        lastFour={row.cardLastFour}
        purpose={purpose}
        instalment={isPlan(kind) ? { nextChargeDate } : null}
        manageUrl={await manageUrl(ctx, email.recipient)}
      />
    ),
  };
};

/** yyyy-MM-dd of an instant in UTC, to compare with a provider's calendar day. */
const receiptDayIso = (instant: Date) => instant.toISOString().slice(0, 10);

const refundReceipt: Composer = async (ctx, email) => {
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
  return {
    to: email.recipient,
    subject: refundReceiptSubject({ org: ctx.org, refundedCents: refund.amountCents }),
    body: (
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
      />
    ),
  };
};

/** The registration an e-mail is about, with its event; undefined when either is gone. */
async function registrationWithEvent(ctx: Parameters<Composer>[0], registrationId: string | null) {
  if (!registrationId) return undefined;
  const [found] = await ctx.db
    .select({ registration: eventRegistrations, event: events })
    .from(eventRegistrations)
    .innerJoin(events, eq(events.id, eventRegistrations.eventId))
    .where(eq(eventRegistrations.id, registrationId))
    .limit(1);
  return found;
}

/** The fee a registration's succeeded payment took, in cents; null when it paid none. */
async function feePaidFor(ctx: Parameters<Composer>[0], registrationId: string): Promise<number | null> {
  const [paid] = await ctx.db
    .select({ amountCents: payments.amountCents })
    .from(payments)
    .where(
      and(eq(payments.kind, 'registration'), eq(payments.recordId, registrationId), eq(payments.state, 'succeeded')),
    )
    .limit(1);
  return paid?.amountCents ?? null;
}

const registrationConfirmation: Composer = async (ctx, email) => {
  const found = await registrationWithEvent(ctx, email.subjectId);
  if (!found) return { skip: 'registration not found' };
  const { registration, event } = found;
  const paidCents = await feePaidFor(ctx, registration.id);
  const tier = registration.selectedTier
    ? (parsePricingTiers(event.pricingTiers).find((t) => t.id === registration.selectedTier)?.name ??
      registration.selectedTier)
    : null;
  const eventUrl = new URL(`/events/${encodeURIComponent(event.slug)}`, ctx.config.PUBLIC_URL).href;
  const ics = registrationCalendar({
    registrationId: registration.id,
    title: event.title,
    start: event.startDate,
    end: event.endDate,
    location: event.location,
    url: eventUrl,
    domain: new URL(ctx.config.PUBLIC_URL).hostname,
    organizer: { name: ctx.org.name, email: ctx.org.contactEmail },
  });
  return {
    to: email.recipient,
    subject: registrationConfirmationSubject({ eventTitle: event.title }),
    body: (
      <RegistrationConfirmationEmail
        org={ctx.org}
        firstName={registration.firstName}
        eventTitle={event.title}
        day={eventDay(event.startDate)}
        hours={timeRange(event.startDate, event.endDate)}
        location={event.location}
        tier={tier}
        paidCents={paidCents}
        eventUrl={eventUrl}
      />
    ),
    attachments: [
      { filename: `${event.slug}.ics`, content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' },
    ],
  };
};

/** The registration's event was cancelled; a registration since given up, or an event live again, gets nothing. */
const eventCancelled: Composer = async (ctx, email) => {
  const found = await registrationWithEvent(ctx, email.subjectId);
  if (!found) return { skip: 'registration not found' };
  const { registration, event } = found;
  if (event.status !== 'cancelled') return { skip: 'event is no longer cancelled' };
  const paidCents = await feePaidFor(ctx, registration.id);
  const refundCents = await cancellationRefundOf(ctx.db, registration.id);
  return {
    to: email.recipient,
    subject: eventCancelledSubject({ eventTitle: event.title }),
    body: (
      <EventCancelledEmail
        org={ctx.org}
        firstName={registration.firstName}
        eventTitle={event.title}
        day={eventDay(event.startDate)}
        hours={timeRange(event.startDate, event.endDate)}
        location={event.location}
        paidCents={paidCents}
        refundCents={refundCents}
      />
    ),
  };
};

const membershipWelcome: Composer = async (ctx, email) => {
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
  return {
    to: email.recipient,
    subject: membershipWelcomeSubject({ org: ctx.org }),
    body: (
      <MembershipWelcomeEmail
        org={ctx.org}
        firstName={membership.firstName ?? 'member'}
        monthlyCents={plan?.amountCents ?? MEMBERSHIP_PRICE_CENTS}
        nextChargeDate={calendarDay(plan?.nextPaymentDate ?? null)}
        manageUrl={await manageUrl(ctx, email.recipient)}
      />
    ),
  };
};

const chargeFailed: Composer = async (ctx, email) => {
  const found = email.subjectId ? await rowWithPayment(ctx.db, email.subjectId) : undefined;
  if (!found) return { skip: 'transactions row not found' };
  const { row, payment } = found;
  // A plan already ending is told so by plan-cancelled; "we will try again" would be untrue.
  if (payment?.cancelRequestedAt) return { skip: 'plan is ending' };
  const plan = planName(kindOf(payment, row.metadata));
  return {
    to: email.recipient,
    subject: chargeFailedSubject({ plan }),
    body: (
      <ChargeFailedEmail
        org={ctx.org}
        payerName={row.buyerName}
        plan={plan}
        amountCents={row.amount}
        date={longDate(row.createdAt)}
        graceDays={ctx.config.DUNNING_GRACE_DAYS}
        manageUrl={await manageUrl(ctx, email.recipient)}
      />
    ),
  };
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

const planCancelled: Composer = async (ctx, email) => {
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
  return {
    to: email.recipient,
    subject: planCancelledSubject({ org: ctx.org, plan }),
    body: (
      <PlanCancelledEmail
        org={ctx.org}
        payerName={payerName}
        plan={plan}
        endedOn={longDate(payment.cancelledAt ?? payment.cancelRequestedAt ?? ctx.now)}
        reason={cancelReasonOf(payment, ctx.config.DUNNING_GRACE_DAYS)}
      />
    ),
  };
};

/**
 * A manage link the donor asked for: the API answered the same whether or not the address is
 * known, and only here is it looked up. An address with no contribution, membership or
 * registration gets nothing.
 */
const manageLink: Composer = async (ctx, email) => {
  const address = email.recipient.toLowerCase();
  const known = (table: typeof donations | typeof memberships | typeof eventRegistrations) =>
    sql`EXISTS (SELECT 1 FROM ${table} WHERE lower(${table.email}) = ${address})`;
  const [found] = await ctx.db
    .select({
      known: sql<boolean>`${known(donations)} OR ${known(memberships)} OR ${known(eventRegistrations)}`,
    })
    .from(sql`(SELECT 1) AS one`);
  if (!found?.known) return { skip: 'address has nothing to manage' };
  return {
    to: email.recipient,
    subject: manageLinkSubject({ org: ctx.org }),
    body: (
      <ManageLinkEmail
        org={ctx.org}
        manageUrl={await manageUrl(ctx, address)}
        ttlHours={ctx.config.MANAGE_LINK_TTL_HOURS}
      />
    ),
  };
};

/**
 * A password reset: the address is looked up here (the API answered the same either way); a
 * known one gets a new single-use token, replacing any older one, stored as its hash, and the link
 * is built from PUBLIC_URL, never from a request's Host header. A retry after a failed send issues
 * a fresh token, so only the link in the e-mail that arrived works.
 */
const passwordReset: Composer = async (ctx, email) => {
  const [user] = await ctx.db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.recipient.toLowerCase()}`)
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!user?.email) return { skip: 'password reset for an address with no account' };
  const token = await issueResetToken(ctx.db, user.id, new Date(ctx.now.getTime() + RESET_TOKEN_TTL_MS));
  const link = new URL(`/reset-password?token=${encodeURIComponent(token)}`, ctx.config.PUBLIC_URL).href;
  return {
    to: user.email,
    subject: passwordResetSubject({ org: ctx.org }),
    body: <PasswordResetEmail org={ctx.org} username={user.username} link={link} />,
  };
};

/** Each kind's composer: what it reads (by the outbound row's subject, at send time) and says. */
const WHAT_WAS_PAID: Record<PaymentKind, string> = {
  donation: 'A gift',
  recurring_donation: 'A monthly gift',
  membership: 'A membership',
  registration: 'An event registration',
};

/** To the organisation's contact address: a charge was disputed (the subject is the `disputes` row). */
const disputeOpened: Composer = async (ctx, email) => {
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
  return {
    to: email.recipient,
    subject: disputeOpenedSubject({ org: ctx.org, reference }),
    body: (
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
      />
    ),
  };
};

/** The membership application an e-mail is about, as its e-mails state it; undefined when it is gone. */
async function applicationOf(ctx: ComposeContext, email: OutboundEmail): Promise<MembershipInterestProps | undefined> {
  if (!email.subjectId) return undefined;
  const [application] = await ctx.db
    .select()
    .from(membershipApplications)
    .where(eq(membershipApplications.id, email.subjectId))
    .limit(1);
  if (!application) return undefined;
  return {
    org: ctx.org,
    firstName: application.firstName,
    lastName: application.lastName,
    email: application.email,
    phone: application.phone,
    message: application.message,
    receivedOn: longDate(application.createdAt),
  };
}

/** To the applicant: their membership interest was received (docs/decisions/051-membership-interest.md). */
const membershipInterestReceived: Composer = async (ctx, email) => {
  const application = await applicationOf(ctx, email);
  if (!application) return { skip: 'membership application not found' };
  return {
    to: email.recipient,
    subject: membershipInterestReceivedSubject(application),
    body: (
      <MembershipInterestReceivedEmail
        {...application}
        joinUrl={new URL('/membership', ctx.config.PUBLIC_URL).toString()}
      />
    ),
  };
};

/** To the organisation's contact address: who applied, with the details to contact them. */
const membershipInterestNotice: Composer = async (ctx, email) => {
  const application = await applicationOf(ctx, email);
  if (!application) return { skip: 'membership application not found' };
  return {
    to: email.recipient,
    subject: membershipInterestNoticeSubject(application),
    body: (
      <MembershipInterestNoticeEmail {...application} adminUrl={new URL('/admin', ctx.config.PUBLIC_URL).toString()} />
    ),
  };
};

export const COMPOSERS: Record<OutboundEmailKind, Composer> = {
  'password-reset': passwordReset,
  receipt,
  'refund-receipt': refundReceipt,
  'registration-confirmation': registrationConfirmation,
  'membership-welcome': membershipWelcome,
  'charge-failed': chargeFailed,
  'plan-cancelled': planCancelled,
  'manage-link': manageLink,
  'event-cancelled': eventCancelled,
  'dispute-opened': disputeOpened,
  'membership-interest-received': membershipInterestReceived,
  'membership-interest-notice': membershipInterestNotice,
};
