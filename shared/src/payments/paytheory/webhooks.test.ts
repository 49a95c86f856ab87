import { describe, expect, it } from 'vitest';
import { createPayTheoryProvider } from './paytheory-provider';
import { WEBHOOK_SIGNATURE_HEADER, signWebhookBody, verifyPayTheoryWebhook } from './webhooks';

const SECRET = 'whsec_test';
const body = JSON.stringify({
  id: 'pt_evt_1',
  event: 'TRANSACTION',
  subtype: 'CREATED',
  payload: { transaction_id: 'pt_txn_1', status: 'SUCCEEDED', recurring: { recurring_id: 'pt_rec_1' } },
});
const signed = (raw = body, secret = SECRET) => ({ [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(secret, raw) });

describe('verifyPayTheoryWebhook', () => {
  it('accepts a correctly signed body and returns its ids', () => {
    expect(verifyPayTheoryWebhook(SECRET, signed(), body)).toEqual({
      id: 'pt_evt_1',
      type: 'TRANSACTION.CREATED',
      transactionId: 'pt_txn_1',
      recurringId: 'pt_rec_1',
    });
  });

  it('accepts a sha256= prefix, upper-case hex and any header case', () => {
    const sig = signWebhookBody(SECRET, body).toUpperCase();
    expect(verifyPayTheoryWebhook(SECRET, { 'X-PayTheory-Signature': `sha256=${sig}` }, body)?.id).toBe('pt_evt_1');
  });

  it('refuses a missing, malformed or wrong signature', () => {
    expect(verifyPayTheoryWebhook(SECRET, {}, body)).toBeNull();
    expect(verifyPayTheoryWebhook(SECRET, { [WEBHOOK_SIGNATURE_HEADER]: 'abc' }, body)).toBeNull();
    expect(verifyPayTheoryWebhook(SECRET, { [WEBHOOK_SIGNATURE_HEADER]: undefined }, body)).toBeNull();
    expect(verifyPayTheoryWebhook(SECRET, signed(body, 'other-secret'), body)).toBeNull();
  });

  it('refuses a body changed after signing (raw bytes, not re-serialized JSON)', () => {
    expect(verifyPayTheoryWebhook(SECRET, signed(), body.replace('pt_txn_1', 'pt_txn_2'))).toBeNull();
    expect(verifyPayTheoryWebhook(SECRET, signed(), `${body}\n`)).toBeNull();
  });

  it('refuses everything when no secret is configured', () => {
    expect(verifyPayTheoryWebhook(undefined, signed(), body)).toBeNull();
    expect(verifyPayTheoryWebhook('', signed(body, ''), body)).toBeNull();
  });

  it('refuses a signed body that is not an event', () => {
    for (const raw of ['not json', '[]', '{"event":"TRANSACTION"}', '{"id":"e1"}']) {
      expect(verifyPayTheoryWebhook(SECRET, signed(raw), raw)).toBeNull();
    }
  });

  it('keeps only ids that are present', () => {
    const raw = JSON.stringify({ id: 'e2', event: 'PAYOR', subtype: 'UPDATED', payload: { payor_id: 'p1' } });
    expect(verifyPayTheoryWebhook(SECRET, signed(raw), raw)).toEqual({ id: 'e2', type: 'PAYOR.UPDATED' });
  });

  it('is what the adapter uses, with its webhookSecret option', () => {
    const options = { graphqlUrl: 'http://127.0.0.1:1/graphql', merchantUid: 'm', secretKey: 's', liveMode: false };
    expect(createPayTheoryProvider({ ...options, webhookSecret: SECRET }).verifyWebhook(signed(), body)?.id).toBe(
      'pt_evt_1',
    );
    expect(createPayTheoryProvider(options).verifyWebhook(signed(), body)).toBeNull();
  });
});
