import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '../testing/chromium';
import { type SandboxProvider, startSandboxProvider } from './server';

/**
 * The browser SDK and hosted fields in Chromium: a merchant page on a second origin loads
 * /sdk.js, mounts the iframes and tokenizes / transacts, and never sees the card number.
 */
const API_KEY = 'browser-public-key';
const CARD = '4111111111111111';

/**
 * The merchant page's globals, typed here because the server program has no DOM library; the
 * casts vanish when Playwright serialises the callbacks into the page.
 */
interface MerchantWindow {
  paytheory: {
    tokenizePaymentMethod(params: Record<string, unknown>): Promise<Record<string, unknown>>;
    transact(params: Record<string, unknown>): Promise<Record<string, unknown>>;
  };
  seen: { ready: number; errors: string[]; states: Record<string, Record<string, unknown>>[]; valid: unknown[][] };
  cleanup: (() => void) | null;
  mount: () => Promise<void>;
  document: { documentElement: { outerHTML: string } };
}

function merchantPage(sdkUrl: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Merchant</title></head>
<body>
  <form>
    <div id="pay-theory-credit-card-number"></div>
    <div id="pay-theory-credit-card-exp"></div>
    <div id="pay-theory-credit-card-cvv"></div>
    <div id="pay-theory-credit-card-zip"></div>
  </form>
  <script src="${sdkUrl}"></script>
  <script>
    window.seen = { ready: 0, errors: [], states: [], valid: [] };
    paytheory.readyObserver(() => { window.seen.ready += 1; });
    paytheory.errorObserver((error) => window.seen.errors.push(error));
    paytheory.stateObserver((state) => window.seen.states.push(state));
    paytheory.validObserver((valid, fields) => window.seen.valid.push([valid, fields]));
    window.mount = () => paytheory
      .payTheoryFields({ apiKey: '${API_KEY}', styles: { default: { color: 'black' } }, placeholders: { 'card-number': 'Card number' } })
      .then((cleanup) => { window.cleanup = cleanup; });
    window.mount();
  </script>
</body></html>`;
}

let sandbox: SandboxProvider;
let merchant: Server;
let merchantUrl: string;
let browser: Browser;
let page: Page;

async function fill(values: { number: string; exp?: string; cvv?: string; zip?: string }) {
  const frame = (container: string) => page.frameLocator(`#${container} iframe`).locator('input');
  await frame('pay-theory-credit-card-number').fill(values.number);
  await frame('pay-theory-credit-card-exp').fill(values.exp ?? '12/30');
  await frame('pay-theory-credit-card-cvv').fill(values.cvv ?? '123');
  await frame('pay-theory-credit-card-zip').fill(values.zip ?? '12345');
}

/** Everything the merchant page holds: its DOM and what the SDK handed its observers. */
async function merchantSees(): Promise<string> {
  return page.evaluate(() => {
    const w = globalThis as unknown as MerchantWindow;
    return w.document.documentElement.outerHTML + JSON.stringify(w.seen);
  });
}

const payorInfo = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org' };

beforeAll(async () => {
  sandbox = await startSandboxProvider({ merchantUid: 'm', secretKey: 's', publicApiKey: API_KEY });
  merchant = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(merchantPage(sandbox.sdkUrl));
  });
  await new Promise<void>((resolve) => merchant.listen(0, '127.0.0.1', resolve));
  // localhost vs 127.0.0.1: a different origin and a different site from the sandbox.
  merchantUrl = `http://localhost:${(merchant.address() as AddressInfo).port}/`;
  browser = await chromium.launch({ executablePath: findChromium(), args: CHROMIUM_ARGS });
  page = await browser.newPage();
  await page.goto(merchantUrl);
  await page.waitForFunction(() => (globalThis as unknown as MerchantWindow).seen.ready === 1);
});

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => merchant?.close(resolve));
  await sandbox?.close();
});

describe('sandbox browser SDK', () => {
  it('mounts four titled iframes from the sandbox origin with labelled inputs', async () => {
    const frames = await page.locator('iframe').all();
    expect(frames).toHaveLength(4);
    for (const frame of frames) {
      expect(new URL((await frame.getAttribute('src')) ?? '').origin).toBe(sandbox.url);
      expect(await frame.getAttribute('title')).toMatch(/\S/);
    }
    await expect(
      page.frameLocator('#pay-theory-credit-card-number iframe').getByLabel('Card number').count(),
    ).resolves.toBe(1);
  });

  it('tokenizes a valid card, reporting state and validity on the way', async () => {
    await fill({ number: '4111 1111 1111 1111' });
    await page.waitForFunction(() => (globalThis as unknown as MerchantWindow).seen.valid.at(-1)?.[0] === 'card');
    const result = await page.evaluate(
      (info) => (globalThis as unknown as MerchantWindow).paytheory.tokenizePaymentMethod({ payorInfo: info }),
      payorInfo,
    );
    expect(result).toMatchObject({
      type: 'TOKENIZED',
      body: {
        last_four: '1111',
        brand: 'VISA',
        expiration: '1230',
        payment_type: 'card',
        payment_method_id: expect.any(String),
      },
    });
    const states = await page.evaluate(() => (globalThis as unknown as MerchantWindow).seen.states);
    expect(states.some((s) => s['card-number']?.isFocused === true)).toBe(true);
    expect(states.at(-1)?.['card-number']).toMatchObject({ isEmpty: false, isComplete: true, isValid: true });
    expect(await merchantSees()).not.toContain(CARD);
  });

  it('transacts: 2500 succeeds, 102 fails with GENERIC_DECLINE', async () => {
    const success = await page.evaluate(() =>
      (globalThis as unknown as MerchantWindow).paytheory.transact({ amount: 2500, metadata: { payment_id: 'p-1' } }),
    );
    expect(success).toMatchObject({
      type: 'SUCCESS',
      body: { amount: 2500, state: 'SUCCEEDED', last_four: '1111', receipt_number: expect.any(String) },
    });
    const failed = await page.evaluate(() =>
      (globalThis as unknown as MerchantWindow).paytheory.transact({ amount: 102 }),
    );
    expect(failed).toMatchObject({
      type: 'FAILED',
      body: { state: 'FAILURE', reason: { failure_code: 'GENERIC_DECLINE', failure_text: expect.any(String) } },
    });
    expect(sandbox.ledger().filter((e) => e.kind === 'charge')).toEqual([
      expect.objectContaining({ source: 'sdk', state: 'SUCCEEDED', lastFour: '1111' }),
      expect.objectContaining({ source: 'sdk', state: 'FAILED', failureCode: 'GENERIC_DECLINE' }),
    ]);
    expect(JSON.stringify([success, failed, sandbox.ledger()])).not.toContain(CARD);
  });

  it('answers ERROR NOT_VALID for a Luhn-invalid number and tells the error observer', async () => {
    await fill({ number: '4111 1111 1111 1112' });
    const result = await page.evaluate(() =>
      (globalThis as unknown as MerchantWindow).paytheory.tokenizePaymentMethod({}),
    );
    expect(result).toMatchObject({ type: 'ERROR', error: expect.stringMatching(/^NOT_VALID: /) });
    await expect(page.evaluate(() => (globalThis as unknown as MerchantWindow).seen.errors.at(-1))).resolves.toMatch(
      /^NOT_VALID/,
    );
    expect(await merchantSees()).not.toContain('4111111111111112');
  });

  it('refuses card data posted from the merchant page itself', async () => {
    const outcome = await page.evaluate(async (url) => {
      try {
        const response = await fetch(`${url}/tokenize`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-api-key': 'browser-public-key' },
          body: JSON.stringify({
            card: { number: '4111111111111111', expMonth: '12', expYear: '30', securityCode: '123' },
          }),
        });
        return `status ${response.status}`;
      } catch {
        return 'blocked';
      }
    }, sandbox.url);
    expect(outcome).toBe('blocked');
  });

  it('tears down and mounts a new session, once even if asked twice at once', async () => {
    await page.evaluate(() => (globalThis as unknown as MerchantWindow).cleanup?.());
    await expect(page.locator('iframe').count()).resolves.toBe(0);
    await expect(
      page.evaluate(() => (globalThis as unknown as MerchantWindow).paytheory.tokenizePaymentMethod({})),
    ).resolves.toMatchObject({
      type: 'ERROR',
      error: expect.stringMatching(/^NOT_READY/),
    });
    // Twice at once, as React StrictMode's double effects would: one session survives.
    await page.evaluate(() => {
      const w = globalThis as unknown as MerchantWindow;
      return Promise.all([w.mount(), w.mount()]);
    });
    await page.waitForFunction(() => (globalThis as unknown as MerchantWindow).seen.ready === 2);
    await expect(page.locator('iframe').count()).resolves.toBe(4);
    await fill({ number: '5454 5454 5454 5454' });
    const result = await page.evaluate(() =>
      (globalThis as unknown as MerchantWindow).paytheory.tokenizePaymentMethod({}),
    );
    expect(result).toMatchObject({ type: 'TOKENIZED', body: { last_four: '5454', brand: 'MASTERCARD' } });
    expect(await merchantSees()).not.toContain('5454545454545454');
  });
});
