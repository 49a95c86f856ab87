/**
 * Whether a row can have a payment in the ledger, so it offers 'Payment details': a card record, or
 * one the provider has an id for. Applications without a card never have one; the dialog still says
 * so when a card record's payment is missing.
 */
export function mayHavePayment(row: {
  paymentMethod?: string | null;
  payTheoryPaymentId: string | null;
  paymentAmount?: number | null;
}): boolean {
  return (
    row.paymentMethod === 'card' ||
    row.payTheoryPaymentId !== null ||
    (row.paymentAmount !== undefined && row.paymentAmount !== null && row.paymentAmount > 0)
  );
}
