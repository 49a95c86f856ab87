import { type CardProvider, createPayTheoryProvider } from '@pillars/money/provider';
import { afterAll } from 'vitest';
import { type SandboxProvider, type TransactionEventName, startSandboxProvider } from './server';

export const SANDBOX_CREDENTIALS = {
  merchantUid: 'test-merchant',
  secretKey: 'test-secret',
  publicApiKey: 'test-public-key',
} as const;

/** See useSandbox's visibilityWindowMs: tests keep the sandbox's visibility delay below it. */
export const SANDBOX_VISIBILITY_WINDOW_MS = 6000;

/**
 * A sandbox card provider of this test file's own (its faults and ledger are not shared), and
 * the real Pay Theory adapter talking to it over HTTP.
 */
export async function useSandbox(
  options: {
    timeoutMs?: number;
    /**
     * Where the sandbox delivers webhooks (unsigned, as Pay Theory does), how soon it retries a
     * failed delivery, and a signing secret both sides share when a test wants signed deliveries.
     */
    webhook?: { url: string; signingSecret?: string; retryDelaysMs?: number[]; eventName?: TransactionEventName };
    /** How long a new charge stays invisible to lookups (default: the sandbox's 300 ms). */
    visibilityDelayMs?: number;
    /** The sandbox's settlement rules: how long a charge stays PENDING, and a settle timer. */
    pendingMs?: number;
    settleEveryMs?: number;
    reviewThresholdCents?: number;
    duplicateWindowMs?: number;
    /** How long after createRecurringPayment answers a plan's first instalment is charged (default 200 ms). */
    firstInstalmentDelayMs?: number;
  } = {},
): Promise<{
  sandbox: SandboxProvider;
  provider: CardProvider;
  /**
   * The worker's visibility window for this sandbox: longer than any visibility delay a test
   * sets with the `visibilityDelayMs` fault up to 5 s (docs/decisions/010).
   */
  visibilityWindowMs: number;
  /** A payment method id for a card, made the way the raw-card fallback makes one. */
  tokenFor: (cardNumber?: string) => Promise<string>;
  /** The app's settings for this sandbox's browser SDK: its script, its fields' origin, its key. */
  browserEnv: Record<'PAYTHEORY_SDK_URL' | 'PAYTHEORY_FIELDS_ORIGIN' | 'PAYTHEORY_API_KEY', string>;
}> {
  const { webhook } = options;
  const sandbox = await startSandboxProvider({
    ...SANDBOX_CREDENTIALS,
    host: '127.0.0.1',
    ...(options.visibilityDelayMs !== undefined ? { visibilityDelayMs: options.visibilityDelayMs } : {}),
    ...(options.pendingMs !== undefined ? { pendingMs: options.pendingMs } : {}),
    ...(options.settleEveryMs !== undefined ? { settleEveryMs: options.settleEveryMs } : {}),
    ...(options.reviewThresholdCents !== undefined ? { reviewThresholdCents: options.reviewThresholdCents } : {}),
    ...(options.duplicateWindowMs !== undefined ? { duplicateWindowMs: options.duplicateWindowMs } : {}),
    ...(options.firstInstalmentDelayMs !== undefined ? { firstInstalmentDelayMs: options.firstInstalmentDelayMs } : {}),
    ...(webhook ? { webhookUrl: webhook.url } : {}),
    ...(webhook?.signingSecret ? { webhookSigningSecret: webhook.signingSecret } : {}),
    ...(webhook?.retryDelaysMs ? { webhookRetryDelaysMs: webhook.retryDelaysMs } : {}),
    ...(webhook?.eventName ? { webhookEventName: webhook.eventName } : {}),
  });
  afterAll(() => sandbox.close());
  const provider = createPayTheoryProvider({
    graphqlUrl: sandbox.graphqlUrl,
    merchantUid: SANDBOX_CREDENTIALS.merchantUid,
    secretKey: SANDBOX_CREDENTIALS.secretKey,
    liveMode: false,
    timeoutMs: options.timeoutMs ?? 2000,
    ...(webhook?.signingSecret ? { webhookSigningSecret: webhook.signingSecret } : {}),
  });
  return {
    sandbox,
    provider,
    visibilityWindowMs: SANDBOX_VISIBILITY_WINDOW_MS,
    browserEnv: {
      PAYTHEORY_SDK_URL: sandbox.sdkUrl,
      PAYTHEORY_FIELDS_ORIGIN: sandbox.fieldsOrigin,
      PAYTHEORY_API_KEY: SANDBOX_CREDENTIALS.publicApiKey,
    },
    tokenFor: async (cardNumber = '4111111111111111') => {
      const outcome = await provider.tokenizeCard(
        {
          number: cardNumber,
          securityCode: cardNumber.startsWith('3') ? '1234' : '123',
          expMonth: '12',
          expYear: '2035',
          postalCode: '19106',
        },
        { firstName: 'Test', lastName: 'Donor', email: 'donor@example.org' },
      );
      if (outcome.status !== 'tokenized') throw new Error(`sandbox refused the test card: ${outcome.message}`);
      return outcome.paymentMethodId;
    },
  };
}
