import { z } from 'zod';

/** Validation messages shared by several forms (product texts). */
export const messages = {
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  invalidEmail: 'Please enter a valid email address',
  invalidPhone: 'Please enter a valid phone number',
  required: 'Required',
  invalidInput: 'Invalid input',
} as const;

/** Product rule: phone numbers have at least 10 characters. */
export const PHONE_MIN_LENGTH = 10;
/** Product rule: passwords have at least 6 characters. */
export const PASSWORD_MIN_LENGTH = 6;

/** A timestamp as it travels over JSON: an ISO-8601 string with an offset. */
export const IsoDateTime = z.iso.datetime({ offset: true });

export const Id = z.uuid();

export const Email = z.email(messages.invalidEmail);
export const Phone = z.string().trim().min(PHONE_MIN_LENGTH, messages.invalidPhone);

/** Every status value the product uses, across all kinds of record. */
export const RecordStatus = z.enum([
  'pending',
  'confirmed',
  'completed',
  'active',
  'paid',
  'failed',
  'cancelled',
  'success',
  'inactive',
  'attended',
]);
export type RecordStatus = z.infer<typeof RecordStatus>;

/** Detail list responses use `success` and `data`, a shape the product's API fixes. */
export function successList<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), data: z.array(item) });
}
