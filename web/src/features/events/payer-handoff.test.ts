import { describe, expect, it } from 'vitest';
import { payerHandoff, readPayerHandoff } from './payer-handoff';

describe('payer handoff', () => {
  it('reads back what the registration form handed over', () => {
    expect(readPayerHandoff(payerHandoff('a@example.org', '555-010-1776'))).toEqual({
      email: 'a@example.org',
      phone: '555-010-1776',
    });
  });

  it('gives empty fields for any other history state', () => {
    for (const state of [null, undefined, 'x', { payer: { email: 1 } }]) {
      expect(readPayerHandoff(state)).toEqual({ email: '', phone: '' });
    }
  });
});
