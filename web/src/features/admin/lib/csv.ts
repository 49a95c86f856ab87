import type { ContributorRow } from '@pillars/shared/contracts';
import { format } from 'date-fns';

/** Product rule: the export's columns, in this order. */
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
] as const;

/** RFC 4180 line ending, which every spreadsheet reads. */
const LINE_END = '\r\n';

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

/** Product rule: dates as MM/dd/yyyy, in the admin's zone like the table. */
export function csvDate(instant: string): string {
  return format(new Date(instant), 'MM/dd/yyyy');
}

/** A row's cells in CSV_COLUMNS order, before escaping. */
export function contributorCells(row: ContributorRow): string[] {
  return [
    row.firstName ?? '',
    row.lastName ?? '',
    row.email,
    row.phone ?? '',
    row.type,
    row.amount.toFixed(2),
    row.paymentMethod,
    row.isRecurring ? 'Yes' : 'No',
    row.status,
    row.payTheoryPaymentId ?? '',
    row.details,
    csvDate(row.createdAt),
  ];
}

/** The whole file: a header line, then one line per row, each line ending with CRLF. */
export function contributorsCsv(rows: readonly ContributorRow[]): string {
  const lines = [CSV_COLUMNS, ...rows.map(contributorCells)].map((cells) => cells.map(csvField).join(','));
  return lines.map((line) => `${line}${LINE_END}`).join('');
}

/** Product rule: 'contributors-yyyy-MM-dd.csv', dated the day of the export. */
export function contributorsCsvFileName(date: Date = new Date()): string {
  return `contributors-${format(date, 'yyyy-MM-dd')}.csv`;
}
