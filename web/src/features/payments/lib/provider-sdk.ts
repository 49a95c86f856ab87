import { ProviderPaymentResult } from '@pillars/contracts';
import { z } from 'zod';
import { paymentMessages } from '../payments-texts';
import { SDK_LOAD_TIMEOUT_MS } from '../payment-timing';

/**
 * The card provider's browser SDK (Pay Theory, or the sandbox imitating it). Every call to
 * `window.paytheory` goes through this file, so a renamed SDK function is a one-line change and
 * the rest of the app sees typed, normalised results instead of whatever the script returns.
 */

export type PayorInfo = { first_name: string; last_name: string; email: string; phone: string };

export type BillingInfo = {
  name?: string;
  address?: { line1?: string; city?: string; region?: string; postal_code?: string };
};

type Unsubscribe = () => void;

/**
 * The global as the SDK script defines it; results are `unknown` because they are parsed. Only
 * what Pay Theory's SDK has: it has no teardown function (its fields end when their elements
 * leave the page), and once a tokenize or transact completed its fields answer ACTION_COMPLETE
 * until they are cleared and mounted again.
 */
export type PayTheoryGlobal = {
  /** Resolves once the fields are ready (`{ type: 'READY' }`) or with an ERROR result. */
  payTheoryFields: (options: {
    apiKey: string;
    styles?: Record<string, unknown>;
    placeholders?: Record<string, string>;
  }) => unknown;
  readyObserver: (callback: (ready: boolean) => void) => Unsubscribe | void;
  errorObserver: (callback: (error: string | false) => void) => Unsubscribe | void;
  stateObserver: (callback: (state: unknown) => void) => Unsubscribe | void;
  /** Pay Theory passes the valid payment types ("card", "card ach"); older builds a boolean. */
  validObserver: (callback: (valid: string | boolean) => void) => Unsubscribe | void;
  tokenizePaymentMethod: (request: {
    payorInfo: PayorInfo;
    billingInfo?: BillingInfo;
    metadata?: Record<string, string>;
  }) => Promise<unknown>;
  transact: (request: {
    amount: number;
    payorInfo: PayorInfo;
    billingInfo?: BillingInfo;
    metadata?: Record<string, string>;
  }) => Promise<unknown>;
};

declare global {
  interface Window {
    paytheory?: PayTheoryGlobal;
  }
}

export type TokenizeOutcome =
  { type: 'TOKENIZED'; paymentMethodId: string; lastFour?: string; brand?: string } | { type: 'ERROR'; error: string };

export type TransactOutcome =
  | { type: 'SUCCESS'; receiptNumber: string; amountCents?: number; paymentMethodId?: string }
  | { type: 'FAILED'; receiptNumber?: string; failureCode?: string; failureText?: string }
  | { type: 'ERROR'; error: string };

export type TokenizeRequest = { payorInfo: PayorInfo; billingInfo?: BillingInfo; metadata?: Record<string, string> };
export type TransactRequest = TokenizeRequest & { amountCents: number };

export type MountFieldsOptions = {
  apiKey: string;
  styles?: Record<string, unknown>;
  placeholders?: Record<string, string>;
};

/** What the rest of the app may ask of the provider. */
export type ProviderSdk = {
  mountFields: (options: MountFieldsOptions) => Promise<void>;
  onReady: (callback: (ready: boolean) => void) => Unsubscribe;
  onError: (callback: (error: string | null) => void) => Unsubscribe;
  onValid: (callback: (valid: boolean) => void) => Unsubscribe;
  tokenize: (request: TokenizeRequest) => Promise<TokenizeOutcome>;
  /** Charges the card in the browser (the plain payment call fallback). */
  transact: (request: TransactRequest) => Promise<TransactOutcome>;
};

const noop: Unsubscribe = () => {};

// The SDK's documented shapes, parsed leniently: both `error` and `body.message` carry errors.
const TokenizeResult = z.object({
  type: z.string(),
  body: z
    .object({
      payment_method_id: z.string().optional(),
      last_four: z.string().optional(),
      brand: z.string().optional(),
      message: z.string().optional(),
    })
    .optional(),
  error: z.string().optional(),
});

const TransactResult = ProviderPaymentResult.extend({
  body: z
    .object({
      receipt_number: z.string().optional(),
      amount: z.number().optional(),
      state: z.string().optional(),
      payment_method_id: z.string().optional(),
      reason: z.object({ failure_code: z.string().optional(), failure_text: z.string().optional() }).optional(),
    })
    .optional(),
});

export function parseTokenizeResult(raw: unknown): TokenizeOutcome {
  const parsed = TokenizeResult.safeParse(raw);
  if (!parsed.success) return { type: 'ERROR', error: paymentMessages.unexpectedSuccessFormat };
  const { type, body, error } = parsed.data;
  if (type === 'TOKENIZED' && body?.payment_method_id) {
    return { type: 'TOKENIZED', paymentMethodId: body.payment_method_id, lastFour: body.last_four, brand: body.brand };
  }
  if (type === 'TOKENIZED') return { type: 'ERROR', error: paymentMessages.unexpectedSuccessFormat };
  return { type: 'ERROR', error: error ?? body?.message ?? paymentMessages.sdkTokenizationFailed };
}

export function parseTransactResult(raw: unknown): TransactOutcome {
  const parsed = TransactResult.safeParse(raw);
  if (!parsed.success) return { type: 'ERROR', error: paymentMessages.unexpectedSuccessFormat };
  const { type, body, error, payment_method_id } = parsed.data;
  if (type === 'SUCCESS') {
    if (!body?.receipt_number) return { type: 'ERROR', error: paymentMessages.unexpectedSuccessFormat };
    return {
      type: 'SUCCESS',
      receiptNumber: body.receipt_number,
      amountCents: body.amount,
      paymentMethodId: body.payment_method_id ?? payment_method_id,
    };
  }
  if (type === 'FAILED') {
    return {
      type: 'FAILED',
      receiptNumber: body?.receipt_number,
      failureCode: body?.reason?.failure_code,
      failureText: body?.reason?.failure_text,
    };
  }
  return { type: 'ERROR', error: error ?? paymentMessages.processingFailed };
}

function subscribe<T>(observe: (callback: (value: T) => void) => Unsubscribe | void, callback: (value: T) => void) {
  const unsubscribe = observe(callback);
  return typeof unsubscribe === 'function' ? unsubscribe : noop;
}

/** Wraps the raw global in the typed API above. */
export function createProviderSdk(global: PayTheoryGlobal): ProviderSdk {
  return {
    mountFields: async (options) => {
      await global.payTheoryFields(options);
    },
    onReady: (callback) => subscribe(global.readyObserver, (ready) => callback(ready === true)),
    onError: (callback) => subscribe(global.errorObserver, (error) => callback(error ? String(error) : null)),
    onValid: (callback) =>
      subscribe(global.validObserver, (valid) =>
        callback(typeof valid === 'string' ? valid.split(/\s+/).includes('card') : valid === true),
      ),
    tokenize: async (request) => parseTokenizeResult(await global.tokenizePaymentMethod(request)),
    transact: async ({ amountCents, ...rest }) =>
      parseTransactResult(await global.transact({ amount: amountCents, ...rest })),
  };
}

/** The SDK if its script has run, else null. */
export function currentProviderSdk(): ProviderSdk | null {
  return window.paytheory ? createProviderSdk(window.paytheory) : null;
}

const SCRIPT_MARKER = 'data-card-provider-sdk';
const GLOBAL_POLL_MS = 50;
let pending: { url: string; promise: Promise<ProviderSdk> } | null = null;

/**
 * Loads the SDK script once (it is never bundled) and resolves when `window.paytheory` exists.
 * Rejects with 'card payment provider not loaded' (a product text) when there is no URL, the
 * script fails or the global does not appear in time; a later call then tries again.
 */
export function loadProviderSdk(sdkUrl: string, timeoutMs = SDK_LOAD_TIMEOUT_MS): Promise<ProviderSdk> {
  const ready = currentProviderSdk();
  if (ready) return Promise.resolve(ready);
  if (!sdkUrl) return Promise.reject(new Error(paymentMessages.providerNotLoaded));
  if (pending?.url === sdkUrl) return pending.promise;

  const existing = document.querySelector<HTMLScriptElement>(`script[${SCRIPT_MARKER}]`);
  if (existing && existing.getAttribute('src') !== sdkUrl) existing.remove();
  const reused = existing?.isConnected ? existing : null;
  const script = reused ?? document.createElement('script');

  const promise = new Promise<ProviderSdk>((resolve, reject) => {
    const startedAt = Date.now();
    let poll = 0;
    let timeout = 0;
    const finish = (sdk: ProviderSdk | null) => {
      window.clearInterval(poll);
      window.clearTimeout(timeout);
      script.removeEventListener('error', onError);
      if (sdk) {
        resolve(sdk);
        return;
      }
      script.remove();
      reject(new Error(paymentMessages.providerNotLoaded));
    };
    const onError = () => finish(null);
    // Listening before the script is in the page: some engines report a failure synchronously.
    script.addEventListener('error', onError);
    timeout = window.setTimeout(() => finish(null), timeoutMs);
    // The global may appear on `load` or a little later; polling covers both and a script
    // that was already in the page before this call.
    poll = window.setInterval(() => {
      const sdk = currentProviderSdk();
      if (sdk) finish(sdk);
      else if (Date.now() - startedAt > timeoutMs) finish(null);
    }, GLOBAL_POLL_MS);
    if (!reused) {
      script.src = sdkUrl;
      script.async = true;
      script.setAttribute(SCRIPT_MARKER, '');
      document.head.append(script);
    }
  });
  pending = { url: sdkUrl, promise };
  const settle = () => {
    if (pending?.promise === promise) pending = null;
  };
  promise.then(settle, settle);
  return promise;
}
