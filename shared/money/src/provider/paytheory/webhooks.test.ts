import { describe, expect, it } from 'vitest';
import { createPayTheoryProvider } from './paytheory-provider';
import { WEBHOOK_SIGNATURE_HEADER, signWebhookBody, verifyPayTheoryWebhook } from './webhooks';

const SECRET = 'whsec_test';
const notification = (event: string, payload: unknown = {}) => JSON.stringify({ event, subtype: 'CREATED', payload });
const instalment = notification('PAYMENT', {
  transaction_id: 'pt_txn_1',
  status: 'SUCCEEDED',
  recurring: { recurring_id: 'pt_rec_1' },
});
const signed = (raw = instalment, secret = SECRET) => ({ [WEBHOOK_SIGNATURE_HEADER]: signWebhookBody(secret, raw) });

describe('verifyPayTheoryWebhook', () => {
  it('reads an unsigned, documented PAYMENT notification when no signing secret is configured', () => {
    expect(verifyPayTheoryWebhook(undefined, {}, instalment)).toEqual({
      event: 'PAYMENT',
      subtype: 'CREATED',
      transactionId: 'pt_txn_1',
      recurringId: 'pt_rec_1',
    });
  });

  it('reads TRANSACTION, the name an earlier revision of the docs used, the same way', () => {
    const raw = notification('TRANSACTION', { transaction_id: 'pt_txn_2' });
    expect(verifyPayTheoryWebhook(undefined, {}, raw)).toEqual({
      event: 'TRANSACTION',
      subtype: 'CREATED',
      transactionId: 'pt_txn_2',
    });
  });

  it('reads a documented DISPUTE notification: the disputed charge nested under transaction, the dispute id and status', () => {
    const raw = notification('DISPUTE', {
      dispute_id: 'pt_disp_1',
      status: 'PENDING',
      amount: 888888,
      reason: 'FRAUD',
      transaction: { transaction_id: 'pt_txn_9', dispute_status: 'PENDING', gross_amount: 888888 },
    });
    expect(verifyPayTheoryWebhook(undefined, {}, raw)).toEqual({
      event: 'DISPUTE',
      subtype: 'CREATED',
      transactionId: 'pt_txn_9',
      dispute: { disputeId: 'pt_disp_1', status: 'PENDING' },
    });
    // Without the nested transaction, a top-level transaction_id names the charge; without either, none.
    expect(verifyPayTheoryWebhook(undefined, {}, notification('DISPUTE', { transaction_id: 'pt_txn_8' }))).toEqual({
      event: 'DISPUTE',
      subtype: 'CREATED',
      transactionId: 'pt_txn_8',
      dispute: { disputeId: null, status: null },
    });
    expect(verifyPayTheoryWebhook(undefined, {}, notification('DISPUTE'))).toEqual({
      event: 'DISPUTE',
      subtype: 'CREATED',
      dispute: { disputeId: null, status: null },
    });
    // A dispute id that is not a bounded single line is not kept (ids are stored), nor is the delivery refused.
    const unreadable = notification('DISPUTE', { dispute_id: 'a\nb', transaction: { transaction_id: 'pt_txn_7' } });
    expect(verifyPayTheoryWebhook(undefined, {}, unreadable)).toEqual({
      event: 'DISPUTE',
      subtype: 'CREATED',
      dispute: { disputeId: null, status: null },
    });
  });

  it('keeps no transaction id for the other events, and accepts names it does not know', () => {
    for (const event of ['AUTHORIZATION', 'MERCHANT', 'PAYMENT_METHOD', 'PAYOR', 'SETTLEMENT', 'NEW']) {
      expect(verifyPayTheoryWebhook(undefined, {}, notification(event, { transaction_id: 't' }))).toEqual({
        event,
        subtype: 'CREATED',
      });
    }
  });

  it('refuses a body that is not a notification', () => {
    for (const raw of ['not json', '[]', '{}', '{"event":"PAYMENT"}', '{"subtype":"CREATED"}']) {
      expect(verifyPayTheoryWebhook(undefined, {}, raw)).toBeNull();
    }
  });

  it('with a signing secret, accepts a correct signature (sha256= prefix, any case) and nothing else', () => {
    expect(verifyPayTheoryWebhook(SECRET, signed(), instalment)?.transactionId).toBe('pt_txn_1');
    const upper = signWebhookBody(SECRET, instalment).toUpperCase();
    expect(verifyPayTheoryWebhook(SECRET, { 'X-PayTheory-Signature': `sha256=${upper}` }, instalment)).not.toBeNull();
    expect(verifyPayTheoryWebhook(SECRET, {}, instalment)).toBeNull();
    expect(verifyPayTheoryWebhook(SECRET, { [WEBHOOK_SIGNATURE_HEADER]: 'abc' }, instalment)).toBeNull();
    expect(verifyPayTheoryWebhook(SECRET, signed(instalment, 'other'), instalment)).toBeNull();
    expect(verifyPayTheoryWebhook(SECRET, signed(), `${instalment}\n`)).toBeNull();
  });

  it('is what the adapter uses, with its webhookSigningSecret option', () => {
    const options = { graphqlUrl: 'http://127.0.0.1:1/graphql', merchantUid: 'm', secretKey: 's', liveMode: false };
    expect(createPayTheoryProvider(options).verifyWebhook({}, instalment)?.transactionId).toBe('pt_txn_1');
    const signing = createPayTheoryProvider({ ...options, webhookSigningSecret: SECRET });
    expect(signing.verifyWebhook({}, instalment)).toBeNull();
    expect(signing.verifyWebhook(signed(), instalment)?.transactionId).toBe('pt_txn_1');
  });
});
