import { z } from 'zod';
import {
  Email,
  FirstName,
  LastName,
  PHONE_MIN_LENGTH,
  TEXT_LIMITS,
  messages,
  multiLineText,
  singleLineText,
} from './common';
import { membershipMessages } from './membership-values';

// Plain values, apart so a page showing them loads no schema (docs/decisions/038).
export { WAIVER_VERSION, membershipMessages } from './membership-values';

const OptionalPhone = singleLineText('Phone', TEXT_LIMITS.phone, { trim: true })
  .refine((v) => v === '' || v.length >= PHONE_MIN_LENGTH, messages.invalidPhone)
  .optional();

const Message = multiLineText('Message', TEXT_LIMITS.message).optional();

/** Membership form (product rule): phone and message optional, card fields unused. */
export const MembershipForm = z.object({
  firstName: FirstName,
  lastName: LastName,
  email: Email,
  phone: OptionalPhone,
  message: Message,
  paymentMethod: z.literal('card'),
  waiverAccepted: z.boolean().refine((v) => v, membershipMessages.waiverRequired),
  address: singleLineText('Address', TEXT_LIMITS.addressLine).optional(),
  city: singleLineText('City', TEXT_LIMITS.city).optional(),
  state: singleLineText('State', TEXT_LIMITS.state).optional(),
  zip: singleLineText('ZIP code', TEXT_LIMITS.zip).optional(),
});
export type MembershipForm = z.infer<typeof MembershipForm>;

/** Membership-interest form on the home page: an application without payment. */
export const MembershipApplication = z
  .object({
    firstName: FirstName,
    lastName: LastName,
    email: Email,
    phone: OptionalPhone,
    message: Message,
    paymentMethod: singleLineText('Payment method', TEXT_LIMITS.shortCode).default('card'),
  })
  .meta({ id: 'MembershipApplication' });
export type MembershipApplication = z.infer<typeof MembershipApplication>;
