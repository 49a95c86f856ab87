import type {
  GivingStatement,
  ManageOverview,
  ManagedPlan,
  ManagedReceipt,
  PlanCancellation,
  ReceiptKind,
  StatementLine,
} from '@pillars/shared/contracts';
import { manageMessages } from '@pillars/shared/contracts';
import {
  type PaymentKind,
  auditLog,
  donations,
  eventRegistrations,
  events,
  memberships,
  outboundEmails,
  payments,
  transactions,
} from '@pillars/shared/db';
import { JOBS, addToOutboxRows, publishNow } from '@pillars/shared/jobs';
import type { Logger } from '@pillars/shared/logger';
import {
  MEMBERSHIP_PRICE_CENTS,
  RECURRING_KINDS,
  receiptNumberOf,
  receiptYearOf,
  requestPlanCancellation,
} from '@pillars/shared/money';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import type { LoginThrottle, ThrottleKey, ThrottleRule } from '../auth/throttle';

/**
 * Link requests (docs/decisions/020): per asked-for address, enough for a typo and a retry but not
 * enough to flood a mailbox; per client address, enough for a household but not for a sweep of
 * guessed addresses.
 */
export const MANAGE_LINK_LIMITS = {
  recipient: { limit: 5, windowMs: 60 * 60_000 },
  client: { limit: 20, windowMs: 60 * 60_000 },
} as const satisfies Record<string, ThrottleRule>;

/** What the payment's cancellation records as its reason, and the audit log's action for it. */
export const DONOR_CANCEL_REASON = 'Cancelled by the donor';
export const DONOR_CANCEL_ACTION = 'plan.cancel-requested';

/** Record statuses that mean a monthly plan has ended (a gift is cancelled, a membership inactive). */
const ENDED_STATUSES = new Set(['cancelled', 'inactive']);
/** Receipts are the rows that moved money: charges received and refunds given. */
const RECEIPT_STATUSES = ['completed', 'refunded'];
const REFUNDED = 'refunded';
const GIFT_KINDS = ['donation', 'recurring_donation'] as const satisfies readonly PaymentKind[];

const lower = (email: string) => email.trim().toLowerCase();
const cents = (dollars: string) => Math.round(Number(dollars) * 100);

type PlanPayment = Pick<
  typeof payments.$inferSelect,
  'id' | 'recordId' | 'providerRecurringId' | 'nextPaymentDate' | 'cancelRequestedAt' | 'cancelledAt'
>;

/**
 * A monthly plan as its donor sees it. It can be cancelled here while it runs at the provider and
 * nobody has asked yet: the same conditions requestPlanCancellation checks before it queues.
 */
function planOf(payment: PlanPayment | undefined, recordStatus: string): ManagedPlan | null {
  if (!payment?.providerRecurringId) return null;
  const state =
    payment.cancelledAt || ENDED_STATUSES.has(recordStatus)
      ? 'cancelled'
      : payment.cancelRequestedAt
        ? 'cancellation-requested'
        : 'active';
  return {
    paymentId: payment.id,
    state,
    nextChargeDate: state === 'active' ? payment.nextPaymentDate : null,
    cancellable: state === 'active',
  };
}

export type LinkRequest = { kind: 'queued' } | { kind: 'throttled'; retryAfterMs: number };

export function manageService(deps: AppDeps, throttle: LoginThrottle) {
  const { db, queues, config } = deps;
  const now = deps.now ?? (() => new Date());

  /** The latest plan payment of each record (a record re-tried after a failure has several). */
  async function plansOf(kind: PaymentKind, recordIds: string[]): Promise<Map<string, PlanPayment>> {
    if (recordIds.length === 0) return new Map();
    const rows = await db
      .select({
        id: payments.id,
        recordId: payments.recordId,
        providerRecurringId: payments.providerRecurringId,
        nextPaymentDate: payments.nextPaymentDate,
        cancelRequestedAt: payments.cancelRequestedAt,
        cancelledAt: payments.cancelledAt,
      })
      .from(payments)
      .where(and(eq(payments.kind, kind), inArray(payments.recordId, recordIds)))
      .orderBy(desc(payments.createdAt));
    const latest = new Map<string, PlanPayment>();
    for (const row of rows) if (!latest.has(row.recordId)) latest.set(row.recordId, row);
    return latest;
  }

  /** Every payment of the address's records, by id, with its kind. */
  async function paymentKindsOf(email: string): Promise<Map<string, PaymentKind>> {
    const recordsOf = (
      kinds: readonly PaymentKind[],
      table: typeof donations | typeof memberships | typeof eventRegistrations,
    ) =>
      and(
        inArray(payments.kind, kinds),
        sql`${payments.recordId} IN (SELECT id FROM ${table} WHERE lower(${table.email}) = ${email})`,
      );
    const rows = await db
      .select({ id: payments.id, kind: payments.kind })
      .from(payments)
      .where(
        or(
          recordsOf(GIFT_KINDS, donations),
          recordsOf(['membership'], memberships),
          recordsOf(['registration'], eventRegistrations),
        ),
      );
    return new Map(rows.map((row) => [row.id, row.kind]));
  }

  /**
   * The address's receipts: rows of its payments (a donation's also by its donation id, for rows
   * older than payment ids) and rows paid from its address, with refunds of any of them.
   */
  async function receiptRowsOf(email: string, paymentIds: string[]) {
    const charges = or(
      paymentIds.length > 0 ? inArray(transactions.paymentId, paymentIds) : undefined,
      sql`${transactions.donationId} IN (SELECT id FROM ${donations} WHERE lower(${donations.email}) = ${email})`,
      sql`lower(${transactions.buyerEmail}) = ${email}`,
    );
    return db
      .select({
        id: transactions.id,
        amount: transactions.amount,
        status: transactions.status,
        paymentId: transactions.paymentId,
        donationId: transactions.donationId,
        refundOf: transactions.refundOf,
        createdAt: transactions.createdAt,
      })
      .from(transactions)
      .where(
        and(
          inArray(transactions.status, RECEIPT_STATUSES),
          or(
            charges,
            // The inner FROM names the table again, so `charges` reads the charge's own columns.
            sql`${transactions.refundOf} IN (SELECT id FROM ${transactions} WHERE ${charges})`,
          ),
        ),
      )
      .orderBy(desc(transactions.createdAt));
  }

  /** Receipt lines of the rows; a refund row without a payment id takes its charge's kind. */
  function receiptsOf(rows: Awaited<ReturnType<typeof receiptRowsOf>>, kinds: Map<string, PaymentKind>) {
    const kindOf = (row: (typeof rows)[number]): ReceiptKind | null =>
      (row.paymentId ? kinds.get(row.paymentId) : undefined) ?? (row.donationId ? 'donation' : null);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return rows.map((row): ManagedReceipt & { createdAt: Date } => {
      const refund = row.status === REFUNDED;
      const charge = row.refundOf ? byId.get(row.refundOf) : undefined;
      return {
        id: row.id,
        receiptNumber: receiptNumberOf(row),
        date: row.createdAt.toISOString(),
        createdAt: row.createdAt,
        // Whichever sign a refund row stores, what was given back is shown negative.
        amountCents: refund ? -Math.abs(row.amount) : row.amount,
        kind: kindOf(row) ?? (charge ? kindOf(charge) : null),
        refund,
      };
    });
  }

  return {
    /**
     * Records the request and queues the e-mail whether or not the address has anything here: the
     * worker looks it up, issues a link and sends it, or skips. Throttled per asked-for address
     * and per client address.
     */
    async requestLink(rawEmail: string, client: string, logger: Logger): Promise<LinkRequest> {
      const recipient = lower(rawEmail);
      const keys: ThrottleKey[] = [
        { key: `manage:recipient:${recipient}`, rule: MANAGE_LINK_LIMITS.recipient },
        { key: `manage:client:${client}`, rule: MANAGE_LINK_LIMITS.client },
      ];
      const retryAfterMs = await throttle.retryAfterMs(keys);
      if (retryAfterMs > 0) return { kind: 'throttled', retryAfterMs };
      await throttle.hit(keys);
      const outboxRows = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(outboundEmails)
          .values({ kind: 'manage-link', recipient })
          .returning({ id: outboundEmails.id });
        if (!row) throw new Error('insert returned no row');
        return addToOutboxRows(tx, [{ job: JOBS.sendEmail, emailId: row.id }]);
      });
      await publishNow(db, queues, logger, outboxRows);
      logger.info({ event: 'manage.link-requested' }, 'manage link requested');
      return { kind: 'queued' };
    },

    /** Everything the address paid for or registered to, newest first, with its receipts. */
    async overview(rawEmail: string): Promise<ManageOverview> {
      const email = lower(rawEmail);
      const [gifts, members, registrations, kinds] = await Promise.all([
        db
          .select()
          .from(donations)
          .where(sql`lower(${donations.email}) = ${email}`)
          .orderBy(desc(donations.createdAt)),
        db
          .select()
          .from(memberships)
          .where(sql`lower(${memberships.email}) = ${email}`)
          .orderBy(desc(memberships.createdAt)),
        db
          .select({
            id: eventRegistrations.id,
            status: eventRegistrations.status,
            amountCents: eventRegistrations.paymentAmount,
            createdAt: eventRegistrations.createdAt,
            eventTitle: events.title,
            eventStartDate: events.startDate,
          })
          .from(eventRegistrations)
          .innerJoin(events, eq(events.id, eventRegistrations.eventId))
          .where(sql`lower(${eventRegistrations.email}) = ${email}`)
          .orderBy(desc(eventRegistrations.createdAt)),
        paymentKindsOf(email),
      ]);
      const [giftPlans, memberPlans, receiptRows] = await Promise.all([
        plansOf(
          'recurring_donation',
          gifts.filter((gift) => gift.isRecurring).map((gift) => gift.id),
        ),
        plansOf(
          'membership',
          members.map((member) => member.id),
        ),
        receiptRowsOf(email, [...kinds.keys()]),
      ]);
      const receipts = receiptsOf(receiptRows, kinds);
      const isGift = (kind: ReceiptKind | null) => GIFT_KINDS.some((gift) => gift === kind);
      const statementYears = [
        ...new Set(receipts.filter((r) => !r.refund && isGift(r.kind)).map((r) => receiptYearOf(r.createdAt))),
      ].sort((a, b) => b - a);
      return {
        email,
        contributions: gifts.map((gift) => ({
          id: gift.id,
          amountCents: cents(gift.amount),
          isRecurring: gift.isRecurring,
          status: gift.status,
          createdAt: gift.createdAt.toISOString(),
          plan: gift.isRecurring ? planOf(giftPlans.get(gift.id), gift.status) : null,
        })),
        memberships: members.map((member) => ({
          id: member.id,
          amountCents: MEMBERSHIP_PRICE_CENTS,
          status: member.status,
          createdAt: member.createdAt.toISOString(),
          plan: planOf(memberPlans.get(member.id), member.status),
        })),
        registrations: registrations.map((registration) => ({
          ...registration,
          eventStartDate: registration.eventStartDate.toISOString(),
          createdAt: registration.createdAt.toISOString(),
        })),
        receipts: receipts.map(({ createdAt: _internal, ...receipt }) => receipt),
        statementYears,
      };
    },

    /**
     * Ends a monthly gift or membership of the session's address: the payment must be a plan of one
     * of its records (else 404, whoever's it is). The request, its audit row and the
     * cancel-recurring job commit together; the job ends the plan at the provider, marks the
     * record and sends the confirmation.
     */
    async cancelPlan(rawEmail: string, paymentId: string, logger: Logger): Promise<PlanCancellation> {
      const email = lower(rawEmail);
      const kinds = await paymentKindsOf(email);
      const kind = kinds.get(paymentId);
      if (!kind || !RECURRING_KINDS.some((recurring) => recurring === kind)) {
        throw new AppError('NOT_FOUND', manageMessages.planNotFound);
      }
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const request = await requestPlanCancellation(tx, {
          paymentId,
          by: 'donor',
          reason: DONOR_CANCEL_REASON,
          at,
        });
        if (request.kind === 'requested') {
          await tx.insert(auditLog).values({
            actorUserId: null,
            actorLabel: 'donor',
            action: DONOR_CANCEL_ACTION,
            entityType: 'payment',
            entityId: paymentId,
            after: { kind, by: 'donor', reason: DONOR_CANCEL_REASON },
          });
        }
        return request;
      });
      if (outcome.kind === 'no-plan') throw new AppError('NOT_FOUND', manageMessages.planNotFound);
      if (outcome.kind === 'requested') {
        await publishNow(db, queues, logger, outcome.outboxRows);
        logger.info({ event: 'manage.plan-cancel-requested', paymentId }, 'donor asked to end a plan');
        return { paymentId, outcome: 'requested', message: manageMessages.cancellationRequested };
      }
      return { paymentId, outcome: 'already-requested', message: manageMessages.cancellationAlreadyRequested };
    },

    /**
     * The year's giving statement: the gifts received (one-time and monthly) in the organisation's
     * zone, less refunds made that year; membership dues and event fees are not gifts.
     */
    async statement(rawEmail: string, year: number): Promise<GivingStatement> {
      const email = lower(rawEmail);
      const kinds = await paymentKindsOf(email);
      const giftPayments = [...kinds].filter(([, kind]) => GIFT_KINDS.some((gift) => gift === kind));
      const [rows, [latestGift]] = await Promise.all([
        receiptRowsOf(
          email,
          giftPayments.map(([id]) => id),
        ),
        db
          .select({ firstName: donations.firstName, lastName: donations.lastName })
          .from(donations)
          .where(sql`lower(${donations.email}) = ${email}`)
          .orderBy(desc(donations.createdAt))
          .limit(1),
      ]);
      const lines: StatementLine[] = [];
      // Oldest first, as a statement reads; a refund counts in the year it was made.
      for (const receipt of receiptsOf(rows, kinds).reverse()) {
        if (receiptYearOf(receipt.createdAt) !== year) continue;
        if (receipt.kind !== 'donation' && receipt.kind !== 'recurring_donation') continue;
        lines.push({
          receiptNumber: receipt.receiptNumber,
          date: receipt.date,
          amountCents: receipt.amountCents,
          kind: receipt.kind,
          refund: receipt.refund,
        });
      }
      const name = [latestGift?.firstName, latestGift?.lastName].filter(Boolean).join(' ').trim();
      return {
        year,
        email,
        donorName: name || null,
        orgLegalName: config.ORG_LEGAL_NAME,
        orgEin: config.ORG_EIN,
        goodsStatement: config.RECEIPT_GOODS_STATEMENT,
        lines,
        totalCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
        issuedAt: now().toISOString(),
      };
    },
  };
}
