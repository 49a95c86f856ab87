/**
 * Pay Theory's sandbox conventions, from its testing page (docs/main/testing.mdx): which cards
 * tokenize, which amounts decline. Validation happens at tokenize time, as with the real hosted
 * fields; declines happen at charge time and are recorded like any other transaction.
 */

export type CardBrand = 'VISA' | 'MASTERCARD' | 'AMERICAN_EXPRESS' | 'DISCOVER' | 'UNKNOWN';

/**
 * The documented test cards. Any other Luhn-valid 13-19 digit number tokenizes too: the docs do
 * not say that the sandbox refuses other numbers, and the hosted fields only check the format.
 */
export const TEST_CARDS = {
  visa: '4111111111111111',
  mastercard: '5454545454545454',
  amex: '343434343434343',
  discover: '6542154846623459',
} as const;

export interface Decline {
  code: string;
  /** The SDK's `failure_text`: the description of the code in the docs' "Failure Codes" table. */
  text: string;
}

/**
 * Every documented decline amount, in cents, with its failure code (testing.mdx) and text
 * (docs/sdk/javascript/failed_transactions.md). The docs add that they do not work with the
 * SERVICE_FEE fee mode; this project charges with MERCHANT_FEE only.
 */
export const DECLINING_AMOUNTS: ReadonlyMap<number, Decline> = new Map([
  [
    102,
    {
      code: 'GENERIC_DECLINE',
      text: 'The transaction was declined for an unknown reason. The account owner needs to contact their issuer for more information.',
    },
  ],
  [
    193,
    {
      code: 'INSUFFICIENT_FUNDS',
      text: 'The account has insufficient funds for the transaction. The account holder needs to use another method of payment.',
    },
  ],
  [
    194,
    {
      code: 'INVALID_ACCOUNT_NUMBER',
      text: 'The card number is not valid. The cardholder needs to contact their issuing bank for more information or use another card.',
    },
  ],
  [
    889986,
    {
      code: 'ADDRESS_VERIFICATION_FAILED_RISK_RULES',
      text: 'The Risk Rules associated to the Merchant declined the transaction. The cardholder needs to attempt the transaction again using the correct address.',
    },
  ],
  [
    889987,
    {
      code: 'CVV_FAILED_RISK_RULES',
      text: 'The Risk Rules associated with the Merchant declined the transaction. The cardholder needs to attempt the transaction again using the correct CVV.',
    },
  ],
]);

/** The documented amount that succeeds and also opens a dispute on the transaction. */
export const DISPUTE_AMOUNT = 888888;

export function declineFor(amountCents: number): Decline | null {
  return DECLINING_AMOUNTS.get(amountCents) ?? null;
}

export function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function luhnValid(number: string): boolean {
  if (!/^\d{13,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): CardBrand {
  if (/^4/.test(number)) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'MASTERCARD';
  if (/^3[47]/.test(number)) return 'AMERICAN_EXPRESS';
  if (/^(6011|65|64[4-9])/.test(number)) return 'DISCOVER';
  return 'UNKNOWN';
}

export function cvvLength(number: string): 3 | 4 {
  return brandOf(number) === 'AMERICAN_EXPRESS' ? 4 : 3;
}

/** Month 1-12 and a two- or four-digit year; a card is good through the end of its month. */
export function expiryValid(month: string, year: string, now: Date = new Date()): boolean {
  if (!/^\d{1,2}$/.test(month) || !/^(\d{2}|\d{4})$/.test(year)) return false;
  const m = Number(month);
  if (m < 1 || m > 12) return false;
  const y = year.length === 2 ? 2000 + Number(year) : Number(year);
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  return y * 12 + (m - 1) >= thisMonth;
}

export interface RawCard {
  number: string;
  expMonth: string;
  expYear: string;
  securityCode: string;
  postalCode?: string | undefined;
}

export interface CardSummary {
  lastFour: string;
  brand: CardBrand;
  /** MMYY, the format Pay Theory reports expirations in. */
  expiration: string;
}

export type CardCheck = { ok: true; card: CardSummary } | { ok: false; problems: string[] };

/**
 * The tokenize-time rules. Problem texts name the field, never its value, because they travel
 * to the browser and into logs.
 */
export function checkCard(raw: RawCard, now: Date = new Date()): CardCheck {
  const number = digitsOnly(raw.number);
  const problems: string[] = [];
  if (!luhnValid(number)) problems.push('card number is not valid');
  if (!expiryValid(raw.expMonth, raw.expYear, now)) problems.push('expiration date is not valid or in the past');
  if (!/^\d+$/.test(raw.securityCode) || raw.securityCode.length !== cvvLength(number)) {
    problems.push(`security code must be ${cvvLength(number)} digits`);
  }
  if (raw.postalCode !== undefined && !/^[A-Za-z0-9][A-Za-z0-9 -]{2,9}$/.test(raw.postalCode.trim())) {
    problems.push('postal code is not valid');
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    card: {
      lastFour: number.slice(-4),
      brand: brandOf(number),
      expiration: raw.expMonth.padStart(2, '0') + raw.expYear.slice(-2),
    },
  };
}

/**
 * The sandbox's processing fee on a successful charge, charged to the merchant (fee mode
 * MERCHANT_FEE): 2.9% of the amount, rounded to the cent, plus 30 cents, never more than the
 * amount. Pay Theory's real fee comes from the merchant's fee matrix, which the docs do not fix;
 * this is a common card rate, so fees and net amounts are never zero in tests. Reversals carry no
 * fee (the processor keeps its fee on a refund) and a voided charge none (nothing moved).
 */
export function feeFor(amountCents: number): number {
  return Math.min(amountCents, Math.round(amountCents * 0.029) + 30);
}
