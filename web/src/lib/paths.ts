/**
 * Every address the web app builds, in one place. The pages behind them, and the query strings
 * the success page reads (`type`, `amount` with two decimals, `event`), are fixed by the product.
 */

export function newsArticlePath(slug: string): string {
  return `/news/${slug}`;
}

export function eventPagePath(slug: string): string {
  return `/events/${slug}`;
}

export function eventPaymentPath(slug: string, registrationId: string): string {
  return `/events/${slug}/payment/${registrationId}`;
}

/** After a contribution; `amount` has two decimals ('17.76'). */
export function contributionSuccessPath(amount: string): string {
  return `/success?type=contribution&amount=${amount}`;
}

export const MEMBERSHIP_SUCCESS_PATH = '/success?type=membership';

/** After registering (free, amount '0.00') or paying for an event ('45.00'). */
export function eventSuccessPath(amount: string, eventTitle: string): string {
  return `/success?type=event&amount=${amount}&event=${encodeURIComponent(eventTitle)}`;
}

/** "Manage your giving" (docs/decisions/020): e-mailed links add `?token=…`, which the page drops at once. */
export const MANAGE_PATH = '/manage';

/** The printable giving statement of a year. */
export function givingStatementPath(year: number): string {
  return `/manage/statement/${year}`;
}
