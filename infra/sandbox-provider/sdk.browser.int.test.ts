import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Browser, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM_ARGS, findChromium } from '@pillars/testing/chromium';
import { type SandboxProvider, startSandboxProvider } from './server';

/**
 * The browser SDK and hosted fields in Chromium: a merchant page on another origin loads
 * /sdk.js from the SDK origin, mounts the iframes from the fields origin (a second listener, as
 * Pay Theory's fields host differs from its SDK host) and tokenizes / transacts under a
 * Content-Security-Policy that allows only those two, and never sees the card number.
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
  } & Record<string, unknown>;
  seen: {
    ready: number;
    errors: string[];
    states: Record<string, Record<string, unknown>>[];
    valid: unknown[][];
    violations: string[];
  };
  mount: () => Promise<unknown>;
  clearContainers: () => void;
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
    window.seen = { ready: 0, errors: [], states: [], valid: [], violations: [] };
    document.addEventListener('securitypolicyviolation', (e) => window.seen.violations.push(e.violatedDirective + ' ' + e.blockedURI));
    paytheory.readyObserver(() => { window.seen.ready += 1; });
    paytheory.errorObserver((error) => window.seen.errors.push(error));
    paytheory.stateObserver((state) => window.seen.states.push(state));
    paytheory.validObserver((valid, fields) => window.seen.valid.push([valid, fields]));
    window.mount = () => paytheory.payTheoryFields({ apiKey: '${API_KEY}', styles: { default: { color: 'black' } }, placeholders: { 'card-number': 'Card number' } });
    window.clearContainers = () => {
      for (const el of document.querySelectorAll('[id^="pay-theory-credit-card-"]')) el.replaceChildren();
    };
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
  await page.waitForFunction(() => (globalThis as unknown as MerchantWindow).seen.valid.at(-1)?.[0] === 'card');
}

/** Mounts the fields again, resolving with what payTheoryFields resolved to (once ready). */
function remount(): Promise<unknown> {
  return page.evaluate(() => (globalThis as unknown as MerchantWindow).mount());
}

const tokenize = () =>
  page.evaluate(() => (globalThis as unknown as MerchantWindow).paytheory.tokenizePaymentMethod({}));
const transact = (amount: number) =>
  page.evaluate((cents) => (globalThis as unknown as MerchantWindow).paytheory.transact({ amount: cents }), amount);
const charges = () => sandbox.ledger().filter((e) => e.kind === 'charge');
const ACTION_COMPLETE = { type: 'ERROR', error: expect.stringMatching(/^ACTION_COMPLETE: /) };

/** Everything the merchant page holds: its DOM and what the SDK handed its observers. */
async function merchantSees(): Promise<string> {
  return page.evaluate(
    () =>
      (globalThis as unknown as MerchantWindow).document.documentElement.outerHTML +
      JSON.stringify((globalThis as unknown as MerchantWindow).seen),
  );
}

const payorInfo = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.org' };

beforeAll(async () => {
  sandbox = await startSandboxProvider({ merchantUid: 'm', secretKey: 's', publicApiKey: API_KEY });
  const sdkOrigin = new URL(sandbox.sdkUrl).origin;
  merchant = createServer((req, res) => {
    // The policy a merchant sets for Pay Theory: the script from the SDK origin, frames from the
    // fields origin. /sdk-origin-frames is the mistake the sandbox must expose.
    const frames = req.url === '/sdk-origin-frames' ? sdkOrigin : sandbox.fieldsOrigin;
    res.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `default-src 'self'; script-src 'unsafe-inline' ${sdkOrigin}; frame-src ${frames}; connect-src 'self'`,
    });
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
  it('mounts four titled iframes from the fields origin, not the SDK origin, with labelled inputs', async () => {
    expect(sandbox.fieldsOrigin).not.toBe(new URL(sandbox.sdkUrl).origin);
    const frames = await page.locator('iframe').all();
    expect(frames).toHaveLength(4);
    for (const frame of frames) {
      expect(new URL((await frame.getAttribute('src')) ?? '').origin).toBe(sandbox.fieldsOrigin);
      expect(await frame.getAttribute('title')).toMatch(/\S/);
    }
    await expect(
      page.frameLocator('#pay-theory-credit-card-number iframe').getByLabel('Card number').count(),
    ).resolves.toBe(1);
    expect(await page.evaluate(() => (globalThis as unknown as MerchantWindow).seen.violations)).toEqual([]);
  });

  it('serves the fields and their calls only from the fields origin', async () => {
    expect((await fetch(`${sandbox.url}/fields/card-number`)).status).toBe(404);
    expect((await fetch(`${sandbox.url}/tokenize`, { method: 'POST' })).status).toBe(404);
    expect((await fetch(`${sandbox.fieldsOrigin}/fields/card-number`)).status).toBe(200);
    expect((await fetch(`${sandbox.fieldsOrigin}/sdk.js`)).status).toBe(404);
  });

  it('has no removeEventListeners, as the real SDK has none', async () => {
    expect(
      await page.evaluate(() => 'removeEventListeners' in (globalThis as unknown as MerchantWindow).paytheory),
    ).toBe(false);
  });

  it('tokenizes a valid card, reporting state and validity on the way', async () => {
    await fill({ number: '4111 1111 1111 1111' });
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

  it('answers ACTION_COMPLETE to any call after a tokenization, until the fields are mounted again', async () => {
    await expect(tokenize()).resolves.toMatchObject(ACTION_COMPLETE);
    await expect(transact(2500)).resolves.toMatchObject(ACTION_COMPLETE);
    expect(charges()).toEqual([]);
    await expect(page.evaluate(() => (globalThis as unknown as MerchantWindow).seen.errors.at(-1))).resolves.toMatch(
      /^ACTION_COMPLETE/,
    );

    await expect(remount()).resolves.toEqual({ type: 'READY', body: true });
    await fill({ number: '4111 1111 1111 1111' });
    await expect(transact(2500)).resolves.toMatchObject({
      type: 'SUCCESS',
      body: { amount: 2500, state: 'SUCCEEDED', last_four: '1111', receipt_number: expect.any(String) },
    });
    await expect(transact(2500)).resolves.toMatchObject(ACTION_COMPLETE);
    expect(charges()).toHaveLength(1);
  });

  it('resets the fields after a decline, as the real SDK does: the same mount pays with another amount', async () => {
    await remount();
    await fill({ number: '5454 5454 5454 5454' });
    const failed = await transact(102);
    expect(failed).toMatchObject({
      type: 'FAILED',
      body: { state: 'FAILURE', reason: { failure_code: 'GENERIC_DECLINE', failure_text: expect.any(String) } },
    });
    await expect(transact(2600)).resolves.toMatchObject({ type: 'SUCCESS', body: { amount: 2600 } });
    await expect(transact(2600)).resolves.toMatchObject(ACTION_COMPLETE);
    expect(charges()).toEqual([
      expect.objectContaining({ source: 'sdk', state: 'SUCCEEDED', amountCents: 2500 }),
      expect.objectContaining({ source: 'sdk', state: 'FAILED', failureCode: 'GENERIC_DECLINE' }),
      expect.objectContaining({ source: 'sdk', state: 'SUCCEEDED', amountCents: 2600, lastFour: '5454' }),
    ]);
    expect(JSON.stringify([failed, sandbox.ledger()])).not.toContain('5454545454545454');
  });

  it('resets the fields after a tokenize error from the provider, and charges once the card is corrected', async () => {
    await remount();
    // Four digits pass the field's own check but not the provider's rule for a Visa card.
    await fill({ number: '4111 1111 1111 1111', cvv: '1234' });
    await expect(transact(2700)).resolves.toEqual({
      type: 'ERROR',
      error: expect.stringMatching(/^NOT_VALID: .*security code/),
    });
    expect(charges().filter((c) => c.amountCents === 2700)).toEqual([]);
    await fill({ number: '4111 1111 1111 1111', cvv: '123' });
    await expect(transact(2700)).resolves.toMatchObject({ type: 'SUCCESS', body: { amount: 2700, last_four: '1111' } });
    expect(charges().filter((c) => c.amountCents === 2700)).toHaveLength(1);
  });

  it('refuses an invalid card before sending it (NOT_VALID, the fields stay usable)', async () => {
    await remount();
    const frame = page.frameLocator('#pay-theory-credit-card-number iframe').locator('input');
    await frame.fill('4111 1111 1111 1112');
    await page.waitForFunction(() => (globalThis as unknown as MerchantWindow).seen.valid.at(-1)?.[0] === '');
    await expect(tokenize()).resolves.toMatchObject({ type: 'ERROR', error: expect.stringMatching(/^NOT_VALID: /) });
    await expect(page.evaluate(() => (globalThis as unknown as MerchantWindow).seen.errors.at(-1))).resolves.toMatch(
      /^NOT_VALID/,
    );
    // The ZIP field is optional: left empty, the card is complete without it.
    await fill({ number: '4111 1111 1111 1111', zip: '' });
    await expect(tokenize()).resolves.toMatchObject({ type: 'TOKENIZED' });
    expect(await merchantSees()).not.toContain('4111111111111112');
  });

  it('refuses card data posted from anywhere but the hosted fields', async () => {
    const response = await fetch(`${sandbox.fieldsOrigin}/tokenize`, {
      method: 'POST',
      headers: { origin: new URL(merchantUrl).origin, 'content-type': 'application/json', 'x-api-key': API_KEY },
      body: JSON.stringify({ card: { number: CARD, expMonth: '12', expYear: '30', securityCode: '123' } }),
    });
    expect(response.status).toBe(403);
  });

  it('ends the session when its iframes leave the page, and mounts once if asked twice at once', async () => {
    await page.evaluate(() => (globalThis as unknown as MerchantWindow).clearContainers());
    await expect(page.locator('iframe').count()).resolves.toBe(0);
    await expect(tokenize()).resolves.toMatchObject({
      type: 'ERROR',
      error: expect.stringMatching(/^TRANSACTING_FIELD_ERROR/),
    });
    const readyBefore = await page.evaluate(() => (globalThis as unknown as MerchantWindow).seen.ready);
    // Twice at once, as React StrictMode's double effects would: one session survives.
    void page.evaluate(() => void (globalThis as unknown as MerchantWindow).mount());
    await page.evaluate(() => (globalThis as unknown as MerchantWindow).mount());
    await page.waitForFunction(
      (before) => (globalThis as unknown as MerchantWindow).seen.ready === before + 1,
      readyBefore,
    );
    await expect(page.locator('iframe').count()).resolves.toBe(4);
    await fill({ number: '5454 5454 5454 5454' });
    await expect(tokenize()).resolves.toMatchObject({ type: 'TOKENIZED', body: { last_four: '5454' } });
    expect(await merchantSees()).not.toContain('5454545454545454');
  });

  it('loads no card form on a page whose policy frames only the SDK origin', async () => {
    const other = await browser.newPage();
    await other.goto(new URL('/sdk-origin-frames', merchantUrl).href);
    await other.waitForFunction(() => (globalThis as unknown as MerchantWindow).seen.violations.length > 0);
    const violations = await other.evaluate(() => (globalThis as unknown as MerchantWindow).seen.violations);
    expect(violations[0]).toMatch(/^frame-src /);
    expect(await other.evaluate(() => (globalThis as unknown as MerchantWindow).seen.ready)).toBe(0);
    await other.close();
  });
});
