import { z } from 'zod';
import { Email, PHONE_MIN_LENGTH, messages } from './common';
import { ContributionDetail } from './donations';

export const WAIVER_VERSION = 'v1.0';

export const membershipMessages = {
  waiverRequired: 'You must read and accept the liability waiver to proceed',
  waiverRequiredTitle: 'Waiver Required',
  waiverRequiredToast: 'You must read and accept the liability waiver before proceeding with payment.',
} as const;

const OptionalPhone = z
  .string()
  .trim()
  .refine((v) => v === '' || v.length >= PHONE_MIN_LENGTH, messages.invalidPhone)
  .optional();

/** Membership form (product rule): phone and message optional, card fields unused. */
export const MembershipForm = z.object({
  firstName: z.string().trim().min(1, messages.firstNameRequired),
  lastName: z.string().trim().min(1, messages.lastNameRequired),
  email: Email,
  phone: OptionalPhone,
  message: z.string().max(2000).optional(),
  paymentMethod: z.literal('card'),
  waiverAccepted: z.boolean().refine((v) => v, membershipMessages.waiverRequired),
  address: z.string().optional(),
  city: z.string().optional(),
  state: z.string().optional(),
  zip: z.string().optional(),
});
export type MembershipForm = z.infer<typeof MembershipForm>;

/** Membership-interest form on the home page: an application without payment. */
export const MembershipApplication = z
  .object({
    firstName: z.string().trim().min(1, messages.firstNameRequired),
    lastName: z.string().trim().min(1, messages.lastNameRequired),
    email: Email,
    phone: OptionalPhone,
    message: z.string().max(2000).optional(),
    paymentMethod: z.string().default('card'),
  })
  .meta({ id: 'MembershipApplication' });
export type MembershipApplication = z.infer<typeof MembershipApplication>;

export const MemberDetail = ContributionDetail.extend({
  waiverAccepted: z.boolean(),
  waiverAcceptedAt: z.string().nullable(),
  waiverVersion: z.string().nullable(),
});
export type MemberDetail = z.infer<typeof MemberDetail>;
