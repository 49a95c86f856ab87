import type {
  GivingStatement,
  ManageOverview,
  ManagedReceipt,
  PlanCancellation,
  ReceiptKind,
  StatementLine,
} from '@pillars/contracts';
import { manageMessages } from '@pillars/contracts';
import {
  type PaymentKind,
  donations,
  eventRegistrations,
  events,
  memberships,
  payments,
  transactions,
  writeAuditRow,
} from '@pillars/platform/db';
import { publishNow, queueEmails } from '@pillars/platform/jobs';
import type { Logger } from '@pillars/platform/logger';
import {
  MEMBERSHIP_PRICE_CENTS,
  RECURRING_KINDS,
  receiptNumberOf,
  receiptYearOf,
  requestPlanCancellation,
  standingsOf,
} from '@pillars/money';
import { type Limiters, orAllowOnOutage } from '@pillars/platform/limits';
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { AppDeps } from '../../lib/context';
import { AppError } from '../../lib/errors';
import { longest } from '../../lib/limits';
import { type PlanPayment, planOf } from './manage-plans';

/** What the payment's cancellation records as its reason, and the audit log's action for it. */
export const DONOR_CANCEL_REASON = 'Cancelled by the donor';
/** The same action an admin's cancellation records, with `donor` as the actor (no account). */
export const DONOR_CANCEL_ACTION = 'payment.plan-cancel-requested';

/** Receipts are the rows that moved money: charges received and refunds given. */
const RECEIPT_STATUSES = ['completed', 'refunded'];
const REFUNDED = 'refunded';
const GIFT_KINDS = ['donation', 'recurring_donation'] as const satisfies readonly PaymentKind[];

const lower = (email: string) => email.trim().toLowerCase();
const cents = (dollars: string) => Math.round(Number(dollars) * 100);

export type LinkRequest = { kind: 'queued' } | { kind: 'throttled'; retryAfterMs: number };

export function manageService(deps: AppDeps, limiters: Limiters) {
  const { db, queues, config } = deps;
  const now = deps.now ?? (() => new Date());

  /**
   * The address's records, matched by lower(email): the address as typed on any form, in any case.
   * (The tables index `email` as stored, so these three read their table; docs/decisions/020.)
   */
  async function recordsOf(email: string) {
    const [gifts, members, registrations] = await Promise.all([
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
    ]);
    return { gifts, members, registrations };
  }

  /** Every payment of the given records (by kind and record, an index), newest first. */
  async function paymentsOf(records: { kinds: readonly PaymentKind[]; ids: string[] }[]): Promise<PlanPayment[]> {
    const wanted = records.filter((each) => each.ids.length > 0);
    if (wanted.length === 0) return [];
    return db
      .select({
        id: payments.id,
        kind: payments.kind,
        recordId: payments.recordId,
        providerRecurringId: payments.providerRecurringId,
        nextPaymentDate: payments.nextPaymentDate,
        cancelRequestedAt: payments.cancelRequestedAt,
        cancelledAt: payments.cancelledAt,
      })
      .from(payments)
      .where(or(...wanted.map(({ kinds, ids }) => and(inArray(payments.kind, kinds), inArray(payments.recordId, ids)))))
      .orderBy(desc(payments.createdAt));
  }

  /** The latest plan payment of each record (a record re-tried after a failure has several). */
  function latestPlanByRecord(all: PlanPayment[], kind: PaymentKind): Map<string, PlanPayment> {
    const latest = new Map<string, PlanPayment>();
    for (const payment of all) {
      if (payment.kind === kind && !latest.has(payment.recordId)) latest.set(payment.recordId, payment);
    }
    return latest;
  }

  /**
   * The receipts of those payments: their `transactions` rows that moved money (a donation's also
   * by its donation id), then refunds of any of them that name only the charge they give back.
   */
  async function receiptRowsOf(paymentIds: string[], donationIds: string[]) {
    const columns = {
      id: transactions.id,
      amount: transactions.amount,
      status: transactions.status,
      paymentId: transactions.paymentId,
      donationId: transactions.donationId,
      refundOf: transactions.refundOf,
      createdAt: transactions.createdAt,
    };
    if (paymentIds.length === 0 && donationIds.length === 0) return [];
    const rows = await db
      .select(columns)
      .from(transactions)
      .where(
        and(
          inArray(transactions.status, RECEIPT_STATUSES),
          or(
            paymentIds.length > 0 ? inArray(transactions.paymentId, paymentIds) : undefined,
            donationIds.length > 0 ? inArray(transactions.donationId, donationIds) : undefined,
          ),
        ),
      );
    const seen = new Set(rows.map((row) => row.id));
    const charges = rows.filter((row) => row.status !== REFUNDED).map((row) => row.id);
    const refunds =
      charges.length === 0
        ? []
        : await db
            .select(columns)
            .from(transactions)
            .where(and(eq(transactions.status, REFUNDED), inArray(transactions.refundOf, charges)));
    return [...rows, ...refunds.filter((row) => !seen.has(row.id))].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime(),
    );
  }

  /**
   * The kind of a monthly plan's payment when its record (a gift or a membership) has the address;
   * null for anyone else's payment, a one-time one, or no such id. Read by primary keys only.
   */
  async function planKindOf(email: string, paymentId: string): Promise<PaymentKind | null> {
    const [row] = await db
      .select({ kind: payments.kind })
      .from(payments)
      .leftJoin(donations, and(eq(payments.kind, 'recurring_donation'), eq(donations.id, payments.recordId)))
      .leftJoin(memberships, and(eq(payments.kind, 'membership'), eq(memberships.id, payments.recordId)))
      .where(
        and(
          eq(payments.id, paymentId),
          inArray(payments.kind, RECURRING_KINDS),
          sql`lower(coalesce(${donations.email}, ${memberships.email})) = ${email}`,
        ),
      )
      .limit(1);
    return row?.kind ?? null;
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
     * worker looks it up, issues a link and sends it, or skips. Limited per asked-for address and
     * per client address (shared/platform/src/limits); the per-address count runs whether or not the
     * address is known, so a refusal tells nothing about it. A store outage lets it through.
     */
    async requestLink(rawEmail: string, client: string, logger: Logger): Promise<LinkRequest> {
      const recipient = lower(rawEmail);
      const refusal = longest(
        await Promise.all([
          orAllowOnOutage(logger, 'manageLinkRecipient', () => limiters.consume('manageLinkRecipient', recipient)),
          orAllowOnOutage(logger, 'manageLinkAddress', () => limiters.consume('manageLinkAddress', client)),
        ]),
      );
      if (refusal) return { kind: 'throttled', retryAfterMs: refusal.retryAfterMs };
      const outboxRows = await db.transaction((tx) => queueEmails(tx, [{ kind: 'manage-link', recipient }]));
      await publishNow(db, queues, logger, outboxRows);
      logger.info({ event: 'manage.link-requested' }, 'manage link requested');
      return { kind: 'queued' };
    },

    /** Everything the address paid for or registered to, newest first, with its receipts. */
    async overview(rawEmail: string): Promise<ManageOverview> {
      const email = lower(rawEmail);
      const { gifts, members, registrations } = await recordsOf(email);
      const all = await paymentsOf([
        { kinds: GIFT_KINDS, ids: gifts.map((gift) => gift.id) },
        { kinds: ['membership'], ids: members.map((member) => member.id) },
        { kinds: ['registration'], ids: registrations.map((registration) => registration.id) },
      ]);
      const kinds = new Map(all.map((payment) => [payment.id, payment.kind]));
      const receiptRows = await receiptRowsOf(
        [...kinds.keys()],
        gifts.map((gift) => gift.id),
      );
      // What each record stands at, from the ledger: a gift given back whole reads refunded.
      const standings = await standingsOf(db, [
        ...gifts.map((gift) => ({ kinds: GIFT_KINDS, id: gift.id, status: gift.status })),
        ...members.map((member) => ({ kinds: ['membership'] as const, id: member.id, status: member.status })),
        ...registrations.map((registration) => ({
          kinds: ['registration'] as const,
          id: registration.id,
          status: registration.status,
        })),
      ]);
      const standingOf = (record: { id: string; status: string }) => ({
        status: standings.get(record.id)?.state ?? record.status,
        refundedCents: standings.get(record.id)?.refundedCents ?? 0,
      });
      const giftPlans = latestPlanByRecord(all, 'recurring_donation');
      const memberPlans = latestPlanByRecord(all, 'membership');
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
          ...standingOf(gift),
          createdAt: gift.createdAt.toISOString(),
          plan: gift.isRecurring ? planOf(giftPlans.get(gift.id), gift.status) : null,
        })),
        memberships: members.map((member) => ({
          id: member.id,
          amountCents: MEMBERSHIP_PRICE_CENTS,
          ...standingOf(member),
          createdAt: member.createdAt.toISOString(),
          plan: planOf(memberPlans.get(member.id), member.status),
        })),
        registrations: registrations.map((registration) => ({
          ...registration,
          ...standingOf(registration),
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
      const kind = await planKindOf(email, paymentId);
      if (!kind) throw new AppError('NOT_FOUND', manageMessages.planNotFound);
      const at = now();
      const outcome = await db.transaction(async (tx) => {
        const request = await requestPlanCancellation(tx, {
          paymentId,
          by: 'donor',
          reason: DONOR_CANCEL_REASON,
          at,
        });
        if (request.kind === 'requested') {
          await writeAuditRow(
            tx,
            { userId: null, label: 'donor' },
            {
              action: DONOR_CANCEL_ACTION,
              entityType: 'payment',
              entityId: paymentId,
              after: { cancelRequestedAt: at.toISOString(), reason: DONOR_CANCEL_REASON },
            },
          );
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
      const gifts = await db
        .select({ id: donations.id, firstName: donations.firstName, lastName: donations.lastName })
        .from(donations)
        .where(sql`lower(${donations.email}) = ${email}`)
        .orderBy(desc(donations.createdAt));
      const giftIds = gifts.map((gift) => gift.id);
      const all = await paymentsOf([{ kinds: GIFT_KINDS, ids: giftIds }]);
      const kinds = new Map(all.map((payment) => [payment.id, payment.kind]));
      const rows = await receiptRowsOf([...kinds.keys()], giftIds);
      const latestGift = gifts[0];
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
