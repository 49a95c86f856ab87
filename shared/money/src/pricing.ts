/**
 * Every price and fee the product computes, in one place. Pure and browser-safe (no imports), so
 * the API, the worker and the web app's display share one implementation: the web app imports it
 * as `@pillars/money/rules`. Amounts are integer cents; how they are written is formatCents in
 * @pillars/contracts.
 */

/** A membership costs $25.00 a month. */
export const MEMBERSHIP_PRICE_CENTS = 2500;

/** The fee recorded on a transaction row: 2.9 % of the charge, rounded to the cent. */
export const TRANSACTION_FEE_RATE = 0.029;

/** Dollars → integer cents: × 100, rounded, so 17.76 is 1776 whatever binary floating point makes of it. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/** The fee on a charge of `amountCents` (see TRANSACTION_FEE_RATE). It is recorded, not added to what the payer pays. */
export function transactionFeeCents(amountCents: number): number {
  return Math.round(amountCents * TRANSACTION_FEE_RATE);
}

/** What an event's price depends on: its direct price and its ticket types, both in cents. */
export interface PricedEvent {
  requiresPayment: boolean;
  price: number;
  pricingTiers: readonly { id: string; price: number }[];
}

/**
 * What one registration for an event costs: nothing for a free event; else the event's direct
 * price when it has one, else the selected ticket type's price, else 0. Computed by the server
 * from the stored event, never taken from the browser.
 */
export function eventPriceCents(event: PricedEvent, selectedTier: string | null | undefined): number {
  if (!event.requiresPayment) return 0;
  if (event.price > 0) return event.price;
  return event.pricingTiers.find((tier) => tier.id === selectedTier)?.price ?? 0;
}

/**
 * The price to show for an event before a ticket type is chosen, by the same precedence as
 * `eventPriceCents`: free; the direct price exactly; or, for an event priced by ticket type, the
 * cheapest one ("from").
 */
export type EventPriceShown = { kind: 'free' } | { kind: 'exact'; cents: number } | { kind: 'from'; cents: number };

export function eventPriceShown(event: PricedEvent): EventPriceShown {
  if (!event.requiresPayment) return { kind: 'free' };
  if (event.price > 0) return { kind: 'exact', cents: event.price };
  const prices = event.pricingTiers.map((tier) => tier.price);
  if (prices.length === 0) return { kind: 'free' };
  return { kind: 'from', cents: Math.min(...prices) };
}
