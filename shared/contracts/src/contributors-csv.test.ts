import { describe, expect, it } from 'vitest';
import type { ContributorRow } from './admin';
import {
  contributorCells,
  contributorsCsv,
  contributorsCsvFileName,
  csvDate,
  csvField,
  neutralizeFormula,
} from './contributors-csv';

const row: ContributorRow = {
  id: 'd-1',
  firstName: 'Martha',
  lastName: 'Washington',
  email: 'martha@example.org',
  phone: '(555) 010-1776',
  type: 'Contribution',
  amount: 17.76,
  status: 'pending',
  paymentMethod: 'card',
  isRecurring: true,
  payTheoryPaymentId: 'pt_12345678',
  details: 'Monthly contribution',
  // Noon UTC: the same calendar day in every zone the tests may run in.
  createdAt: '2025-01-05T12:00:00.000Z',
};

// The product's header, as the file says it: these columns in this order, then the state at the processor.
const HEADER =
  'First Name,Last Name,Email,Phone,Type,Amount,Payment Method,Recurring,Status,Transaction ID,Details,Date,Processor Status,Review Flag';

describe('CSV export', () => {
  it('starts the file with the product columns, in order, then the state at the processor', () => {
    const [header = '', line = ''] = contributorsCsv([row]).split('\r\n');
    expect(header).toBe(HEADER);
    // Each header cell stands above its row's cell.
    const cells = Object.fromEntries(header.split(',').map((column, i) => [column, line.split(',')[i]]));
    expect(cells).toEqual({
      'First Name': 'Martha',
      'Last Name': 'Washington',
      Email: 'martha@example.org',
      Phone: '(555) 010-1776',
      Type: 'Contribution',
      Amount: '17.76',
      'Payment Method': 'card',
      Recurring: 'Yes',
      Status: 'Pending',
      'Transaction ID': 'pt_12345678',
      Details: 'Monthly contribution',
      Date: '01/05/2025',
      'Processor Status': '',
      'Review Flag': '',
    });
  });

  it('writes a confirmed membership application without a card as $0, not recurring (docs/decisions/017)', () => {
    const application: ContributorRow = {
      ...row,
      type: 'Membership',
      amount: 0,
      status: 'confirmed',
      isRecurring: false,
      payTheoryPaymentId: null,
      details: 'Monthly membership',
    };
    const cells = contributorCells(application);
    expect([cells[5], cells[7], cells[8]]).toEqual(['0.00', 'No', 'Confirmed']);
  });

  it('writes the state the ledger gives a record in words, over its stored status', () => {
    const refunded: ContributorRow = { ...row, status: 'cancelled', state: 'refunded' };
    expect(contributorCells(refunded)[8]).toBe('Refunded');
    expect(contributorCells({ ...row, status: 'completed', state: 'partly_refunded' })[8]).toBe('Partly refunded');
    expect(contributorCells({ ...row, status: 'completed', state: 'voided' })[8]).toBe('Voided');
    expect(contributorCells({ ...row, status: 'failed', state: 'declined' })[8]).toBe('Declined');
    expect(contributorCells({ ...row, status: 'cancelled', state: 'cancelled' })[8]).toBe('Cancelled');
  });

  it('writes a row per contributor with the date as MM/dd/yyyy', () => {
    expect(contributorCells(row)).toEqual([
      'Martha',
      'Washington',
      'martha@example.org',
      '(555) 010-1776',
      'Contribution',
      '17.76',
      'card',
      'Yes',
      'Pending',
      'pt_12345678',
      'Monthly contribution',
      '01/05/2025',
      '',
      '',
    ]);
    expect(contributorCells(row, 'UTC', { status: 'VOIDED', reviewFlag: 'POTENTIAL_DUPLICATE' }).slice(-3)).toEqual([
      '01/05/2025',
      'VOIDED',
      'POTENTIAL_DUPLICATE',
    ]);
    const empty = {
      ...row,
      firstName: null,
      lastName: null,
      phone: null,
      payTheoryPaymentId: null,
      isRecurring: false,
      amount: 25,
    };
    expect(contributorCells(empty)).toEqual([
      '',
      '',
      'martha@example.org',
      '',
      'Contribution',
      '25.00',
      'card',
      'No',
      'Pending',
      '',
      'Monthly contribution',
      '01/05/2025',
      '',
      '',
    ]);
  });

  it('ends every line with CRLF', () => {
    expect(contributorsCsv([row, row])).toBe(
      `${HEADER}\r\n` +
        'Martha,Washington,martha@example.org,(555) 010-1776,Contribution,17.76,card,Yes,Pending,pt_12345678,Monthly contribution,01/05/2025,,\r\n'.repeat(
          2,
        ),
    );
  });

  it('quotes fields with a comma, a quote or a line break, doubling the quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('Flag Day, VIP')).toBe('"Flag Day, VIP"');
    expect(csvField('The "Patriot" tier')).toBe('"The ""Patriot"" tier"');
    expect(csvField('line one\nline two')).toBe('"line one\nline two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('neutralizes spreadsheet formulas with a leading apostrophe', () => {
    for (const value of ['=1+1', '+1 555 0101', '-2+3', '@SUM(A1)', '\tcmd', '\rcmd']) {
      expect(neutralizeFormula(value)).toBe(`'${value}`);
    }
    expect(neutralizeFormula('Martha = founder')).toBe('Martha = founder');
    expect(neutralizeFormula('')).toBe('');
    // Both at once: neutralized, then quoted.
    expect(csvField('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvField('\r=1')).toBe(`"'\r=1"`);

    const hostile = { ...row, firstName: '=cmd|/C calc!A0', details: '@SUM(1,2)' };
    const line = contributorsCsv([hostile]).split('\r\n')[1];
    expect(line).toMatch(/^'=cmd\|\/C calc!A0,/);
    expect(line).toContain(`"'@SUM(1,2)"`);
  });

  it("is named 'contributors-yyyy-MM-dd.csv' after the day of the export", () => {
    expect(contributorsCsvFileName(new Date(2025, 6, 4, 23, 59))).toBe('contributors-2025-07-04.csv');
    expect(contributorsCsvFileName(new Date(2026, 0, 9))).toBe('contributors-2026-01-09.csv');
  });
});

describe('csvDate', () => {
  it.each([
    ['2026-11-24T16:00:00.000Z', 'UTC', '11/24/2026'],
    ['2026-11-24T23:59:59.999Z', 'UTC', '11/24/2026'],
    // The day in the admin's zone, not in UTC: behind, ahead, and by a half and a quarter hour.
    ['2026-01-01T03:00:00.000Z', 'America/New_York', '12/31/2025'],
    ['2026-03-08T06:59:59.000Z', 'America/New_York', '03/08/2026'],
    ['2026-11-24T18:29:59.000Z', 'Asia/Kolkata', '11/24/2026'],
    ['2026-11-24T18:30:00.000Z', 'Asia/Kolkata', '11/25/2026'],
    ['2026-11-24T18:15:00.000Z', 'Asia/Kathmandu', '11/25/2026'],
  ])('writes %s in %s as %s (MM/dd/yyyy)', (instant, zone, expected) => {
    expect(csvDate(instant, zone)).toBe(expected);
  });
});
