import { z } from 'zod';
import { IsoDateTime } from './common';
import { csvDate, csvField } from './contributors-csv';
import { TimeZone } from './time-zone';
import { formatCents } from './display';

/**
 * The back office's deposits: the provider's settlement batches as synced (docs/decisions/048-deposits.md),
 * each with the payments and refunds it holds, our totals beside the provider's, and the CSV a
 * treasurer matches against the bank statement. Every amount is integer cents, computed on the
 * server by the money module; the page only formats them.
 */

const Cents = z.number().int();
const Batch = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);
const dateMessage = 'Expected a date as yyyy-MM-dd';
const Day = z.iso.date({ message: dateMessage });

/** The most deposits one page of GET /api/admin/deposits answers, and its default. */
export const DEPOSITS_PAGE_MAX_LIMIT = 200;
export const DEPOSITS_PAGE_DEFAULT_LIMIT = 50;

/** The provider's settlement batch as stored, its figures exactly as the provider reports them. */
export const DepositSummary = z.object({
  batch: z.number().int(),
  /** When the provider made the batch. */
  settlementDate: IsoDateTime.nullable(),
  /** When it sent the money to the bank; null until then. */
  transferDate: IsoDateTime.nullable(),
  /** PENDING, SUCCEEDED or HOLD. */
  status: z.string().nullable(),
  debitCount: z.number().int().nullable(),
  reversalCount: z.number().int().nullable(),
  disputeCount: z.number().int().nullable(),
  grossCents: Cents,
  feesCents: Cents,
  adjustmentsCents: Cents,
  netCents: Cents,
  syncedAt: IsoDateTime,
});
export type DepositSummary = z.infer<typeof DepositSummary>;

/**
 * GET /api/admin/deposits query: batches whose deposit date (the provider's settlement date, UTC)
 * is within `from`..`to` inclusive, newest first, paged by the previous page's nextCursor.
 */
export const DepositListQuery = z
  .object({
    from: Day.optional(),
    to: Day.optional(),
    before: Batch.optional(),
    limit: z.coerce.number().int().min(1).max(DEPOSITS_PAGE_MAX_LIMIT).default(DEPOSITS_PAGE_DEFAULT_LIMIT),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { message: 'The start date is after the end date', path: ['to'] });
export type DepositListQuery = z.infer<typeof DepositListQuery>;

/** GET /api/admin/deposits → 200. */
export const DepositList = z
  .object({
    success: z.literal(true),
    data: z.array(DepositSummary),
    nextCursor: z.number().int().nullable(),
    /** When the newest copy of any batch was made; null before the first sync found one. */
    lastSyncedAt: IsoDateTime.nullable(),
  })
  .meta({ id: 'DepositList' });
export type DepositList = z.infer<typeof DepositList>;

/** What a payment paid for, as a deposit's line and its CSV name it (the dashboard's words). */
export const PAYMENT_KIND_LABELS: Readonly<Record<string, string>> = {
  donation: 'Contribution',
  recurring_donation: 'Monthly contribution',
  membership: 'Membership',
  registration: 'Event Registration',
};

/** How a line moves money in the deposit. */
export const DepositLineKind = z.enum(['debit', 'refund']);

/** One transaction of a batch. */
export const DepositLine = z.object({
  providerTransactionId: z.string(),
  date: IsoDateTime.nullable(),
  kind: DepositLineKind,
  /** The provider's transaction_type and status. */
  providerType: z.string(),
  status: z.string(),
  /** The provider's figures, a refund's gross and net negative. */
  grossCents: Cents,
  feeCents: Cents,
  netCents: Cents,
  /** The payment it belongs to, when ours; its reference is `PAY-…`. */
  paymentId: z.uuid().nullable(),
  reference: z.string().nullable(),
  contributor: z.string().nullable(),
  /** What the payment paid for: 'Contribution', 'Monthly contribution', 'Membership', 'Event Registration'. */
  paymentKind: z.string().nullable(),
  /** What our ledger recorded for it, a refund negative; null when the ledger holds no row (unmatched). */
  ledgerCents: Cents.nullable(),
});
export type DepositLine = z.infer<typeof DepositLine>;

/** Our totals from the ledger rows the batch's transactions matched. */
export const DepositTotals = z.object({
  debitsCents: Cents,
  reversalsCents: Cents,
  grossCents: Cents,
  /** The provider's fees on the matched transactions. */
  feesCents: Cents,
  /** The fees the ledger recorded (the product's 2.9 % rule): shown, not compared. */
  ledgerFeesCents: Cents,
  netCents: Cents,
  debitCount: z.number().int(),
  reversalCount: z.number().int(),
  unmatchedCount: z.number().int(),
});

/** Which of our figures disagree with the provider's (true: they differ). */
export const DepositComparison = z.object({
  gross: z.boolean(),
  fees: z.boolean(),
  net: z.boolean(),
  counts: z.boolean(),
  unmatched: z.boolean(),
  agrees: z.boolean(),
});

/** GET /api/admin/deposits/{batch} → 200. */
export const DepositDetail = z
  .object({
    success: z.literal(true),
    data: z.object({
      deposit: DepositSummary,
      lines: z.array(DepositLine),
      ours: DepositTotals,
      comparison: DepositComparison,
    }),
  })
  .meta({ id: 'DepositDetail' });
export type DepositDetail = z.infer<typeof DepositDetail>;

export const DepositBatchParams = z.object({ batch: Batch });

/** GET /api/admin/deposits/{batch}/export query: the zone the file's dates are written in (default UTC). */
export const DepositExportQuery = z.object({ timeZone: TimeZone.optional() });

/** GET /api/admin/deposits/export query: every batch whose deposit date is within `from`..`to` (UTC days). */
export const DepositsExportQuery = z
  .object({ from: Day, to: Day, timeZone: TimeZone.optional() })
  .refine((q) => q.from <= q.to, { message: 'The start date is after the end date', path: ['to'] });
export type DepositsExportQuery = z.infer<typeof DepositsExportQuery>;

/** POST /api/admin/deposits/refresh → 202: the sync is queued. */
export const DepositRefreshAccepted = z
  .object({ success: z.literal(true), jobId: z.string() })
  .meta({ id: 'DepositRefreshAccepted' });
export type DepositRefreshAccepted = z.infer<typeof DepositRefreshAccepted>;

/** The CSV's columns, in this order: what a treasurer matches against the bank statement. */
export const DEPOSIT_CSV_COLUMNS = [
  'Deposit Date',
  'Transfer Date',
  'Batch',
  'Payment Reference',
  'Contributor',
  'Kind',
  'Gross',
  'Fee',
  'Net',
  'Type',
  'Transaction ID',
  'In Our Records',
] as const;

const LINE_END = '\r\n';

/**
 * One line of the deposits CSV. Text cells go through csvField (the formula guard, quoting); the
 * amounts are numbers the server computed from integers, written as they are, so a refund's
 * "-10.00" stays a number in the spreadsheet instead of being turned into text.
 */
export function depositCsvLine(
  deposit: Pick<DepositSummary, 'batch' | 'settlementDate' | 'transferDate'>,
  line: DepositLine,
  timeZone?: string,
): string {
  const day = (iso: string | null) => (iso ? csvDate(iso, timeZone) : '');
  const text = [
    day(deposit.settlementDate),
    day(deposit.transferDate),
    String(deposit.batch),
    line.reference ?? '',
    line.contributor ?? '',
    line.paymentKind ?? '',
  ].map(csvField);
  const amounts = [line.grossCents, line.feeCents, line.netCents].map(formatCents);
  const tail = [line.kind, line.providerTransactionId, line.ledgerCents === null ? 'No' : 'Yes'].map(csvField);
  return [...text, ...amounts, ...tail].join(',') + LINE_END;
}

export const DEPOSIT_CSV_HEADER_LINE = DEPOSIT_CSV_COLUMNS.join(',') + LINE_END;

/** 'deposit-{batch}.csv', or 'deposits-{from}-to-{to}.csv' for a range. */
export function depositCsvFileName(of: { batch: number } | { from: string; to: string }): string {
  return 'batch' in of ? `deposit-${of.batch}.csv` : `deposits-${of.from}-to-${of.to}.csv`;
}
