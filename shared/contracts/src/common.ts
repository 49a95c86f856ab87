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
/**
 * Characters that change how a line reads without being seen: every bidirectional control
 * (Bidi_Control: the Arabic letter mark U+061C, the marks U+200E/U+200F, embeddings and overrides
 * U+202A–U+202E, isolates U+2066–U+2069) and the zero-width characters (U+200B–U+200D, the word
 * joiner U+2060, U+FEFF). In a name or a title they make one person or event look like another
 * in lists, e-mails and exports (docs/decisions/028).
 */
const INVISIBLE_CHARACTER = /[\p{Bidi_Control}\u200B-\u200D\u2060\uFEFF]/u;
/**
 * Embeddings, overrides and isolates reorder the text after them up to the end of the paragraph,
 * so displayed text differs from stored text; multi-line text refuses these and keeps the marks
 * and joiners that Arabic, Hebrew, Persian and emoji need (docs/decisions/028).
 */
const DIRECTION_OVERRIDE = /[\u202A-\u202E\u2066-\u2069]/u;
/**
 * Not text at all: noncharacters (U+FDD0–U+FDEF and the last two code points of every plane),
 * unpaired surrogates (no UTF-8 can carry them; PostgreSQL would store U+FFFD) and U+FFFD itself,
 * which only appears where text was damaged by a decoding (docs/decisions/028).
 */
const INVALID_CHARACTER = /[\p{Noncharacter_Code_Point}\p{Cs}\uFFFD]/u;
const UNPAIRED_SURROGATE = /\p{Cs}/u;

/** The texts of the length and character rules; `field` is the field's name as a form labels it. */
export const textMessages = {
  tooLong: (field: string, max: number) => `${field} must be at most ${max} characters.`,
  controlCharacters: (field: string) => `${field} must not contain control characters.`,
  nulCharacter: (field: string) => `${field} must not contain a NUL character.`,
  invisibleCharacters: (field: string) =>
    `${field} must not contain invisible characters (direction marks or zero-width spaces).`,
  directionOverrides: (field: string) =>
    `${field} must not contain direction overrides (invisible characters that reorder the text).`,
  invalidCharacters: (field: string) =>
    `${field} must not contain invalid characters (noncharacters, unpaired surrogates or \uFFFD).`,
} as const;

export interface TextOptions {
  /** Trim surrounding white space before the checks (and store it trimmed). */
  trim?: boolean;
  /** A product text for the too-long case, when the form already has one. */
  tooLong?: string;
  /** A product text for a missing value or one that is not a string. */
  missing?: string;
}

/** A character a text must not hold, and the sentence that says so. */
type CharacterRule = readonly [forbidden: RegExp, message: string];

function boundedText(field: string, max: number, rules: readonly CharacterRule[], options: TextOptions) {
  const string = options.missing ? z.string({ error: options.missing }) : z.string();
  const text = options.trim ? string.trim() : string;
  return rules.reduce(
    (schema, [forbidden, message]) => schema.refine((value) => !forbidden.test(value), message),
    text.max(max, options.tooLong ?? textMessages.tooLong(field, max)),
  );
}

/**
 * A one-line text of at most `max` characters: names, titles, addresses, ids. No control,
 * invisible or invalid characters.
 */
export function singleLineText(field: string, max: number, options: TextOptions = {}) {
  return boundedText(
    field,
    max,
    [
      [CONTROL_CHARACTER, textMessages.controlCharacters(field)],
      [INVISIBLE_CHARACTER, textMessages.invisibleCharacters(field)],
      [INVALID_CHARACTER, textMessages.invalidCharacters(field)],
    ],
    options,
  );
}

/**
 * A text of at most `max` characters that may hold tabs and line breaks, direction marks and
 * joiners, but no other control character, no direction override and no invalid character.
 */
export function multiLineText(field: string, max: number, options: TextOptions = {}) {
  return boundedText(
    field,
    max,
    [
      [CONTROL_CHARACTER_NOT_LINE_BREAK, textMessages.controlCharacters(field)],
      [DIRECTION_OVERRIDE, textMessages.directionOverrides(field)],
      [INVALID_CHARACTER, textMessages.invalidCharacters(field)],
    ],
    options,
  );
}

/**
 * A password: bounded in length, and any character but NUL, which no keyboard types and which tools
 * working on C strings cut a password at, and unpaired surrogates, which no keyboard types either
 * and which would be hashed as U+FFFD, making different passwords one. Other characters are the
 * owner's choice.
 */
export function passwordText(field = 'Password') {
  return boundedText(
    field,
    TEXT_LIMITS.password,
    [
      [NUL, textMessages.nulCharacter(field)],
      [UNPAIRED_SURROGATE, textMessages.invalidCharacters(field)],
    ],
    {},
  );
}

export const urlMessages = {
  invalid: (field: string) => `${field} must start with / (a page of this site) or https://.`,
} as const;

/** A path on this site: one slash, then no second slash or backslash (browsers read both as another host). */
const SITE_PATH = /^\/(?![/\\])[^\s\\]*$/;
/** An absolute web address; `javascript:`, `data:`, `//host` and every other scheme are refused. */
const WEB_ADDRESS = /^https?:\/\/[^\s\\]+$/i;

/** Whether `value` is an address a page may link or show an image from (see `webAddress`). */
export function isWebAddress(value: string): boolean {
  if (SITE_PATH.test(value)) return true;
  if (!WEB_ADDRESS.test(value) || !URL.canParse(value)) return false;
  const url = new URL(value);
  return url.hostname !== '' && url.username === '' && url.password === '';
}

/**
 * The one rule for an address a person enters (an article's or event's image, any link): a path on
 * this site or an absolute http(s) address without credentials, a single line of at most `max`
 * characters. The empty string means "none"; a field without an address makes it optional itself.
 */
export function webAddress(field: string, max: number, options: Omit<TextOptions, 'trim'> & { invalid?: string } = {}) {
  return singleLineText(field, max, { ...options, trim: true })
    .refine((value) => value === '' || isWebAddress(value), options.invalid ?? urlMessages.invalid(field))
    .meta({ format: 'uri-reference' });
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

/** A successful answer: `success` and its `data`, named `id` in the OpenAPI document. */
export function successData<T extends z.ZodType>(id: string, data: T) {
  return z.object({ success: z.literal(true), data }).meta({ id });
}
