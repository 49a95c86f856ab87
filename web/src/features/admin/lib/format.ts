import { ApiError } from '@pillars/contracts';
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

/** The API's `error` text alone: answers from a proxy or an older server may lack the other fields. */
const ApiErrorText = ApiError.pick({ error: true });

/**
 * A load error for the page: "{status}: {message}" like every failed call's message, but with the API's
 * `error` text rather than its raw JSON body (the raw body goes to technicalDetails).
 */
export function describeError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    try {
      const parsed = ApiErrorText.safeParse(JSON.parse(error.bodyText));
      if (parsed.success) return `${error.status}: ${parsed.data.error}`;
    } catch {
      // Not JSON: the message already holds the body text or the status text.
    }
  }
  return error instanceof Error ? error.message : String(error);
}

/** Longest raw answer shown in a load error's technical details; an HTML error page can be huge. */
const DETAILS_MAX_CHARS = 2000;

/** A load error's technical details: the HTTP status and the raw answer, or the error's kind and message. */
export function technicalDetails(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const body =
      error.bodyText.length > DETAILS_MAX_CHARS ? `${error.bodyText.slice(0, DETAILS_MAX_CHARS)}…` : error.bodyText;
    return body ? `HTTP ${error.status}\n${body}` : `HTTP ${error.status}`;
  }
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}
