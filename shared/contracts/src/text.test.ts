import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as backOffice from './back-office';
import * as publicContracts from './index';

const contracts = { ...publicContracts, ...backOffice };
import {
  DonationRequest,
  EventRegistrationRequest,
  LoginRequest,
  TEXT_LIMITS,
  authMessages,
  messages,
  multiLineText,
  passwordText,
  singleLineText,
} from './index';

/**
 * Every schema a request body or query is parsed with (docs/decisions/028). Not ContributionForm:
 * it is the contribution page's form state, and what the page sends is a DonationRequest.
 */
const REQUEST_SCHEMA_NAMES = [
  'AdminEventInput',
  'AdminEventListQuery',
  'AdminNewsInput',
  'AdminNewsQuery',
  'AuditLogQuery',
  'CreateAdminRequest',
  'DonationRequest',
  'DonationStatusReport',
  'EventPaymentPatch',
  'EventRegistrationRequest',
  'ForgotPasswordRequest',
  'LoginRequest',
  'ManageLinkRequest',
  'ManageSessionRequest',
  'MembershipApplication',
  'MembershipForm',
  'MembershipPaymentRequest',
  'PlanCancelCreate',
  'ProcessPaymentRequest',
  'ProfileUpdate',
  'RefundCreate',
  'RegistrationChargeRequest',
  'ResetPasswordForm',
  'ResetPasswordRequest',
  'TransactionReport',
] as const satisfies readonly (keyof typeof contracts)[];
const REQUEST_SCHEMAS: Record<string, z.ZodType> = Object.fromEntries(
  REQUEST_SCHEMA_NAMES.map((name) => [name, contracts[name]]),
);

type JsonSchema = { [key: string]: unknown };

/**
 * Free-form records whose keys are not stored: a membership payment's `membership` is parsed again
 * with MembershipForm, and `formData` holds raw card fields that are exchanged for a token and forgotten.
 */
const PARSED_ELSEWHERE = ['$.properties.membership.propertyNames', '$.properties.formData.propertyNames'];

/** Paths of string nodes with no bound: no maxLength, and not an enum, a constant or a fixed format. */
function unboundedStrings(node: unknown, path = '$'): string[] {
  if (Array.isArray(node)) return node.flatMap((child, index) => unboundedStrings(child, `${path}[${index}]`));
  if (typeof node !== 'object' || node === null) return [];
  const schema = node as JsonSchema;
  const own =
    schema.type === 'string' &&
    schema.maxLength === undefined &&
    schema.enum === undefined &&
    schema.const === undefined &&
    !PARSED_ELSEWHERE.includes(path) &&
    !['uuid', 'date-time', 'date'].includes(String(schema.format))
      ? [path]
      : [];
  return [
    ...own,
    ...Object.entries(schema).flatMap(([key, child]) =>
      key === 'enum' ? [] : unboundedStrings(child, `${path}.${key}`),
    ),
  ];
}

describe('request contracts', () => {
  it.each(Object.entries(REQUEST_SCHEMAS))('%s bounds every text field', (_name, schema) => {
    expect(unboundedStrings(z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }))).toEqual([]);
  });

  it('answer too long and control characters with sentences that name the field', () => {
    const issues = (value: unknown) =>
      EventRegistrationRequest.safeParse({
        eventId: '6f1c1c53-5d84-4f6e-9a4b-3f5b8d0f1a2b',
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.org',
        phone: '555-010-1776',
        ...(value as object),
      }).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(issues({ firstName: 'x'.repeat(101) })).toEqual([
      ['firstName', 'First name must be at most 100 characters.'],
    ]);
    expect(issues({ lastName: 'Love\u0000lace' })).toEqual([
      ['lastName', 'Last name must not contain control characters.'],
    ]);
    expect(issues({ email: `${'a'.repeat(250)}@example.org` })).toEqual([
      ['email', 'Email must be at most 254 characters.'],
    ]);
    expect(issues({ comments: 'Two\nlines\tand a tab\r\n' })).toBeUndefined();
    expect(issues({ comments: 'bell\u0007' })).toEqual([['comments', 'Comments must not contain control characters.']]);
  });

  it('keep the product texts of required fields and formats', () => {
    const login = LoginRequest.safeParse({ username: '  ', password: '' });
    expect(login.error?.issues.map((issue) => issue.message)).toEqual([
      authMessages.usernameRequired,
      authMessages.passwordRequired,
    ]);
    const donation = DonationRequest.safeParse({ firstName: '', lastName: '', email: 'nope', phone: '123' });
    expect(donation.error?.issues.slice(0, 4).map((issue) => issue.message)).toEqual([
      messages.firstNameRequired,
      messages.lastNameRequired,
      messages.invalidEmail,
      messages.invalidPhone,
    ]);
  });
});

describe('text builders', () => {
  const line = singleLineText('Name', 5, { trim: true });
  const lines = multiLineText('Notes', 20);

  it('count the length after trimming', () => {
    expect(line.parse('  abcde  ')).toBe('abcde');
    expect(line.safeParse('abcdef').error?.issues[0]?.message).toBe('Name must be at most 5 characters.');
  });

  it('refuse C0, DEL and C1 control characters in one line, and allow other Unicode', () => {
    for (const control of ['\u0000', '\u0001', '\t', '\n', '\r', '\u001f', '\u007f', '\u0085', '\u009f']) {
      expect(line.safeParse(`a${control}b`).success, JSON.stringify(control)).toBe(false);
    }
    for (const fine of ['Zoë', 'Łódź', '山田', '👍🏽', 'e\u0301', '\u00a0x', '𝟘', 'שלום', 'سلام']) {
      expect(line.safeParse(fine).success, fine).toBe(true);
    }
  });

  const BIDI_CONTROLS = ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d', '\u202e'].concat([
    '\u2066',
    '\u2067',
    '\u2068',
    '\u2069',
  ]);
  const ZERO_WIDTH = ['\u200b', '\u200c', '\u200d', '\u2060', '\ufeff'];
  const NONCHARACTERS = ['\ufffe', '\uffff', '\ufdd0', '\ufdef', '\u{1fffe}', '\u{10ffff}'];
  const DAMAGED = ['\ud800', '\udfff', 'x\udc00y', '\ud83d', '\ufffd'];
  const messageOf = (schema: z.ZodType, value: string) => schema.safeParse(value).error?.issues[0]?.message;

  it('refuse direction controls and zero-width characters in one line, naming the field', () => {
    for (const character of [...BIDI_CONTROLS, ...ZERO_WIDTH]) {
      expect(messageOf(line, `ab${character}c`), JSON.stringify(character)).toBe(
        'Name must not contain invisible characters (direction marks or zero-width spaces).',
      );
    }
  });

  it('refuse noncharacters, unpaired surrogates and U+FFFD in one line and in many', () => {
    for (const character of [...NONCHARACTERS, ...DAMAGED]) {
      const expected = (field: string) =>
        `${field} must not contain invalid characters (noncharacters, unpaired surrogates or \ufffd).`;
      expect(messageOf(line, `a${character}`), JSON.stringify(character)).toBe(expected('Name'));
      expect(messageOf(lines, `a${character}`), JSON.stringify(character)).toBe(expected('Notes'));
    }
  });

  it('refuse direction overrides and isolates in multi-line text, and keep marks and joiners', () => {
    for (const character of ['\u202a', '\u202b', '\u202c', '\u202d', '\u202e', '\u2066', '\u2067', '\u2069']) {
      expect(messageOf(lines, `a${character}b`), JSON.stringify(character)).toBe(
        'Notes must not contain direction overrides (invisible characters that reorder the text).',
      );
    }
    for (const fine of ['שלום\u200f 2024', 'می\u200cخواهم', '👩🏽\u200d🚒', '\u061c١٢', 'a\u200bb']) {
      expect(lines.safeParse(fine).success, JSON.stringify(fine)).toBe(true);
    }
  });

  it('keep surrogate pairs: characters outside the first plane are not damaged text', () => {
    expect(line.safeParse('😀𝟘').success).toBe(true);
    expect(lines.safeParse('😀\n𝟘').success).toBe(true);
  });

  it('keep tabs and line breaks in multi-line text, and refuse the other control characters', () => {
    expect(lines.parse('a\tb\r\nc\n')).toBe('a\tb\r\nc\n');
    for (const control of ['\u0000', '\u000b', '\u000c', '\u001b', '\u007f', '\u0085']) {
      expect(lines.safeParse(`a${control}b`).success, JSON.stringify(control)).toBe(false);
    }
  });

  it('let a password hold any character but NUL, up to its limit', () => {
    const password = passwordText();
    expect(password.safeParse('tab\there\u0007 and é').success).toBe(true);
    expect(password.safeParse('nul\u0000').error?.issues[0]?.message).toBe(
      'Password must not contain a NUL character.',
    );
    expect(password.safeParse('rtl \u202e and zero\u200bwidth').success).toBe(true);
    expect(password.safeParse('half \ud800').error?.issues[0]?.message).toBe(
      'Password must not contain invalid characters (noncharacters, unpaired surrogates or \ufffd).',
    );
    expect(password.safeParse('p'.repeat(TEXT_LIMITS.password)).success).toBe(true);
    expect(password.safeParse('p'.repeat(TEXT_LIMITS.password + 1)).error?.issues[0]?.message).toBe(
      `Password must be at most ${TEXT_LIMITS.password} characters.`,
    );
  });
});
