/**
 * Texts for Pay Theory's most common card failure codes, after the docs' "Failure Codes" table
 * (docs/main/after_payments/failed_transactions.md). The API's transaction carries only the code
 * (`failure_reasons`); the SDK gets a `failure_text`, which is what these stand in for.
 */
const FAILURE_TEXTS: Record<string, string> = {
  GENERIC_DECLINE: 'The transaction was declined. Please contact your card issuer or use another card.',
  INSUFFICIENT_FUNDS: 'The account has insufficient funds for this transaction. Please use another card.',
  NOT_SUFFICIENT_FUNDS: 'The account has insufficient funds for this transaction. Please use another card.',
  INVALID_ACCOUNT_NUMBER: 'The card number is not valid. Please use another card.',
  INVALID_CARD: 'The card is not valid. Please use another card.',
  EXPIRED_CARD: 'The card has expired. Please use another card.',
  INVALID_CVV: 'The security code is not valid. Please check it and try again.',
  CALL_ISSUER: 'The card was declined. Please contact your card issuer.',
  DO_NOT_HONOR: 'The card was declined. Please contact your card issuer.',
  LOST_OR_STOLEN_CARD: 'The card was declined. Please contact your card issuer.',
  FRAUD_DETECTED: 'The card was declined. Please contact your card issuer.',
  CARD_NOT_SUPPORTED: 'This card does not support this type of purchase. Please use another card.',
  DUPLICATE_TRANSACTION: 'A matching payment was made a moment ago, so this one was declined as a duplicate.',
};

export function failureText(code: string): string {
  return FAILURE_TEXTS[code] ?? 'The payment was declined. Please use another card or contact your card issuer.';
}
