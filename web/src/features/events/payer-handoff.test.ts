import { afterEach, describe, expect, it } from 'vitest';
import { forgetPayer, payerHandoff, readPayerHandoff, rememberPayer } from './payer-handoff';

const registrationId = '7f6e5d4c-3b2a-4190-8f7e-6d5c4b3a2918';
const NO_PAYER = { firstName: '', lastName: '', email: '', phone: '' };

describe('payer handoff', () => {
  afterEach(() => window.sessionStorage.clear());

  it('reads back what the registration form handed over', () => {
    const payer = { firstName: 'Abigail', lastName: 'Adams', email: 'a@example.org', phone: '555-010-1776' };
    expect(readPayerHandoff(registrationId, payerHandoff(payer))).toEqual(payer);
  });

  it('gives empty fields for any other history state when nothing is stored', () => {
    for (const state of [null, undefined, 'x', { payer: { email: 1 } }]) {
      expect(readPayerHandoff(registrationId, state)).toEqual(NO_PAYER);
    }
  });

  it('falls back to what was stored for this registration in the session', () => {
    const payer = { firstName: 'James', lastName: 'Madison', email: 'b@example.org', phone: '555-010-1787' };
    rememberPayer(registrationId, payer);
    expect(readPayerHandoff(registrationId, null)).toEqual(payer);
    expect(readPayerHandoff('another-registration', null)).toEqual(NO_PAYER);
    forgetPayer(registrationId);
    expect(readPayerHandoff(registrationId, null)).toEqual(NO_PAYER);
  });

  it('ignores a stored value that is not a payer', () => {
    window.sessionStorage.setItem(`pillars:event-payer:${registrationId}`, '{not json');
    expect(readPayerHandoff(registrationId, null)).toEqual(NO_PAYER);
  });
});
