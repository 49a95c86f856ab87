import { TZDate } from '@date-fns/tz';
import { EVENT_TIME_ZONE } from '../contracts/events';

/**
 * The number printed on a receipt, derived from its `transactions` row alone, so the e-mail, a
 * resend and any page that lists the payment show the same one: the day the money was received in
 * the organisation's zone, then the row id's first twelve hex digits ("20261124-3F9A2C1B4D5E").
 */
export function receiptNumberOf(row: { id: string; createdAt: Date }): string {
  const day = new TZDate(row.createdAt, EVENT_TIME_ZONE);
  const yyyymmdd = `${day.getFullYear()}${String(day.getMonth() + 1).padStart(2, '0')}${String(day.getDate()).padStart(2, '0')}`;
  return `${yyyymmdd}-${row.id.replace(/-/g, '').slice(0, 12).toUpperCase()}`;
}
