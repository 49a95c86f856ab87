import { dollarsToCents } from '@pillars/money/rules';

/** The kinds of /success page; anything else is a plain payment confirmation. */
export type SuccessKind = 'contribution' | 'membership' | 'event' | 'other';

export type SuccessParams = {
  kind: SuccessKind;
  /** Whole cents; null when the amount is missing or not a non-negative decimal number. */
  amountCents: number | null;
  /** The event's title as plain text, or null when missing or blank. */
  eventName: string | null;
};

/** Event titles are short; a longer value is cut so a crafted link cannot flood the page. */
export const MAX_EVENT_NAME_LENGTH = 120;

/** '25', '25.5', '25.00', '0': digits with an optional fraction, nothing else (no sign, exponent, spaces). */
const AMOUNT_PATTERN = /^\d{1,12}(?:\.\d{1,10})?$/;
/** Control characters and runs of whitespace collapse to a single space. */
const UNPRINTABLE_OR_SPACE = /[\p{Cc}\s]+/gu;

const KINDS: readonly SuccessKind[] = ['contribution', 'membership', 'event'];

function parseKind(value: string | null): SuccessKind {
  const kind = value?.trim().toLowerCase();
  return KINDS.find((known) => known === kind) ?? 'other';
}

/** Dollars as given in the query ('45', '45.00') to whole cents, or null when not a valid amount. */
export function parseAmountCents(value: string | null): number | null {
  const text = value?.trim();
  if (!text || !AMOUNT_PATTERN.test(text)) return null;
  const cents = dollarsToCents(Number(text));
  return Number.isSafeInteger(cents) ? cents : null;
}

/** The event name as one line of plain text, at most MAX_EVENT_NAME_LENGTH characters. */
export function parseEventName(value: string | null): string | null {
  const name = value?.replace(UNPRINTABLE_OR_SPACE, ' ').trim();
  if (!name) return null;
  const characters = Array.from(name);
  if (characters.length <= MAX_EVENT_NAME_LENGTH) return name;
  return `${characters
    .slice(0, MAX_EVENT_NAME_LENGTH - 1)
    .join('')
    .trimEnd()}…`;
}

/** Reads the query string of /success (with or without its leading '?'). */
export function parseSuccessParams(search: string): SuccessParams {
  const params = new URLSearchParams(search);
  return {
    kind: parseKind(params.get('type')),
    amountCents: parseAmountCents(params.get('amount')),
    eventName: parseEventName(params.get('event')),
  };
}

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Cents as dollars with two decimals: 2500 → '$25.00'. */
export function formatUsd(cents: number): string {
  return usd.format(cents / 100);
}
