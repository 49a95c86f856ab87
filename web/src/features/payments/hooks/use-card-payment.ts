import { useCallback, useEffect, useRef } from 'react';
import { usePublicConfig } from '@/lib/use-public-config';
import { newIdempotencyKey } from '../lib/idempotency-key';
import { type CardPaymentSucceeded, type CardPaymentValues, runCardPayment } from '../lib/run-card-payment';
import { paymentMessages } from '../payments-texts';
import { type HostedCardFieldsState, useHostedCardFields } from './use-hosted-card-fields';

export type CardPaymentRequest = { values: CardPaymentValues; amountCents: number };

export type CardPayment = HostedCardFieldsState & {
  /**
   * Charges the card entered in the hosted fields. Each call is one submission with its own
   * Idempotency-Key. Rejects with the message to show; a call while one runs is refused.
   */
  pay: (request: CardPaymentRequest) => Promise<CardPaymentSucceeded>;
};

/** Hosted card fields from the public config's SDK, and the payment that runs through them. */
export function useCardPayment(): CardPayment {
  const { payments } = usePublicConfig();
  const fields = useHostedCardFields({ sdkUrl: payments.sdkUrl, apiKey: payments.apiKey });
  const { ready, sdk } = fields;
  const inFlight = useRef(false);
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops the polling (the charge itself goes on server-side).
  useEffect(() => () => controller.current?.abort(), []);

  const pay = useCallback(
    async (request: CardPaymentRequest) => {
      if (inFlight.current) throw new Error(paymentMessages.alreadyInProgress);
      if (!ready || !sdk) throw new Error(paymentMessages.fieldsNotReady);
      inFlight.current = true;
      const abort = new AbortController();
      controller.current = abort;
      try {
        return await runCardPayment({ ...request, sdk, idempotencyKey: newIdempotencyKey(), signal: abort.signal });
      } finally {
        inFlight.current = false;
        if (controller.current === abort) controller.current = null;
      }
    },
    [ready, sdk],
  );

  return { ...fields, pay };
}
