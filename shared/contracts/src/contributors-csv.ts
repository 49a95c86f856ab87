import { recordStateLabel } from './display';
import type { ContributorRow } from './admin-contributors';

/**
 * The dashboard's CSV export, the one rule of the server's stream, which the dashboard downloads
 * (GET /api/admin/contributors/export, docs/decisions/031). Product rule: these columns in this
 * order, dates as MM/dd/yyyy, the file 'contributors-yyyy-MM-dd.csv'. After them, the payment's
 * state at Pay Theory and its review flag (docs/decisions/019), as Pay Theory names them, so a
 * treasurer sees a void or a held payment beside the money; last, so the product's columns keep
 * their places.
 */
export const CSV_COLUMNS = [
  'First Name',
  'Last Name',
  'Email',
  'Phone',
  'Type',
  'Amount',
  'Payment Method',
  'Recurring',
  'Status',
  'Transaction ID',
  'Details',
  'Date',
  'Processor Status',
  'Review Flag',
] as const;

/** RFC 4180 line ending, which every spreadsheet reads. */
const LINE_END = '\r\n';

/** What Excel needs first to read the file as UTF-8 (names with accents); other spreadsheets ignore it. */
export const CSV_BYTE_ORDER_MARK = '\uFEFF';

/**
 * A spreadsheet runs a cell starting with one of these as a formula (OWASP "CSV injection"): a
 * contributor could type `=HYPERLINK(...)` as their name. A leading apostrophe makes it text.
 */
const FORMULA_TRIGGERS = ['=', '+', '-', '@', '\t', '\r'];

export function neutralizeFormula(value: string): string {
  return FORMULA_TRIGGERS.some((trigger) => value.startsWith(trigger)) ? `'${value}` : value;
}

/** One cell: formula-neutralized, then quoted when it holds a comma, quote or line break. */
export function csvField(value: string): string {
  const safe = neutralizeFormula(value);
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

// Building a formatter costs far more than using one, and an export formats a date per row. Zone
// names are case-insensitive, so their spellings are unbounded: the cache is emptied past a few.
const dayFormats = new Map<string | undefined, Intl.DateTimeFormat>();
const DAY_FORMATS_MAX = 50;

/** The cached en-US day format of a zone (undefined: the runtime's own, as the browser shows it). */
function dayFormatOf(timeZone: string | undefined): Intl.DateTimeFormat {
  let dayFormat = dayFormats.get(timeZone);
  if (!dayFormat) {
    dayFormat = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dayFormats.size >= DAY_FORMATS_MAX) dayFormats.clear();
    dayFormats.set(timeZone, dayFormat);
  }
  return dayFormat;
}

/** Year, month and day of an instant in a zone (undefined: the runtime's own, as the browser shows it). */
function calendarDay(instant: Date, timeZone: string | undefined) {
  const parts = dayFormatOf(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { year: part('year'), month: part('month'), day: part('day') };
}

/**
 * Product rule: dates as MM/dd/yyyy, in the admin's zone like the table. The en-US format with a
 * 2-digit month and day and a numeric year writes exactly that, "11/24/2026", in one call: taking
 * it apart with formatToParts (as calendarDay does) cost 2.5 times as much, the largest part of a
 * million-row export's time (docs/decisions/035).
 */
export function csvDate(instant: string, timeZone?: string): string {
  return dayFormatOf(timeZone).format(new Date(instant));
}

/** A payment's state at Pay Theory, for its record's row: its status and review flag, when read. */
export interface ProcessorState {
  status: string | null;
  reviewFlag: string | null;
}

/** A row's cells in CSV_COLUMNS order, before escaping. */
export function contributorCells(row: ContributorRow, timeZone?: string, processor?: ProcessorState): string[] {
  return [
    row.firstName ?? '',
    row.lastName ?? '',
    row.email,
    row.phone ?? '',
    row.type,
    row.amount.toFixed(2),
    row.paymentMethod,
    row.isRecurring ? 'Yes' : 'No',
    // What the record is, in the words every list uses (docs/decisions/052-what-a-record-says.md).
    recordStateLabel(row.state ?? row.status),
    row.payTheoryPaymentId ?? '',
    row.details,
    csvDate(row.createdAt, timeZone),
    processor?.status ?? '',
    processor?.reviewFlag ?? '',
  ];
}

/** One line of the file, CRLF included. */
export function csvLine(cells: readonly string[]): string {
  return `${cells.map(csvField).join(',')}${LINE_END}`;
}

/** The header line. */
export const CSV_HEADER_LINE = csvLine(CSV_COLUMNS);

/** The whole file: a header line, then one line per row, each line ending with CRLF. */
export function contributorsCsv(rows: readonly ContributorRow[], timeZone?: string): string {
  return CSV_HEADER_LINE + rows.map((row) => csvLine(contributorCells(row, timeZone))).join('');
}

/** Product rule: 'contributors-yyyy-MM-dd.csv', dated the day of the export (in the admin's zone). */
export function contributorsCsvFileName(date: Date = new Date(), timeZone?: string): string {
  const { year, month, day } = calendarDay(date, timeZone);
  return `contributors-${year}-${month}-${day}.csv`;
}
