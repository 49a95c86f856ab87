import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type PayTheoryGlobal,
  createProviderSdk,
  loadProviderSdk,
  parseTokenizeResult,
  parseTransactResult,
} from './provider-sdk';

function fakeGlobal(overrides: Partial<PayTheoryGlobal> = {}): PayTheoryGlobal {
  return {
    payTheoryFields: vi.fn(),
    readyObserver: vi.fn(),
    errorObserver: vi.fn(),
    stateObserver: vi.fn(),
    validObserver: vi.fn(),
    tokenizePaymentMethod: vi.fn(),
    transact: vi.fn(),
    ...overrides,
  };
}

const sdkScripts = () => document.querySelectorAll('script[data-card-provider-sdk]');

// happy-dom never runs external scripts; by default it also reports each one as failed. Here a
// script "loads" (without running) and the tests decide when the global appears or it fails.
type HappyDomWindow = { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } };
const happyDomSettings = (window as unknown as HappyDomWindow).happyDOM.settings;

beforeEach(() => {
  happyDomSettings.handleDisabledFileLoadingAsSuccess = true;
});

afterEach(() => {
  happyDomSettings.handleDisabledFileLoadingAsSuccess = false;
  delete window.paytheory;
  for (const script of sdkScripts()) script.remove();
});

describe('loadProviderSdk', () => {
  it('resolves at once when the SDK is already on the page', async () => {
    const global = fakeGlobal();
    window.paytheory = global;
    // The SDK it resolves with drives that global.
    (await loadProviderSdk('https://sdk.test/a.js')).onReady(() => {});
    expect(global.readyObserver).toHaveBeenCalledOnce();
    expect(sdkScripts()).toHaveLength(0);
  });

  it('injects the script once and resolves when the global appears', async () => {
    vi.useFakeTimers();
    const first = loadProviderSdk('https://sdk.test/b.js');
    const second = loadProviderSdk('https://sdk.test/b.js');
    expect(second).toBe(first);
    expect(sdkScripts()).toHaveLength(1);
    expect(sdkScripts()[0]?.getAttribute('src')).toBe('https://sdk.test/b.js');

    const global = fakeGlobal();
    window.paytheory = global;
    await vi.advanceTimersByTimeAsync(100);
    (await first).onReady(() => {});
    expect(global.readyObserver).toHaveBeenCalledOnce();
  });

  it('rejects with "card payment provider not loaded" without a URL, on error or timeout', async () => {
    await expect(loadProviderSdk('')).rejects.toThrow('card payment provider not loaded');

    const failing = loadProviderSdk('https://sdk.test/c.js');
    sdkScripts()[0]?.dispatchEvent(new Event('error'));
    await expect(failing).rejects.toThrow('card payment provider not loaded');
    expect(sdkScripts()).toHaveLength(0);

    vi.useFakeTimers();
    const slow = loadProviderSdk('https://sdk.test/d.js', 1000);
    const outcome = expect(slow).rejects.toThrow('card payment provider not loaded');
    await vi.advanceTimersByTimeAsync(1000);
    await outcome;
  });
});

describe('createProviderSdk', () => {
  it('normalises observer values and tolerates observers without an unsubscribe', () => {
    let valid: ((value: string | boolean) => void) | undefined;
    let error: ((value: string | false) => void) | undefined;
    const sdk = createProviderSdk(
      fakeGlobal({
        validObserver: (callback) => {
          valid = callback;
        },
        errorObserver: (callback) => {
          error = callback;
        },
      }),
    );
    const seen: unknown[] = [];
    expect(typeof sdk.onValid((value) => seen.push(value))).toBe('function');
    sdk.onError((value) => seen.push(value));
    valid?.('card ach');
    valid?.('ach');
    valid?.(true);
    error?.(false);
    error?.('FIELD_ERROR: expiry');
    expect(seen).toEqual([true, false, true, null, 'FIELD_ERROR: expiry']);
  });

  it('sends the amount in cents as `amount`', async () => {
    const transact = vi.fn(() => Promise.resolve({ type: 'SUCCESS', body: { receipt_number: 'r1', amount: 1776 } }));
    const sdk = createProviderSdk(fakeGlobal({ transact }));
    const payorInfo = { first_name: 'A', last_name: 'B', email: 'a@b.test', phone: '5550101776' };
    await expect(sdk.transact({ amountCents: 1776, payorInfo })).resolves.toEqual({
      type: 'SUCCESS',
      receiptNumber: 'r1',
      amountCents: 1776,
      paymentMethodId: undefined,
    });
    expect(transact).toHaveBeenCalledWith({ amount: 1776, payorInfo });
  });
});

describe('result parsing', () => {
  it('reads tokenize results, errors in `error` or `body.message`', () => {
    expect(parseTokenizeResult({ type: 'TOKENIZED', body: { payment_method_id: 'pm_1', last_four: '1111' } })).toEqual({
      type: 'TOKENIZED',
      paymentMethodId: 'pm_1',
      lastFour: '1111',
      brand: undefined,
    });
    expect(parseTokenizeResult({ type: 'ERROR', error: 'NOT_VALID: cvv' })).toEqual({
      type: 'ERROR',
      error: 'NOT_VALID: cvv',
    });
    expect(parseTokenizeResult({ type: 'ERROR', body: { message: 'NOT_VALID' } })).toEqual({
      type: 'ERROR',
      error: 'NOT_VALID',
    });
    expect(parseTokenizeResult({ type: 'TOKENIZED', body: {} })).toEqual({
      type: 'ERROR',
      error: 'Unexpected success response format',
    });
    expect(parseTokenizeResult(undefined)).toMatchObject({ type: 'ERROR' });
  });

  it('reads transact results including the failure reason', () => {
    expect(
      parseTransactResult({
        type: 'FAILED',
        body: {
          receipt_number: 'r2',
          reason: { failure_code: 'INSUFFICIENT_FUNDS', failure_text: 'Insufficient funds' },
        },
      }),
    ).toEqual({
      type: 'FAILED',
      receiptNumber: 'r2',
      failureCode: 'INSUFFICIENT_FUNDS',
      failureText: 'Insufficient funds',
    });
    expect(parseTransactResult({ type: 'ERROR', error: 'SESSION_EXPIRED' })).toEqual({
      type: 'ERROR',
      error: 'SESSION_EXPIRED',
    });
  });
});
