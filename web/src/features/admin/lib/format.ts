import { ApiError } from '@pillars/shared/contracts';
import { format } from 'date-fns';
import { ApiRequestError } from '@/lib/api';

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** Dollars as '$1,234.50'. */
export function formatDollars(dollars: number): string {
  return usd.format(dollars);
}

/** Integer cents as '$45.00'. */
export function formatCentsAsDollars(cents: number): string {
  return usd.format(cents / 100);
}

/** A decimal string from the API ('25.00') as '$25.00'; anything unreadable is shown as given. */
export function formatDecimalDollars(amount: string): string {
  const value = Number(amount);
  return Number.isFinite(value) ? usd.format(value) : amount;
}

/** 'Jan 5, 2025' in the admin's zone. */
export function formatShortDate(instant: string): string {
  return format(new Date(instant), 'MMM d, yyyy');
}

/** 'Jan 5, 2025, 3:30 PM' in the admin's zone. */
export function formatShortDateTime(instant: string): string {
  return format(new Date(instant), 'MMM d, yyyy, h:mm a');
}

/** The last 8 characters of a payment or transaction id (product rule). */
export function lastEight(id: string): string {
  return id.slice(-8);
}

/**
 * A load error for the page: "{status}: {message}" like every failed call's message, but with the API's
 * `error` text rather than its raw JSON body.
 */
export function describeError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    try {
      const parsed = ApiError.safeParse(JSON.parse(error.bodyText));
      if (parsed.success) return `${error.status}: ${parsed.data.error}`;
    } catch {
      // Not JSON: the message already holds the body text or the status text.
    }
  }
  return error instanceof Error ? error.message : String(error);
}
