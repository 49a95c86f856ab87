import { z } from 'zod';
import { messages } from './field-messages';

export { messages } from './field-messages';

/** Product rule: phone numbers have at least 10 characters. */
export const PHONE_MIN_LENGTH = 10;
/** Product rule: passwords have at least 6 characters. */
export const PASSWORD_MIN_LENGTH = 6;

/**
 * The longest value of each kind of text a request may carry (docs/decisions/028 gives the reason
 * for each). Lengths count UTF-16 code units, as a browser's `maxlength` does.
 */
export const TEXT_LIMITS = {
  /** A first or last name. */
  name: 100,
  /** RFC 5321's limit on an address in a mail path. */
  email: 254,
  phone: 40,
  addressLine: 200,
  city: 100,
  state: 50,
  zip: 20,
  /** A membership message or registration comments. */
  message: 2_000,
  /** An id or token the card provider made (payment method, transaction, recurring plan). */
  providerId: 200,
  /** A provider's name, a status or a payment method the browser reports. */
  shortCode: 50,
  /** A token of a reset or manage link (ours are 43 characters). */
  token: 200,
  /** Admins sign in with their e-mail address, or a name the CLI chose. */
  username: 254,
  /** Argon2 hashes any length, so the limit only bounds the work; NIST asks for at least 64. */
  password: 256,
  /** A search term of an admin list. */
  search: 200,
  /** A dollar amount or a count of cents as a string. */
  amount: 20,
} as const;

/**
 * Control characters (Unicode category Cc: C0, DEL and C1, NUL among them) have no place in a
 * name, an address or a token: PostgreSQL refuses NUL in text, and the others break logs, CSV
 * exports and e-mails (docs/decisions/028).
 */
const CONTROL_CHARACTER = /\p{Cc}/u;
/** Multi-line text keeps its tab, line feed and carriage return. */
const CONTROL_CHARACTER_NOT_LINE_BREAK = /(?![\t\n\r])\p{Cc}/u;
const NUL = /\0/;

/** The texts of the length and character rules; `field` is the field's name as a form labels it. */
export const textMessages = {
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  controlCharacters: (field: string) => `${field} must not contain control characters.`,
  nulCharacter: (field: string) => `${field} must not contain a NUL character.`,
} as const;

export interface TextOptions {
  /** Trim surrounding white space before the checks (and store it trimmed). */
  trim?: boolean;
  /** A product text for the too-long case, when the form already has one. */
  tooLong?: string;
  /** A product text for a missing value or one that is not a string. */
  missing?: string;
}

function boundedText(field: string, max: number, forbidden: RegExp, forbiddenMessage: string, options: TextOptions) {
  const string = options.missing ? z.string({ error: options.missing }) : z.string();
  const text = options.trim ? string.trim() : string;
  return text
    .max(max, options.tooLong ?? textMessages.tooLong(field, max))
    .refine((value) => !forbidden.test(value), forbiddenMessage);
}

/** A one-line text of at most `max` characters without control characters: names, addresses, ids. */
export function singleLineText(field: string, max: number, options: TextOptions = {}) {
  return boundedText(field, max, CONTROL_CHARACTER, textMessages.controlCharacters(field), options);
}

/** A text of at most `max` characters that may hold tabs and line breaks but no other control character. */
export function multiLineText(field: string, max: number, options: TextOptions = {}) {
  return boundedText(field, max, CONTROL_CHARACTER_NOT_LINE_BREAK, textMessages.controlCharacters(field), options);
}

/**
 * A password: bounded in length, and any character but NUL, which no keyboard types and which tools
 * working on C strings cut a password at. Other characters are the owner's choice.
 */
export function passwordText(field = 'Password') {
  return boundedText(field, TEXT_LIMITS.password, NUL, textMessages.nulCharacter(field), {});
}

/** A timestamp as it travels over JSON: an ISO-8601 string with an offset. */
export const IsoDateTime = z.iso.datetime({ offset: true });

export const Id = z.uuid();

export const Email = z
  .email(messages.invalidEmail)
  .max(TEXT_LIMITS.email, textMessages.tooLong('Email', TEXT_LIMITS.email));
export const Phone = singleLineText('Phone', TEXT_LIMITS.phone, { trim: true }).min(
  PHONE_MIN_LENGTH,
  messages.invalidPhone,
);
export const FirstName = singleLineText('First name', TEXT_LIMITS.name, { trim: true }).min(
  1,
  messages.firstNameRequired,
);
export const LastName = singleLineText('Last name', TEXT_LIMITS.name, { trim: true }).min(1, messages.lastNameRequired);

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
