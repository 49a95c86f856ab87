import { dollarsToCents } from '@pillars/money/rules';

/** Dollars as an admin types them ('12.5', '$1,012.50'): at most two decimals. */
const DOLLARS = /^\$?\s*(\d{1,3}(,\d{3})+|\d+)(\.\d{0,2})?$|^\$?\s*\.\d{1,2}$/;

/**
 * The cents of a refund amount typed in dollars, or null when it is not an amount between $0.01
 * and what is left of the charge (the server checks the same bound; this only spares a round trip).
 */
export function refundAmountCents(text: string, maxCents: number): number | null {
  const trimmed = text.trim();
  if (!DOLLARS.test(trimmed)) return null;
  const cents = dollarsToCents(Number(trimmed.replace(/[$,\s]/g, '')));
  return Number.isInteger(cents) && cents >= 1 && cents <= maxCents ? cents : null;
}

/** The amount field's first value: the whole refundable remainder, in dollars ('25.00'). */
export function dollarsOf(cents: number): string {
  return (cents / 100).toFixed(2);
}
