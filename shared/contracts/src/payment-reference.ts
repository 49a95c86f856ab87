/**
 * The reference a visitor reads on /success and quotes to the office: `PAY-` and the first 10 hex
 * digits of the payment's id, e.g. `PAY-3F2A9C1B04`. It is ours, not the provider's (whose ids the
 * public payment status no longer answers, docs/decisions/046), and it is not a key: 40 of the
 * id's 122 random bits leave the rest unguessable. The admin's payment details show it beside each
 * of a record's payments, and the contributors' search finds the record whose payment it names
 * (paymentIdRangeOfReference).
 */
export function paymentReferenceOf(paymentId: string): string {
  return `PAY-${paymentId.replaceAll('-', '').slice(0, 10).toUpperCase()}`;
}

/** A reference as typed: `PAY-` and 10 hex digits, in any case, spaces around it ignored. */
const REFERENCE = /^PAY-([0-9a-f]{10})$/i;

/**
 * The payment ids a reference names, as an inclusive range of UUIDs (lowercase, so their text
 * order is PostgreSQL's uuid order): every id that starts with its 10 hex digits, a range the
 * primary key's index reads directly. Undefined when the text is not a reference.
 */
export function paymentIdRangeOfReference(text: string): { first: string; last: string } | undefined {
  const digits = REFERENCE.exec(text.trim())?.[1]?.toLowerCase();
  if (!digits) return undefined;
  const id = (fill: string) => {
    const hex = digits.padEnd(32, fill);
    return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  };
  return { first: id('0'), last: id('f') };
}
