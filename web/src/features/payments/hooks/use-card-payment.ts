import { useCallback, useEffect, useRef, useState } from 'react';
import { usePublicConfig } from '@/lib/use-public-config';
import { newIdempotencyKey } from '@/lib/idempotency-key';
import { type CardPaymentContext, PaymentDeclinedError } from '../lib/payment-steps';
import { paymentMessages } from '../payments-texts';
import { type HostedCardFieldsState, useHostedCardFields } from './use-hosted-card-fields';

export type CardPayment = HostedCardFieldsState & {
  /**
   * Runs one card payment through the mounted hosted fields, e.g. `run((context) =>
   * runCardPayment({ ...context, values, amountCents }))`. Each call is one submission with its
   * own Idempotency-Key; a call while one runs, or before the fields are ready, is refused.
   * Rejects with the message to show. Once it ends, fields that tokenized or transacted are
   * cleared and mounted again, whatever the result, so the visitor can correct the card or the
   * amount and pay again on the same page.
   */
  run: <T>(payment: (context: CardPaymentContext) => Promise<T>) => Promise<T>;
  /**
   * The provider's reason for declining the last attempt, kept until the visitor changes
   * something: pays again, enters a valid card, or edits the form (dismissDecline); else null.
   */
  declined: string | null;
  dismissDecline: () => void;
};

/** Hosted card fields from the public config's SDK, and the payments that run through them. */
export function useCardPayment(): CardPayment {
  const { payments } = usePublicConfig();
  const fields = useHostedCardFields({ sdkUrl: payments.sdkUrl, apiKey: payments.apiKey });
  const { ready, sdk, remount, valid } = fields;
  const inFlight = useRef(false);
  const [declined, setDeclined] = useState<string | null>(null);
  const dismissDecline = useCallback(() => setDeclined(null), []);

  // A valid card entered in the fields again is a change: the decline was about the card before.
  // (State adjusted while rendering, as React advises for state that follows a prop.)
  const [wasValid, setWasValid] = useState(valid);
  if (valid !== wasValid) {
    setWasValid(valid);
    if (valid) setDeclined(null);
  }
  const controller = useRef<AbortController | null>(null);

  // Leaving the page stops the polling (the charge itself goes on server-side).
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async <T>(payment: (context: CardPaymentContext) => Promise<T>): Promise<T> => {
      if (inFlight.current) throw new Error(paymentMessages.alreadyInProgress);
      if (!ready || !sdk) throw new Error(paymentMessages.fieldsNotReady);
      inFlight.current = true;
      const abort = new AbortController();
      controller.current = abort;
      // The provider's fields serve one tokenize or transact, then answer ACTION_COMPLETE.
      let used = false;
      const spend = <A extends unknown[], R>(call: (...args: A) => Promise<R>) => {
        return (...args: A) => {
          used = true;
          return call(...args);
        };
      };
      const once = { tokenize: spend(sdk.tokenize), transact: spend(sdk.transact) };
      setDeclined(null);
      try {
        return await payment({ sdk: once, idempotencyKey: newIdempotencyKey(), signal: abort.signal });
      } catch (error) {
        if (error instanceof PaymentDeclinedError) setDeclined(error.message);
        throw error;
      } finally {
        inFlight.current = false;
        if (controller.current === abort) controller.current = null;
        if (used) remount();
      }
    },
    [ready, sdk, remount],
  );

  return { ...fields, run, declined, dismissDecline };
}
