// How an amount and a record's state are written for people: the same words on every screen, in
// the CSV and in e-mails. What an amount or a state IS is money's to compute (@pillars/money).

/** Integer cents → dollars with two decimals, as donations store them and screens show them: 2500 → "25.00". */
export function formatCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** The words a person reads for each state, in the admin lists, the CSV, the manage page and e-mails. */
export const RECORD_STATE_LABELS: Readonly<Record<string, string>> = {
  pending: 'Pending',
  completed: 'Completed',
  success: 'Completed',
  active: 'Active',
  paid: 'Paid',
  confirmed: 'Confirmed',
  attended: 'Attended',
  cancelled: 'Cancelled',
  inactive: 'Inactive',
  failed: 'Failed',
  declined: 'Declined',
  disputed: 'Disputed',
  refunded: 'Refunded',
  partly_refunded: 'Partly refunded',
  voided: 'Voided',
};

/** A state's label; a status this list does not know reads as itself, capitalised. */
export function recordStateLabel(state: string): string {
  return RECORD_STATE_LABELS[state] ?? state.charAt(0).toUpperCase() + state.slice(1);
}
