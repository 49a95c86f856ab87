import { contributionMessages } from '@pillars/contracts';

/** User-facing texts of the contribution form; product texts are verbatim (ADR 012). */
export const contributionTexts = {
  formLabel: 'Contribution form',
  loadingForm: 'Loading the contribution form…',
  requiredNote: 'Fields marked * are required.',
  amountLegend: 'Choose an amount',
  customAmountLabel: 'Other amount',
  recurring: 'Make this a monthly contribution',
  recurringHint: 'Charged on the same day each month. Cancel anytime by contacting us.',
  yourDetails: 'Your details',
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  phone: 'Phone',
  paymentMethodLegend: 'Payment method',
  cardOption: 'Credit or debit card',
  contribute: 'Contribute',
  processing: 'Processing...',

  invalidAmountTitle: contributionMessages.invalidAmountTitle,
  invalidAmount: contributionMessages.invalidAmount,
  notReadyTitle: 'Payment System Not Ready',
  notReady: 'Payment system is loading. Please wait a moment and try again.',
  failureTitle: 'Payment Processing Error',
  failureFallback: 'There was an error processing your payment. Please try again.',
} as const;

/** A preset as its button shows it: $17.76, $25, $50, $100. */
export function presetLabel(dollars: number): string {
  return Number.isInteger(dollars) ? `$${dollars}` : `$${dollars.toFixed(2)}`;
}

/** 'Contribute $25.00', 'Contribute $25.00 monthly', or 'Contribute' before an amount is chosen. */
export function submitLabel(amount: string | null, monthly: boolean): string {
  if (!amount) return contributionTexts.contribute;
  return `${contributionTexts.contribute} $${amount}${monthly ? ' monthly' : ''}`;
}
