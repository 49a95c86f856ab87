/**
 * The values the fuzz probes put in a body (fuzz-bodies.ts): characters, numbers, addresses,
 * keys and content types a contract must refuse or keep, and how a probe's body is written out
 * (raw bytes and deep nesting stand in the JSON as markers until then).
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export const CONTROL_CHARACTERS = [
  ...Array.from({ length: 0x20 }, (_, code) => String.fromCharCode(code)),
  ...Array.from({ length: 0x21 }, (_, offset) => String.fromCharCode(0x7f + offset)),
];

/** Text that is legal and unusual: line separators, combining marks, emoji, other digits. */
export const UNICODE_EDGES = ['\u2028', '\u2029', 'e\u0301', '👩🏽‍🚒', '𝟘𝟙', '１２３', '٣', 'İı', '\u00a0'];

/**
 * What one-line texts refuse and multi-line texts partly keep (docs/decisions/028): direction
 * controls, zero-width characters, noncharacters, U+FFFD.
 */
export const INVISIBLE_CHARACTERS = [
  '\u202e',
  '\u202a',
  '\u2066',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\ufffe',
  '\uffff',
  '\ufdd0',
  '\u{10ffff}',
  '\ufffd',
];
/** Unpaired surrogates: JSON.stringify writes them as escapes ("\ud800"), as a client may. */
export const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'];
/** Byte sequences that are not UTF-8: a stray continuation, a cut sequence, overlong, CESU-8, never used. */
export const INVALID_UTF8 = [[0x80], [0xc3], [0xe2, 0x82], [0xc0, 0xaf], [0xed, 0xa0, 0x80], [0xff], [0xfe, 0xfe]];
/** Addresses no page may show or link: scripts, inline data, other schemes, another host behind a path. */
export const SCRIPT_ADDRESSES = [
  'javascript:alert(1)',
  'JAVASCRIPT:alert(1)',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'data:text/html;base64,PHNjcmlwdD4=',
  'vbscript:msgbox(1)',
  '//evil.example/a.png',
  '/\\evil.example/a.png',
];
/** Declared charsets other than UTF-8: refused with 415, whatever the bytes. */
export const OTHER_CHARSETS = ['utf-16', 'UTF-16LE', 'iso-8859-1', 'us-ascii'];

/** A string value standing for raw bytes; `toBody` puts the bytes in its place. */
export const bytesMarker = (bytes: number[]) => `@@bytes-${bytes.join('-')}@@`;
const BYTES_MARKER = /@@bytes-([\d-]+)@@/;

/** The request body of a serialized probe: text, or bytes where a marker asks for bytes that are not UTF-8. */
export function toBody(text: string): string | Uint8Array {
  const match = BYTES_MARKER.exec(text);
  if (!match) return text;
  const encoder = new TextEncoder();
  const bytes = (match[1] ?? '').split('-').map(Number);
  return new Uint8Array([
    ...encoder.encode(text.slice(0, match.index)),
    ...bytes,
    ...encoder.encode(text.slice(match.index + match[0].length)),
  ]);
}

export const WRONG_TYPES: Json[] = [null, true, false, 0, -1, 1.5, 1e308, '', 'x', [], ['x'], {}, { a: 1 }];
export const NUMBER_EDGES: Json[] = [
  -1,
  0,
  -0.01,
  0.001,
  2 ** 31,
  -(2 ** 31) - 1,
  Number.MAX_SAFE_INTEGER + 2,
  1e21,
  1e308,
  -1e308,
  '-1',
  '0',
  '1e5',
  '0x10',
  'Infinity',
  'NaN',
  '99999999999999999999',
  '1.999',
  '００１',
];
export const NOT_JSON = [
  '',
  '{',
  '{"a":',
  '}',
  '{"a":1}}',
  "{'a':1}",
  'undefined',
  '\u0000',
  'NaN',
  '[1,]',
  '{"a":01}',
];
export const ODD_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '$where',
  '',
  ' ',
  '\u0000',
  'a'.repeat(1_000),
];
export const CONTENT_TYPES = [
  undefined,
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  ...OTHER_CHARSETS.map((charset) => `application/json; charset=${charset}`),
  'application/xml',
];

export const typeOf = (value: Json) => (value === null ? 'null' : Array.isArray(value) ? 'array' : typeof value);

/**
 * A value nested `depth` levels deep. Deeper than a few thousand levels, JSON.stringify itself
 * overflows the stack, so the body holds a marker that `serialize` replaces with the nested text.
 */
export function nested(depth: number, inArrays: boolean): Json {
  return `@@nested-${depth}-${inArrays ? 'array' : 'object'}@@`;
}

const NESTED_MARKER = /"@@nested-(\d+)-(array|object)@@"/g;

export function serialize(body: Json): string {
  return JSON.stringify(body).replace(NESTED_MARKER, (_marker, depth: string, kind: string) => {
    const levels = Number(depth);
    return kind === 'array'
      ? `${'['.repeat(levels)}"x"${']'.repeat(levels)}`
      : `${'{"a":'.repeat(levels)}"x"${'}'.repeat(levels)}`;
  });
}

/** Whether a probe's body still holds what no contract accepts: an unpaired surrogate, bytes that are not UTF-8, a script address. */
export function holdsForbidden(body: string | Uint8Array): boolean {
  if (typeof body !== 'string') return true;
  return (
    /\\ud[89a-f][0-9a-f]{2}/.test(body) || SCRIPT_ADDRESSES.some((address) => body.includes(JSON.stringify(address)))
  );
}
