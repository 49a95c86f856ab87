import { afterEach, describe, expect, it } from 'vitest';
import { forgetPayer, payerHandoff, readPayerHandoff, rememberPayer } from './payer-handoff';

const registrationId = '7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2918';

describe('payer handoff', () => {
  afterEach(() => window.sessionStorage.clear());

  it('reads back what the registration form handed over', () => {
    expect(readPayerHandoff(registrationId, payerHandoff('a@example.org', '555-010-1776'))).toEqual({
      email: 'a@example.org',
      phone: '555-010-1776',
    });
  });

  it('gives empty fields for any other history state when nothing is stored', () => {
    for (const state of [null, undefined, 'x', { payer: { email: 1 } }]) {
      expect(readPayerHandoff(registrationId, state)).toEqual({ email: '', phone: '' });
    }
  });

  it('falls back to what was stored for this registration in the session', () => {
    rememberPayer(registrationId, 'b@example.org', '555-010-1787');
    expect(readPayerHandoff(registrationId, null)).toEqual({ email: 'b@example.org', phone: '555-010-1787' });
    expect(readPayerHandoff('another-registration', null)).toEqual({ email: '', phone: '' });
    forgetPayer(registrationId);
    expect(readPayerHandoff(registrationId, null)).toEqual({ email: '', phone: '' });
  });

  it('ignores a stored value that is not a payer', () => {
    window.sessionStorage.setItem(`pillars:event-payer:${registrationId}`, '{not json');
    expect(readPayerHandoff(registrationId, null)).toEqual({ email: '', phone: '' });
  });
});
