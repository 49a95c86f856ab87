/**
 * Card payment texts (timings are in payment-timing.ts). Internal messages are product texts, verbatim; they are
 * what the payment toast shows when a card payment fails.
 */

/** The provider identifier sent with a tokenized card (a field of the product's call). */
export const CARD_PROVIDER = 'paytheory';

/** The ids the provider's SDK mounts its hosted field iframes into. */
export const CARD_FIELD_IDS = {
  number: 'pay-theory-credit-card-number',
  expiry: 'pay-theory-credit-card-exp',
  cvv: 'pay-theory-credit-card-cvv',
  zip: 'pay-theory-credit-card-zip',
} as const;

export const paymentMessages = {
  alreadyInProgress: 'Payment already in progress',
  fieldsNotReady: 'Payment fields not ready. Please wait and try again.',
  processingFailed: 'Payment processing failed',
  sdkTokenizationFailed: 'SDK tokenization failed',
  invalidCard: 'Unable to process payment information. Please verify your card details and try again.',
  validationFailed: (providerError: string) => `Payment validation failed: ${providerError}`,
  checkCardDetails: 'Payment processing failed - please check your card details',
  unexpectedSuccessFormat: 'Unexpected success response format',
  createDonationFailed: 'Failed to create donation',
  donationProcessingFailed: 'Donation processing failed',
  recurringSetupFailed: 'Recurring donation setup failed',
  providerNotLoaded: 'card payment provider not loaded',
  membershipSetupFailed: 'Membership subscription setup failed',
  membershipSetupRetry: 'Failed to set up membership subscription. Please try again.',
  paymentFailed: 'Payment failed',
  /** Not in the spec: the charge may still complete, so the visitor is told not to pay twice. */
  confirmationTimeout:
    'Your payment is taking longer than expected to confirm. Please wait a few minutes before trying again so you are not charged twice.',
} as const;

export const hostedFieldTexts = {
  legend: 'Card details',
  cardNumber: 'Card number',
  expiry: 'Expiry',
  cvv: 'CVV',
  zip: 'ZIP',
  placeholders: { cardNumber: '1234 1234 1234 1234', expiry: 'MM / YY', cvv: 'CVC', zip: '12345' },
  secureNote: 'Card details go straight to our payment provider; they never touch our servers.',
  invalid: 'Please check your card details.',
  /** Not in the spec: the heading of a declined card's notice beside the fields; the provider's reason follows. */
  declinedTitle: 'Your card was declined.',
  /** Not in the spec: said when the fields come back empty after an attempt, so the card's absence is explained. */
  cleared: 'For your security the card fields were cleared. Please enter your card details again.',
  unavailable: 'The card form could not load. Please refresh the page and try again.',
  /** Not in the spec: the submit button's label while the card fields load (it cannot pay yet). */
  loadingSubmit: 'Loading secure card fields…',
} as const;
