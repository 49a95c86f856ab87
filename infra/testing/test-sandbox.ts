import { type CardProvider, createPayTheoryProvider } from '@pillars/shared/payments';
import { afterAll } from 'vitest';
import { type SandboxProvider, startSandboxProvider } from '../sandbox-provider/server';

export const SANDBOX_CREDENTIALS = {
  merchantUid: 'test-merchant',
  secretKey: 'test-secret',
  publicApiKey: 'test-public-key',
} as const;

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
    webhook?: { url: string; signingSecret?: string; retryDelaysMs?: number[] };
  } = {},
): Promise<{
  sandbox: SandboxProvider;
  provider: CardProvider;
  /** A payment method id for a card, made the way the raw-card fallback makes one. */
  tokenFor: (cardNumber?: string) => Promise<string>;
}> {
  const { webhook } = options;
  const sandbox = await startSandboxProvider({
    ...SANDBOX_CREDENTIALS,
    host: '127.0.0.1',
    ...(webhook ? { webhookUrl: webhook.url } : {}),
    ...(webhook?.signingSecret ? { webhookSigningSecret: webhook.signingSecret } : {}),
    ...(webhook?.retryDelaysMs ? { webhookRetryDelaysMs: webhook.retryDelaysMs } : {}),
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
