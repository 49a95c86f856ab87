import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { requestHashOf } from './accept';
import { jsonText } from './json-text';

describe('jsonText', () => {
  it.each([
    ['an object', { a: 1, b: 'two', c: [true, false, null], d: { e: -0.5, f: '' } }],
    ['keys in insertion order', { z: 1, a: 2, m: { y: [1, [2, [3]]], b: {} } }],
    ['undefined properties and array items', { a: undefined, b: [undefined, () => 1, Symbol('s')], c: 3 }],
    ['only undefined properties', { a: undefined }],
    ['non-finite numbers', [Number.NaN, Infinity, -Infinity, 1e21, 0.1]],
    ['dates and toJSON', { at: new Date('2026-01-02T03:04:05Z'), own: { toJSON: (key: string) => `k:${key}` } }],
    ['wrapper objects', [Object('s') as string, Object(1) as number, Object(true) as boolean]],
    ['escapes', { 'quote"key': 'line\nbreak\u0000\u2028"\\', emoji: '🇺🇸', lone: '\ud800' }],
    ['empty containers', { a: [], b: {}, c: [[], [{}]] }],
    ['a string', 'just text'],
    ['a number', 42],
    ['null', null],
  ])('writes %s exactly as JSON.stringify does', (_, value) => {
    expect(jsonText(value)).toBe(JSON.stringify(value));
  });

  it('writes data nested far deeper than JSON.stringify can', () => {
    const depth = 100_000;
    const value = JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as unknown;
    expect(() => JSON.stringify(value)).toThrow(RangeError);
    const text = jsonText(value);
    expect(text).toHaveLength(2 * depth);
    expect(requestHashOf({ membership: value })).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps the idempotency fingerprint of a request as it was: sha256 of JSON.stringify', () => {
    const request = {
      buyer: { first_name: 'A', email: 'a@example.org' },
      amount: 2500,
      tokenized: true,
      note: undefined,
    };
    const before = createHash('sha256').update(JSON.stringify(request)).digest('hex');
    expect(requestHashOf(request)).toBe(before);
  });
});
