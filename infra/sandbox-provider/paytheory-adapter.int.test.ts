import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type CardProvider,
  type Payor,
  ProviderRequestError,
  RefundRejectedError,
  TransientProviderError,
  createPayTheoryProvider,
} from '@pillars/money/provider';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type SandboxProvider, TEST_CARDS, startSandboxProvider } from './server';

/**
 * The real Pay Theory adapter against the real sandbox, over HTTP on a free port: what every
 * other test that charges a card relies on.
 */
const CREDENTIALS = { merchantUid: 'int-merchant', secretKey: 'int-secret', publicApiKey: 'int-public' };
const payor: Payor = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.org' };

let sandbox: SandboxProvider;
let provider: CardProvider;
let dir: string;

function adapter(overrides: { secretKey?: string; timeoutMs?: number } = {}): CardProvider {
  return createPayTheoryProvider({
    graphqlUrl: sandbox.graphqlUrl,
    merchantUid: CREDENTIALS.merchantUid,
    secretKey: overrides.secretKey ?? CREDENTIALS.secretKey,
    liveMode: false,
    timeoutMs: overrides.timeoutMs ?? 5_000,
  });
}

async function tokenize(number: string = TEST_CARDS.visa): Promise<string> {
  const cvv = number.startsWith('34') || number.startsWith('37') ? '1234' : '123';
  const outcome = await provider.tokenizeCard(
    { number, securityCode: cvv, expMonth: '12', expYear: '2030', postalCode: '19106' },
    payor,
  );
  if (outcome.status !== 'tokenized') throw new Error(`test card ${number.slice(-4)} did not tokenize`);
  return outcome.paymentMethodId;
}

const charges = () => sandbox.ledger().filter((entry) => entry.kind === 'charge');
let keyCounter = 0;
const newKey = () => `int-key-${Date.now()}-${(keyCounter += 1)}`;

/** Same day next month in UTC, clamped to the month's end: the documented MONTHLY schedule. */
function oneMonthFromToday(): string {
  const now = new Date();
  const lastDay = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 0)).getUTCDate();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, Math.min(now.getUTCDate(), lastDay)))
    .toISOString()
    .slice(0, 10);
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-provider-'));
  sandbox = await startSandboxProvider({ ...CREDENTIALS, port: 0, ledgerFile: join(dir, 'ledger.jsonl') });
  provider = adapter();
});

afterAll(async () => {
  await sandbox.close();
  await rm(dir, { recursive: true, force: true });
});

beforeEach(() => sandbox.reset());

describe('Pay Theory adapter against the sandbox provider', () => {
  it.each(Object.entries(TEST_CARDS))('charges the %s test card', async (_brand, number) => {
    const paymentMethodId = await tokenize(number);
    const outcome = await provider.charge({ amountCents: 2500, paymentMethodId, idempotencyKey: newKey(), payor });
    // The card's last four digits come back with the charge: the receipt prints them.
    expect(outcome).toMatchObject({ status: 'succeeded', amountCents: 2500, lastFour: number.slice(-4) });
    expect(charges()).toEqual([expect.objectContaining({ state: 'SUCCEEDED', lastFour: number.slice(-4) })]);
    // Not at once: the sandbox, like Pay Theory, shows a new charge to queries after a delay.
    await expect
      .poll(() => provider.getCharge(outcome.status === 'succeeded' ? outcome.transactionId : ''))
      .toEqual(outcome);
  });

  it.each([
    [102, 'GENERIC_DECLINE'],
    [193, 'INSUFFICIENT_FUNDS'],
    [194, 'INVALID_ACCOUNT_NUMBER'],
    [889986, 'ADDRESS_VERIFICATION_FAILED_RISK_RULES'],
    [889987, 'CVV_FAILED_RISK_RULES'],
  ])('declines %i cents with %s and records the attempt', async (amountCents, code) => {
    const paymentMethodId = await tokenize();
    const outcome = await provider.charge({ amountCents, paymentMethodId, idempotencyKey: newKey(), payor });
    expect(outcome).toMatchObject({ status: 'declined', code, transactionId: expect.any(String) });
    expect(charges()).toEqual([expect.objectContaining({ state: 'FAILED', failureCode: code })]);
  });

  it('charges twice when sent twice with one key, and lists both (the provider has no idempotency key)', async () => {
    const paymentMethodId = await tokenize();
    const request = { amountCents: 2500, paymentMethodId, idempotencyKey: newKey(), payor };
    const first = await provider.charge(request);
    const second = await provider.charge(request);
    expect(second).not.toEqual(first);
    expect(charges()).toHaveLength(2);
    await expect.poll(() => provider.listChargesByIdempotencyKey(request.idempotencyKey)).toEqual([first, second]);
  });

  it('finds the charge whose answer was lost once the provider shows it', async () => {
    const paymentMethodId = await tokenize();
    const request = { amountCents: 2500, paymentMethodId, idempotencyKey: newKey(), payor };
    sandbox.setFaults({ dropNextCharges: 1, visibilityDelayMs: 1000 });
    await expect(provider.charge(request)).rejects.toBeInstanceOf(TransientProviderError);
    const [charged] = charges();
    // Right after the send the charge exists but a lookup does not see it yet.
    await expect(provider.findChargeByIdempotencyKey(request.idempotencyKey)).resolves.toBeNull();
    await expect
      .poll(() => provider.findChargeByIdempotencyKey(request.idempotencyKey), { timeout: 5000 })
      .toMatchObject({ status: 'succeeded', transactionId: charged?.transactionId });
    await expect(provider.findChargeByIdempotencyKey(newKey())).resolves.toBeNull();
  });

  it('maps a 503 to TransientProviderError without charging', async () => {
    const paymentMethodId = await tokenize();
    sandbox.setFaults({ failNext: 1 });
    await expect(
      provider.charge({ amountCents: 2500, paymentMethodId, idempotencyKey: newKey(), payor }),
    ).rejects.toBeInstanceOf(TransientProviderError);
    expect(charges()).toHaveLength(0);
  });

  it('maps an unanswered request and a too-slow answer to TransientProviderError', async () => {
    const paymentMethodId = await tokenize();
    const impatient = adapter({ timeoutMs: 200 });
    sandbox.setFaults({ timeoutNext: 1 });
    await expect(
      impatient.charge({ amountCents: 2500, paymentMethodId, idempotencyKey: newKey(), payor }),
    ).rejects.toBeInstanceOf(TransientProviderError);
    expect(charges()).toHaveLength(0);

    // Latency is added after the work: the charge happened although the client gave up.
    sandbox.setFaults({ latencyMs: 400 });
    const key = newKey();
    await expect(
      impatient.charge({ amountCents: 2500, paymentMethodId, idempotencyKey: key, payor }),
    ).rejects.toBeInstanceOf(TransientProviderError);
    sandbox.setFaults({ latencyMs: 0 });
    await expect.poll(() => provider.findChargeByIdempotencyKey(key)).toMatchObject({ status: 'succeeded' });
  });

  it('maps a wrong secret to ProviderRequestError', async () => {
    const error = await adapter({ secretKey: 'wrong' })
      .getCharge('pt_txn_x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRequestError);
    expect(error).not.toBeInstanceOf(TransientProviderError);
    expect((error as Error).message).not.toContain('wrong');
  });

  it('creates a monthly plan, finds it and its later first instalment by key, and cancels it', async () => {
    const paymentMethodId = await tokenize();
    const request = {
      amountCents: 2500,
      paymentMethodId,
      idempotencyKey: newKey(),
      payor,
      interval: 'MONTHLY' as const,
    };
    // The first instalment comes after the answer: the plan is answered awaiting it until a lookup shows it.
    await expect(provider.createRecurring(request)).resolves.toEqual({
      status: 'awaiting',
      recurringId: expect.stringMatching(/^pt_rec/),
    });
    await expect
      .poll(() => provider.findRecurringByIdempotencyKey(request.idempotencyKey).catch(() => null))
      .toMatchObject({
        status: 'active',
        nextPaymentDate: oneMonthFromToday(),
        firstCharge: { status: 'succeeded', amountCents: 2500 },
      });
    const created = await provider.findRecurringByIdempotencyKey(request.idempotencyKey);
    if (!created) throw new Error('plan not found');
    expect(charges()).toEqual([expect.objectContaining({ state: 'SUCCEEDED', recurringId: expect.any(String) })]);
    await expect(provider.listRecurringByIdempotencyKey(request.idempotencyKey)).resolves.toEqual([created]);
    // The instalment carries the plan's metadata, but it is not a one-time charge.
    await expect(provider.findChargeByIdempotencyKey(request.idempotencyKey)).resolves.toBeNull();

    if (created.status !== 'active') return;
    await provider.cancelRecurring(created.recurringId);
    expect(sandbox.ledger().at(-1)).toMatchObject({ kind: 'recurring_cancelled', recurringId: created.recurringId });
    await expect(provider.findRecurringByIdempotencyKey(newKey())).resolves.toBeNull();
  });

  it('reports a plan whose first instalment is declined as declined', async () => {
    const paymentMethodId = await tokenize();
    const idempotencyKey = newKey();
    await expect(
      provider.createRecurring({ amountCents: 102, paymentMethodId, idempotencyKey, payor, interval: 'MONTHLY' }),
    ).resolves.toMatchObject({ status: 'awaiting' });
    await expect
      .poll(() => provider.findRecurringByIdempotencyKey(idempotencyKey).catch(() => null))
      .toMatchObject({ status: 'declined', code: 'GENERIC_DECLINE' });
  });

  it('refunds a charge, and a repeated refund returns the same reversal', async () => {
    const paymentMethodId = await tokenize();
    const charged = await provider.charge({ amountCents: 2500, paymentMethodId, idempotencyKey: newKey(), payor });
    if (charged.status !== 'succeeded') throw new Error('charge failed');
    await expect.poll(() => provider.getCharge(charged.transactionId)).not.toBeNull();
    const { refundId } = await provider.refund(charged.transactionId);
    expect(sandbox.ledger().at(-1)).toEqual(
      expect.objectContaining({ kind: 'refund', refundId, transactionId: charged.transactionId, amountCents: 2500 }),
    );
    await expect
      .poll(() => provider.refund(charged.transactionId).catch(() => null))
      .toEqual({ refundId, isVoid: false, replacementTransactionId: null });
    await expect(provider.getCharge(refundId)).resolves.toBeNull();
    await expect(provider.refund('pt_txn_unknown')).rejects.toBeInstanceOf(ProviderRequestError);
  });

  it('refunds a charge in parts, shows each refund only after the delay, and refuses more than is left', async () => {
    const paymentMethodId = await tokenize();
    const charged = await provider.charge({ amountCents: 2500, paymentMethodId, idempotencyKey: newKey(), payor });
    if (charged.status !== 'succeeded') throw new Error('charge failed');
    await expect
      .poll(() => provider.getChargeRefunds(charged.transactionId))
      .toMatchObject({
        grossCents: 2500,
        refundedCents: 0,
        reversals: [],
      });
    const first = await provider.reverse(charged.transactionId, 1000);
    // Like a new charge, a refund is not promised to show at once (docs/decisions/019).
    await expect(provider.getChargeRefunds(charged.transactionId)).resolves.toMatchObject({ refundedCents: 0 });
    await expect
      .poll(() => provider.getChargeRefunds(charged.transactionId))
      .toMatchObject({
        refundedCents: 1000,
        reversals: [{ refundId: first.refundId, amountCents: 1000 }],
      });
    await expect(provider.reverse(charged.transactionId, 1501)).rejects.toBeInstanceOf(RefundRejectedError);
    const second = await provider.reverse(charged.transactionId, 1500);
    await expect
      .poll(() => provider.getChargeRefunds(charged.transactionId))
      .toMatchObject({
        refundedCents: 2500,
        reversals: [{ refundId: first.refundId }, { refundId: second.refundId, amountCents: 1500 }],
      });
    await expect(provider.getChargeRefunds('pt_txn_unknown')).resolves.toBeNull();
  });

  it('makes a refund whose answer is lost, and the charge shows it once visible', async () => {
    const paymentMethodId = await tokenize();
    const charged = await provider.charge({ amountCents: 2500, paymentMethodId, idempotencyKey: newKey(), payor });
    if (charged.status !== 'succeeded') throw new Error('charge failed');
    await expect.poll(() => provider.getCharge(charged.transactionId)).not.toBeNull();
    sandbox.setFaults({ failNextAfterCharge: 1 });
    await expect(provider.reverse(charged.transactionId, 700)).rejects.toBeInstanceOf(TransientProviderError);
    expect(sandbox.ledger().filter((entry) => entry.kind === 'refund')).toHaveLength(1);
    await expect.poll(() => provider.getChargeRefunds(charged.transactionId)).toMatchObject({ refundedCents: 700 });
  });

  it('answers invalid for a card that fails the tokenize rules', async () => {
    for (const card of [
      { number: '4111111111111112', securityCode: '123', expMonth: '12', expYear: '2030' },
      { number: TEST_CARDS.visa, securityCode: '123', expMonth: '01', expYear: '2020' },
      { number: TEST_CARDS.amex, securityCode: '123', expMonth: '12', expYear: '2030' },
    ]) {
      await expect(provider.tokenizeCard({ ...card, postalCode: '19106' }, payor)).resolves.toEqual({
        status: 'invalid',
        message: 'The card details are not valid.',
      });
    }
    await expect(
      provider.tokenizeCard({ number: TEST_CARDS.visa, securityCode: '123', expMonth: '12', expYear: '2030' }, payor),
    ).resolves.toMatchObject({ status: 'invalid', missing: 'postalCode' });
  });

  it('keeps full card numbers out of the ledger and mirrors it to the ledger file', async () => {
    const paymentMethodId = await tokenize(TEST_CARDS.mastercard);
    await provider.charge({ amountCents: 2500, paymentMethodId, idempotencyKey: newKey(), payor });
    const file = await readFile(join(dir, 'ledger.jsonl'), 'utf8');
    expect(
      file
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as unknown),
    ).toEqual(sandbox.ledger());
    expect(file + JSON.stringify(sandbox.ledger())).not.toContain(TEST_CARDS.mastercard);
  });

  it('serves the admin endpoints on loopback', async () => {
    const post = (path: string, body: unknown) =>
      fetch(`${sandbox.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await post('/__sandbox/faults', { failNext: 1 })).status).toBe(200);
    await expect(provider.getCharge('pt_txn_x')).rejects.toBeInstanceOf(TransientProviderError);
    expect((await post('/__sandbox/faults', { failNext: -1 })).status).toBe(400);
    const paymentMethodId = await tokenize();
    await provider.charge({ amountCents: 2500, paymentMethodId, idempotencyKey: newKey(), payor });
    const ledger = (await (await fetch(`${sandbox.url}/__sandbox/ledger`)).json()) as unknown[];
    expect(ledger).toHaveLength(1);
    expect((await post('/__sandbox/reset', {})).status).toBe(200);
    expect(sandbox.ledger()).toEqual([]);
    const plain = await fetch(`${sandbox.url}/__sandbox/reset`, { method: 'POST', body: '{}' });
    expect(plain.status).toBe(415);
  });

  it('closes while a request hangs', async () => {
    const other = await startSandboxProvider({ ...CREDENTIALS, faults: { timeoutNext: 1 } });
    const hanging = fetch(other.graphqlUrl, { method: 'POST', body: '{}' }).catch((e: unknown) => e);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await other.close();
    expect(await hanging).toBeInstanceOf(Error);
  });
});
