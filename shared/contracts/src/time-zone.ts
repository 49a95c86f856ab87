// The admin's time zone, in which lists, CSV files and deposits show dates.

/** True when the runtime knows this IANA zone name. */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
