/**
 * What a donor is told for Pay Theory's card failure codes, after the docs' "Failure Codes" table
 * (docs/sdk/javascript/failed_transactions.md). The API's transaction carries only the code
 * (`failure_reasons`); the SDK's `failure_text` is written for the merchant ("the cardholder needs
 * to…"), so these address the donor instead. Every code the sandbox's decline amounts produce
 * (docs/main/testing.mdx) has its own text here.
 */
const CONTACT_ISSUER = 'The card was declined. Please contact your card issuer or use another card.';

const FAILURE_TEXTS: Record<string, string> = {
  GENERIC_DECLINE: 'The card was declined for an unknown reason. Please contact your card issuer or use another card.',
  INSUFFICIENT_FUNDS: 'The account has insufficient funds for this payment. Please use another card.',
  NOT_SUFFICIENT_FUNDS: 'The account has insufficient funds for this payment. Please use another card.',
  INVALID_ACCOUNT_NUMBER: 'The card number is not valid. Please check it, or use another card.',
  ADDRESS_VERIFICATION_FAILED_RISK_RULES:
    'The billing address could not be verified. Please check the ZIP code and try again.',
  CVV_FAILED_RISK_RULES: 'The security code could not be verified. Please check the CVV and try again.',
  INVALID_CARD: 'The card is not valid. Please use another card.',
  EXPIRED_CARD: 'The card has expired. Please use another card.',
  INVALID_CVV: 'The security code is not valid. Please check it and try again.',
  INACTIVE_CARD: 'The card is not active. Please activate it or use another card.',
  CARD_ACCOUNT_CLOSED: 'The card account is closed. Please use another card.',
  CALL_ISSUER: CONTACT_ISSUER,
  DO_NOT_HONOR: CONTACT_ISSUER,
  LOST_OR_STOLEN_CARD: CONTACT_ISSUER,
  PICK_UP_CARD: CONTACT_ISSUER,
  RESTRICTED_CARD: CONTACT_ISSUER,
  INVALID_ISSUER: CONTACT_ISSUER,
  INVALID_TRANSACTION: CONTACT_ISSUER,
  EXCEEDS_APPROVAL_LIMIT: CONTACT_ISSUER,
  FRAUD_DETECTED: CONTACT_ISSUER,
  INVALID_AMOUNT: 'The amount is more than this card allows. Please use another card.',
  CARD_NOT_SUPPORTED: 'This card does not support this type of purchase. Please use another card.',
  TRANSACTION_NOT_PERMITTED: 'This card does not support this type of purchase. Please use another card.',
  DUPLICATE_TRANSACTION: 'A matching payment was made a moment ago, so this one was declined as a duplicate.',
  RESUBMIT_TRANSACTION: 'The card issuer could not process the payment. Please try again.',
};

export function failureText(code: string): string {
  return FAILURE_TEXTS[code] ?? 'The payment was declined. Please use another card or contact your card issuer.';
}

/** Decline codes of our own: a reported charge the provider does not show, or shows for another amount. */
const OWN_DECLINE_CODES = new Set(['UNVERIFIED', 'AMOUNT_MISMATCH']);

/**
 * A decline code as a metric label (docs/decisions/029): a code of the table above or one of ours,
 * else `OTHER`, so a provider inventing codes cannot grow the number of series without bound.
 */
export function declineCodeLabel(code: string): string {
  return Object.hasOwn(FAILURE_TEXTS, code) || OWN_DECLINE_CODES.has(code) ? code : 'OTHER';
}
