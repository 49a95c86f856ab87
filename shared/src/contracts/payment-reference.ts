/**
 * The reference a visitor reads on /success and quotes to the office: `PAY-` and the first 10 hex
 * digits of the payment's id, e.g. `PAY-3F2A9C1B04`. It is ours, not the provider's (whose ids the
 * public payment status no longer answers, docs/decisions/046), and it is not a key: 40 of the
 * id's 122 random bits leave the rest unguessable. The admin's payment details show the same.
 */
export function paymentReferenceOf(paymentId: string): string {
  return `PAY-${paymentId.replaceAll('-', '').slice(0, 10).toUpperCase()}`;
}
