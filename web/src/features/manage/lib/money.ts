import { formatCents } from '@pillars/contracts';

/** '$25.00', and a refund '−$7.76' (a minus sign, so screen readers say "minus"). */
export function formatMoney(cents: number): string {
  return cents < 0 ? `−$${formatCents(-cents)}` : `$${formatCents(cents)}`;
}
