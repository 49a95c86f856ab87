import { useCallback, useEffect, useState } from 'react';
import { loadCode } from '@/lib/load-code';
import { whenNearViewport } from '@/lib/near-viewport';
import {
  clearHostedFrames,
  hostedContainersPresent,
  hostedFramesMounted,
  whenHostedContainersPresent,
} from '../lib/hosted-frames';
import type { ProviderSdk } from '../lib/provider-sdk';
import { CARD_FIELD_IDS, hostedFieldTexts } from '../payments-texts';
import { CARD_FIELDS_CHECK_MS, CARD_FIELDS_INIT_DELAY_MS } from '../payment-timing';

export type HostedCardFieldsOptions = {
  sdkUrl: string;
  apiKey: string;
  /** Loads the SDK; tests may pass their own. */
  loadSdk?: (sdkUrl: string) => Promise<ProviderSdk>;
};

export type HostedCardFieldsState = {
  /** The provider reported its fields ready to take a card. */
  ready: boolean;
  /** The provider considers the card entered so far complete and valid. */
  valid: boolean;
  /** The provider's latest error (e.g. "NOT_VALID: …"), or the SDK failing to load. */
  error: string | null;
  /** The SDK once loaded; what runCardPayment charges through. */
  sdk: ProviderSdk | null;
  /** The fields were cleared after an attempt and mounted again: the card must be entered again. */
  cleared: boolean;
};

export type HostedCardFields = HostedCardFieldsState & {
  /**
   * Clears the fields and mounts them again, on the same timings as the first mount. Call it
   * after every tokenize or transact result: after a success the provider's fields answer
   * ACTION_COMPLETE until they are mounted again, and after an error (which the SDK answers by
   * resetting them) a fresh mount leaves one state to reason about, whatever the SDK did.
   */
  remount: () => void;
};

const fieldStyles = {
  // Our container draws the border and padding like the other inputs; the field inside stays
  // bare, and 42px fills the 44px container inside its 1px border.
  default: {
    color: '#0b1f3a',
    fontSize: '16px',
    height: '42px',
    padding: '0',
    border: '0',
    borderRadius: '0',
    backgroundColor: 'transparent',
  },
  success: { color: '#0b1f3a' },
  error: { color: '#b22234' },
};

const placeholders = {
  'card-number': hostedFieldTexts.placeholders.cardNumber,
  'card-exp': hostedFieldTexts.placeholders.expiry,
  'card-cvv': hostedFieldTexts.placeholders.cvv,
  'billing-zip': hostedFieldTexts.placeholders.zip,
};

/**
 * The provider's SDK through our adapter, whose code (its result schemas, and zod with them) loads
 * only now, as the fields come near, not with the page (docs/decisions/038).
 */
async function loadProviderSdk(sdkUrl: string): Promise<ProviderSdk> {
  const adapter = await loadCode(() => import('../lib/provider-sdk'), hostedFieldTexts.unavailable);
  return adapter.loadProviderSdk(sdkUrl);
}

const initialState: HostedCardFieldsState = { ready: false, valid: false, error: null, sdk: null, cleared: false };

/**
 * The state while the fields mount again after an attempt: not ready until the provider says so.
 * A card the provider rejected stays reported, so the visitor knows why the card is gone; other
 * errors belonged to the spent fields (or the toast already told them).
 */
function remounting(current: HostedCardFieldsState): HostedCardFieldsState {
  const error = current.error?.startsWith('NOT_VALID') ? current.error : null;
  return { ...current, ready: false, valid: false, error, cleared: true };
}

/**
 * Mounts the provider's hosted card fields into the containers rendered by <HostedCardFields>
 * (product rule): any previous card session is torn down at once; setup runs once after
 * 200 ms; at 3000 ms, if the four frames are not all there, setup is retried once. Observers
 * are removed and the session torn down on unmount. `remount()` runs the same cycle again.
 * Tearing down is emptying the containers: the SDK ends a session whose frames left the page.
 *
 * The 200 ms and the 3000 ms count from when the fields come within a screen and a half of the
 * viewport (docs/decisions/038); a page that draws them only after its data has loaded goes
 * ahead after two seconds, as before. Loading the SDK and mounting its frames is the heaviest
 * work of a payment page, and a visitor has the rest of the form to fill before the card.
 */
export function useHostedCardFields({
  sdkUrl,
  apiKey,
  loadSdk = loadProviderSdk,
}: HostedCardFieldsOptions): HostedCardFields {
  const [state, setState] = useState(initialState);
  /** Each mount cycle; remount() starts the next one. */
  const [generation, setGeneration] = useState(0);
  const remount = useCallback(() => {
    setState(remounting);
    setGeneration((n) => n + 1);
  }, []);

  useEffect(() => {
    let disposed = false;
    const disposal = new AbortController();
    let attempt = 0;
    let unsubscribers: Array<() => void> = [];
    const unsubscribeAll = () => {
      for (const unsubscribe of unsubscribers) unsubscribe();
      unsubscribers = [];
    };
    const update = (patch: Partial<HostedCardFieldsState>) => {
      if (!disposed) setState((current) => ({ ...current, ...patch }));
    };

    clearHostedFrames();

    const setup = async () => {
      attempt += 1;
      const current = attempt;
      const superseded = () => disposed || current !== attempt;
      try {
        const sdk = await loadSdk(sdkUrl);
        if (superseded()) return;
        unsubscribeAll();
        unsubscribers = [
          sdk.onReady((ready) => update({ ready })),
          // A valid card clears a NOT_VALID error, and the note, left from an earlier attempt.
          sdk.onValid((valid) => update(valid ? { valid, error: null, cleared: false } : { valid })),
          sdk.onError((error) => update({ error })),
        ];
        update({ sdk });
        await whenHostedContainersPresent(disposal.signal);
        if (superseded()) return;
        await sdk.mountFields({ apiKey, styles: fieldStyles, placeholders });
      } catch (error) {
        if (superseded()) return;
        update({ error: error instanceof Error ? error.message : String(error) });
      }
    };

    let initTimer = 0;
    let checkTimer = 0;
    void whenNearViewport(CARD_FIELD_IDS.number, disposal.signal).then(() => {
      if (disposed) return;
      initTimer = window.setTimeout(() => void setup(), CARD_FIELDS_INIT_DELAY_MS);
      checkTimer = window.setTimeout(() => {
        // Still waiting for the page to render the containers is not a failed setup.
        if (hostedFramesMounted() || !hostedContainersPresent()) return;
        unsubscribeAll();
        clearHostedFrames();
        update({ ready: false, valid: false, error: null, sdk: null });
        void setup();
      }, CARD_FIELDS_CHECK_MS);
    });

    return () => {
      disposed = true;
      disposal.abort();
      window.clearTimeout(initTimer);
      window.clearTimeout(checkTimer);
      unsubscribeAll();
      clearHostedFrames();
    };
  }, [sdkUrl, apiKey, loadSdk, generation]);

  return { ...state, remount };
}
