// The admin's time zone, in which lists, CSV files and deposits show dates.
import { z } from 'zod';

/** True when the runtime knows this IANA zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA zone name is far below this ('America/Argentina/ComodRivadavia' is 32). */
const TIME_ZONE_MAX = 64;

/** An IANA time zone name the runtime knows, such as America/New_York. */
export const TimeZone = z
  .string()
  .max(TIME_ZONE_MAX)
  .refine(isTimeZone, { message: 'Expected an IANA time zone, such as America/New_York' });
