import { type IncomingHttpHeaders, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { signWebhookBody } from '@pillars/money/provider';
import { afterAll, describe, expect, it } from 'vitest';
import { useSandbox } from './test-sandbox';
import { WEBHOOK_SIGNATURE_HEADER } from './webhooks';

// The sandbox's webhook deliveries as a receiver sees them, over real HTTP: a small server on a
// free port records each request and answers with the status the test sets.
const received: { headers: IncomingHttpHeaders; body: string }[] = [];
let answer = 200;
const receiver = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    res.writeHead(answer).end();
  });
});
await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
afterAll(() => new Promise<void>((resolve) => receiver.close(() => resolve())));
const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook/secret`;

const unsigned = await useSandbox({ webhook: { url, retryDelaysMs: [10, 20, 30] } });
const legacy = await useSandbox({ webhook: { url, eventName: 'PAYMENT' } });
const SIGNING = 'sandbox-signing-secret';
const signed = await useSandbox({ webhook: { url, signingSecret: SIGNING } });

async function chargeAndSettle(sandbox: typeof unsigned, amountCents = 1000) {
  const charge = await sandbox.provider.charge({
    amountCents,
    paymentMethodId: await sandbox.tokenFor(),
    idempotencyKey: `hook_${received.length}_${Date.now()}`,
    payor: { firstName: 'Test', lastName: 'Donor', email: 'donor@example.org' },
  });
  const [event] = sandbox.sandbox.webhooks().events.filter((e) => e.transactionId === charge.transactionId);
  if (!event) throw new Error('no notification');
  return { charge, event: await sandbox.sandbox.webhookSettled(event.id) };
}

describe('sandbox webhook deliveries', () => {
  it("POST Pay Theory's documented body for a charge: { event: TRANSACTION, subtype, payload }, unsigned", async () => {
    received.length = 0;
    const { charge, event } = await chargeAndSettle(unsigned);
    expect(event).toMatchObject({ result: 'SUCCESS', attempts: 1, statusCode: 200 });
    expect(received).toHaveLength(1);
    const body = JSON.parse(received[0]?.body ?? '{}') as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(['event', 'payload', 'subtype']);
    expect(body).toMatchObject({
      event: 'TRANSACTION',
      subtype: 'CREATED',
      payload: { transaction_id: charge.transactionId },
    });
    expect(received[0]?.headers[WEBHOOK_SIGNATURE_HEADER]).toBeUndefined();
  });

  it('names the event PAYMENT, as the 2024 page did, when webhookEventName says so', async () => {
    received.length = 0;
    const { charge } = await chargeAndSettle(legacy);
    expect(JSON.parse(received[0]?.body ?? '{}')).toMatchObject({
      event: 'PAYMENT',
      subtype: 'CREATED',
      payload: { transaction_id: charge.transactionId },
    });
  });

  it('announces a dispute opened by 888888 cents with the dispute object, and its decision as UPDATED', async () => {
    received.length = 0;
    const { charge } = await chargeAndSettle(unsigned, 888888);
    const opened = unsigned.sandbox.webhooks().events.filter((e) => e.event === 'DISPUTE');
    expect(opened.map((e) => [e.subtype, e.transactionId])).toEqual([['CREATED', charge.transactionId]]);
    await unsigned.sandbox.webhookSettled(opened[0]?.id ?? '');
    const created = received
      .map((r) => JSON.parse(r.body) as Record<string, unknown>)
      .find((b) => b.event === 'DISPUTE');
    expect(created).toEqual({
      event: 'DISPUTE',
      subtype: 'CREATED',
      payload: expect.objectContaining({
        dispute_id: opened[0]?.disputeId,
        status: 'PENDING',
        reason: 'FRAUD',
        amount: 888888,
        settlement_withdrawal_batch: null,
        transaction: expect.objectContaining({ transaction_id: charge.transactionId, dispute_status: 'PENDING' }),
      }),
    });
    // Only the documented subset of the transaction travels in a DISPUTE payload.
    expect(Object.keys((created?.payload as { transaction: object }).transaction)).not.toContain('payment_method');

    const res = await fetch(`${unsigned.sandbox.url}/__sandbox/disputes/${charge.transactionId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'WON' }),
    });
    expect(await res.json()).toMatchObject({ dispute_id: opened[0]?.disputeId, status: 'WON' });
    const updated = unsigned.sandbox.webhooks().events.filter((e) => e.event === 'DISPUTE' && e.subtype === 'UPDATED');
    expect(updated).toHaveLength(1);
    expect(JSON.parse((await unsigned.sandbox.webhookSettled(updated[0]?.id ?? '')).request)).toMatchObject({
      payload: { status: 'WON', transaction: { dispute_status: 'WON' } },
    });
  });

  it('announces a reversal, and the refunded charge again as UPDATED', async () => {
    const { charge } = await chargeAndSettle(unsigned);
    if (charge.status !== 'succeeded') throw new Error('charge declined');
    // A new charge reaches the provider's queries after a delay; a refund looks it up first.
    await expect.poll(() => unsigned.provider.getCharge(charge.transactionId), { timeout: 10_000 }).not.toBeNull();
    const { refundId } = await unsigned.provider.refund(charge.transactionId);
    const events = unsigned.sandbox.webhooks().events;
    expect(events.filter((e) => e.transactionId === refundId).map((e) => e.subtype)).toEqual(['CREATED']);
    expect(events.filter((e) => e.transactionId === charge.transactionId).map((e) => e.subtype)).toEqual([
      'CREATED',
      'UPDATED',
    ]);
    const results = await Promise.all(events.map((e) => unsigned.sandbox.webhookSettled(e.id)));
    expect(results.map((e) => e.result)).toEqual(events.map(() => 'SUCCESS'));
  });

  it('retries a failing endpoint 3 times, deactivates it, ignores later notifications until re-activated', async () => {
    answer = 500;
    received.length = 0;
    const { event } = await chargeAndSettle(unsigned);
    expect(event).toMatchObject({ result: 'FAILURE', attempts: 4, statusCode: 500 });
    expect(received).toHaveLength(4);
    expect(new Set(received.map((r) => r.body)).size).toBe(1);
    expect(unsigned.sandbox.webhooks().webhooks).toEqual([{ endpoint: url, name: 'sandbox', is_active: false }]);

    answer = 200;
    const ignored = await chargeAndSettle(unsigned);
    expect(ignored.event).toMatchObject({ result: 'IGNORED', attempts: 0 });
    expect(received).toHaveLength(4);

    const res = await fetch(`${unsigned.sandbox.url}/__sandbox/webhooks/reactivate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(await res.json()).toEqual([{ endpoint: url, name: 'sandbox', is_active: true }]);
    expect((await chargeAndSettle(unsigned)).event).toMatchObject({ result: 'SUCCESS', attempts: 1 });
  });

  it('signs deliveries only when a signing secret is configured', async () => {
    received.length = 0;
    await chargeAndSettle(signed);
    const [delivery] = received;
    expect(delivery?.headers[WEBHOOK_SIGNATURE_HEADER]).toBe(signWebhookBody(SIGNING, delivery?.body ?? ''));
  });
});
