import { z } from 'zod';
import { Email, FirstName, LastName, Phone, TEXT_LIMITS, singleLineText } from './common';

// Plain values, apart so a page showing them loads no schema (docs/decisions/038).
export {
  CONTRIBUTION_STEP,
  MIN_CONTRIBUTION_DOLLARS,
  PRESET_AMOUNTS,
  contributionMessages,
} from './contribution-amounts';

export const PaymentMethod = z.enum(['card', 'bank']);
export type PaymentMethod = z.infer<typeof PaymentMethod>;

/**
 * Contribution form values, as the product names them. Amount and card fields are optional strings:
 * the amount rule is checked on submit, card fields are validated by the provider's hosted
 * fields, never by us.
 */
export const ContributionForm = z.object({
  firstName: FirstName,
  lastName: LastName,
  email: Email,
  phone: Phone,
  // The amount rule, its length included, is DollarString's, checked on submit with its own message.
  amount: z.string().optional(),
  customAmount: z.string().optional(),
  isRecurring: z.boolean(),
  paymentMethod: PaymentMethod,
  billingAddress: singleLineText('Billing address', TEXT_LIMITS.addressLine).optional(),
  billingCity: singleLineText('City', TEXT_LIMITS.city).optional(),
  billingState: singleLineText('State', TEXT_LIMITS.state).optional(),
  billingZip: singleLineText('ZIP code', TEXT_LIMITS.zip).optional(),
  routingNumber: singleLineText('Routing number', TEXT_LIMITS.shortCode).optional(),
  accountNumber: singleLineText('Account number', TEXT_LIMITS.shortCode).optional(),
  cardNumber: singleLineText('Card number', TEXT_LIMITS.shortCode).optional(),
  expiryDate: singleLineText('Expiry date', TEXT_LIMITS.shortCode).optional(),
  cvv: singleLineText('Security code', TEXT_LIMITS.shortCode).optional(),
});
export type ContributionForm = z.infer<typeof ContributionForm>;
