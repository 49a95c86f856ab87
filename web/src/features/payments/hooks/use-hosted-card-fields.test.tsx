import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { HostedCardFields } from '../components/hosted-card-fields';
import type { PayTheoryGlobal } from '../lib/provider-sdk';
import { stubIntersectionObserver } from '@/test/intersection-observer';
import { CARD_FIELD_IDS, hostedFieldTexts } from '../payments-texts';
import { CARD_FIELDS_CHECK_MS, CARD_FIELDS_INIT_DELAY_MS } from '../payment-timing';
import { useHostedCardFields } from './use-hosted-card-fields';

/** Runs due timers and the promise callbacks they release, inside act(). */
async function advance(ms: number): Promise<void> {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

function mountFrames(): void {
  for (const id of Object.values(CARD_FIELD_IDS)) {
    const frame = document.createElement('iframe');
    frame.title = id;
    // A srcdoc frame: happy-dom does not load pages into iframes and would log an error for a src.
    frame.srcdoc = '<p>hosted field</p>';
    document.getElementById(id)?.append(frame);
  }
}

type Observers = {
  ready?: (ready: boolean) => void;
  valid?: (valid: string | boolean) => void;
  error?: (error: string | false) => void;
};

function fakeSdk({ mounts = true } = {}) {
  const observers: Observers = {};
  const unsubscribe = vi.fn();
  const sdk = {
    payTheoryFields: vi.fn(() => {
      if (mounts) mountFrames();
      return Promise.resolve({ type: 'READY', body: true });
    }),
    readyObserver: vi.fn((callback: Observers['ready']) => {
      observers.ready = callback;
      return unsubscribe;
    }),
    validObserver: vi.fn((callback: Observers['valid']) => {
      observers.valid = callback;
      return unsubscribe;
    }),
    errorObserver: vi.fn((callback: Observers['error']) => {
      observers.error = callback;
      return unsubscribe;
    }),
    stateObserver: vi.fn(() => unsubscribe),
    tokenizePaymentMethod: vi.fn(),
    transact: vi.fn(),
  } satisfies PayTheoryGlobal;
  window.paytheory = sdk;
  return { sdk, observers, unsubscribe };
}

function Harness({ sdkUrl = 'https://sdk.test/paytheory.js' }: { sdkUrl?: string }) {
  const fields = useHostedCardFields({ sdkUrl, apiKey: 'pk_test_123' });
  const { ready, valid, error, cleared } = fields;
  return (
    <>
      <output data-testid="state">{JSON.stringify({ ready, valid, error, cleared })}</output>
      <button type="button" onClick={fields.remount}>
        Remount
      </button>
      <HostedCardFields error={error} ready={ready} cleared={cleared} />
    </>
  );
}

/** The hook beside containers that outlive it, to see what it does to what is inside them. */
function HookOnly() {
  useHostedCardFields({ sdkUrl: 'https://sdk.test/paytheory.js', apiKey: 'pk_test_123' });
  return null;
}
function ContainersWithHook({ hook }: { hook: boolean }) {
  return (
    <>
      <HostedCardFields />
      {hook ? <HookOnly /> : null}
    </>
  );
}

const framesInContainers = () => document.querySelectorAll('[id^="pay-theory-credit-card-"] iframe').length;

type FieldsState = { ready: boolean; valid: boolean; error: string | null; cleared: boolean };

function state(): FieldsState {
  return JSON.parse(screen.getByTestId('state').textContent ?? '{}') as FieldsState;
}

describe('useHostedCardFields', () => {
  // The hook loads the provider's adapter with import() as the fields come near; loaded once here,
  // so the fake timers below never race the first read of its file.
  beforeAll(async () => {
    await import('../lib/provider-sdk');
  });

  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    delete window.paytheory;
  });

  it("uses the spec's timings: 200 ms to set up, a check at 3000 ms", () => {
    expect(CARD_FIELDS_INIT_DELAY_MS).toBe(200);
    expect(CARD_FIELDS_CHECK_MS).toBe(3000);
  });

  it('tears down a previous card session at once (its frames leave the page) and sets up after 200 ms', async () => {
    const { sdk } = fakeSdk();
    const { rerender } = render(<ContainersWithHook hook={false} />);
    mountFrames();
    expect(framesInContainers()).toBe(4);
    rerender(<ContainersWithHook hook />);
    expect(framesInContainers()).toBe(0);
    expect('removeEventListeners' in sdk).toBe(false);

    await advance(199);
    expect(sdk.payTheoryFields).not.toHaveBeenCalled();
    await advance(1);
    expect(sdk.payTheoryFields).toHaveBeenCalledTimes(1);
    expect(sdk.payTheoryFields).toHaveBeenCalledWith(expect.objectContaining({ apiKey: 'pk_test_123' }));
  });

  it('counts the 200 ms and the 3000 ms from when the fields come near the viewport', async () => {
    const viewport = stubIntersectionObserver();
    const { sdk } = fakeSdk({ mounts: false });
    render(<Harness />);
    await advance(CARD_FIELDS_CHECK_MS + 1000);
    expect(sdk.payTheoryFields).not.toHaveBeenCalled();
    expect(viewport.observers[0]?.targets).toEqual([document.getElementById(CARD_FIELD_IDS.number)]);

    await act(async () => {
      viewport.report(true);
      await Promise.resolve();
    });
    await advance(CARD_FIELDS_INIT_DELAY_MS - 1);
    expect(sdk.payTheoryFields).not.toHaveBeenCalled();
    await advance(1);
    expect(sdk.payTheoryFields).toHaveBeenCalledTimes(1);
    await advance(CARD_FIELDS_CHECK_MS - CARD_FIELDS_INIT_DELAY_MS - 1);
    expect(sdk.payTheoryFields).toHaveBeenCalledTimes(1);
    await advance(1); // no frames by then: the one retry
    expect(sdk.payTheoryFields).toHaveBeenCalledTimes(2);
  });

  it('keeps the first setup when the four frames are mounted by 3000 ms', async () => {
    const { sdk } = fakeSdk();
    render(<Harness />);
    await advance(CARD_FIELDS_CHECK_MS + 10_000);
    expect(sdk.payTheoryFields).toHaveBeenCalledTimes(1);
    for (const id of Object.values(CARD_FIELD_IDS)) {
      expect(document.getElementById(id)?.querySelectorAll('iframe')).toHaveLength(1);
    }
  });

  it('retries setup once when the frames are missing at 3000 ms', async () => {
    const { sdk } = fakeSdk({ mounts: false });
    render(<Harness />);

    await advance(2999);
    expect(sdk.payTheoryFields).toHaveBeenCalledTimes(1);

    await advance(1);
    expect(sdk.payTheoryFields).toHaveBeenCalledTimes(2);

    await advance(30_000);
    expect(sdk.payTheoryFields).toHaveBeenCalledTimes(2);
  });

  it('waits for a page that renders the containers after loading its data, without a retry', async () => {
    const { sdk } = fakeSdk();
    function LatePage({ loaded }: { loaded: boolean }) {
      useHostedCardFields({ sdkUrl: 'https://sdk.test/paytheory.js', apiKey: 'pk_test_123' });
      return loaded ? <HostedCardFields /> : <p>Loading…</p>;
    }
    const { rerender } = render(<LatePage loaded={false} />);
    await advance(CARD_FIELDS_CHECK_MS + 2000);
    expect(sdk.payTheoryFields).not.toHaveBeenCalled();

    rerender(<LatePage loaded />);
    await advance(0);
    expect(sdk.payTheoryFields).toHaveBeenCalledTimes(1);
    for (const id of Object.values(CARD_FIELD_IDS)) {
      expect(document.getElementById(id)?.querySelectorAll('iframe')).toHaveLength(1);
    }
  });

  it('reports ready, valid and errors from the observers', async () => {
    const { observers } = fakeSdk();
    render(<Harness />);
    await advance(CARD_FIELDS_INIT_DELAY_MS);
    expect(state()).toEqual({ ready: false, valid: false, error: null, cleared: false });

    act(() => observers.ready?.(true));
    act(() => observers.valid?.('card'));
    expect(state()).toEqual({ ready: true, valid: true, error: null, cleared: false });

    act(() => observers.error?.('NOT_VALID: card number'));
    act(() => observers.valid?.(''));
    expect(state()).toEqual({ ready: true, valid: false, error: 'NOT_VALID: card number', cleared: false });
    expect(screen.getByRole('alert').textContent).toBe('Please check your card details.');
    act(() => observers.valid?.('card'));
    expect(state().error).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    act(() => observers.error?.('TIMEOUT: no answer from the hosted fields'));
    expect(state().error).toBe('TIMEOUT: no answer from the hosted fields');
    expect(screen.queryByRole('alert')).toBeNull();
    act(() => observers.error?.(false));
    expect(state().error).toBeNull();
  });

  it('removes its observers and tears the session down on unmount', async () => {
    const { unsubscribe } = fakeSdk();
    const { rerender } = render(<ContainersWithHook hook />);
    await advance(CARD_FIELDS_INIT_DELAY_MS);
    expect(framesInContainers()).toBe(4);
    rerender(<ContainersWithHook hook={false} />);
    expect(unsubscribe).toHaveBeenCalledTimes(3);
    expect(framesInContainers()).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('remount() clears the spent fields and mounts new ones on the same timings, saying so', async () => {
    const { sdk, observers } = fakeSdk();
    render(<Harness />);
    await advance(CARD_FIELDS_INIT_DELAY_MS);
    act(() => observers.ready?.(true));
    act(() => observers.error?.('NOT_VALID: card number'));
    const firstFrame = document.querySelector(`#${CARD_FIELD_IDS.number} iframe`);

    act(() => screen.getByRole('button', { name: 'Remount' }).click());
    expect(framesInContainers()).toBe(0);
    // Not ready until the provider says so; the rejected card stays explained.
    expect(state()).toEqual({ ready: false, valid: false, error: 'NOT_VALID: card number', cleared: true });
    const note = screen.getByText(hostedFieldTexts.cleared);
    expect(note.getAttribute('role')).toBe('status');
    expect(screen.getByRole('alert').textContent).toBe(hostedFieldTexts.invalid);

    await advance(CARD_FIELDS_INIT_DELAY_MS - 1);
    expect(sdk.payTheoryFields).toHaveBeenCalledTimes(1);
    await advance(1);
    expect(sdk.payTheoryFields).toHaveBeenCalledTimes(2);
    expect(framesInContainers()).toBe(4);
    expect(document.querySelector(`#${CARD_FIELD_IDS.number} iframe`)).not.toBe(firstFrame);
    act(() => observers.ready?.(true));
    act(() => observers.valid?.('card'));
    expect(state()).toEqual({ ready: true, valid: true, error: null, cleared: false });
    expect(note.textContent).toBe('');

    await advance(CARD_FIELDS_CHECK_MS);
    expect(sdk.payTheoryFields).toHaveBeenCalledTimes(2);
  });

  it('forgets other errors of the spent fields when mounting again', async () => {
    const { observers } = fakeSdk();
    render(<Harness />);
    await advance(CARD_FIELDS_INIT_DELAY_MS);
    act(() => observers.ready?.(true));
    act(() => observers.error?.('ACTION_COMPLETE: these fields have already been used'));
    act(() => screen.getByRole('button', { name: 'Remount' }).click());
    expect(state().error).toBeNull();
    // Not "could not load" while the new fields are on their way.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the card form could not load when there is no SDK to load', async () => {
    render(<Harness sdkUrl="" />);
    await advance(CARD_FIELDS_INIT_DELAY_MS);
    expect(state().error).toBe('card payment provider not loaded');
    expect(screen.getByRole('alert').textContent).toBe(
      'The card form could not load. Please refresh the page and try again.',
    );
  });

  it('labels each hosted field container', () => {
    fakeSdk();
    render(<Harness />);
    for (const name of ['Card number', 'Expiry', 'CVV', 'ZIP']) {
      expect(screen.getByRole('group', { name }).id).toMatch(/^pay-theory-credit-card-/);
    }
  });
});
