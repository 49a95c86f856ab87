import { CARD_FIELD_IDS } from '../payments-texts';

// The hosted fields' containers and the provider's frames in them: plain DOM, apart from the
// provider's SDK adapter (./provider-sdk.ts), whose result schemas a page loads only once its card
// fields come near (docs/decisions/038).

/** True when the provider has put an iframe into every hosted field container. */
export function hostedFramesMounted(doc: Document = document): boolean {
  return Object.values(CARD_FIELD_IDS).every((id) => doc.getElementById(id)?.querySelector('iframe'));
}

/** The page has rendered the four containers the fields mount into. */
export function hostedContainersPresent(doc: Document = document): boolean {
  return Object.values(CARD_FIELD_IDS).every((id) => doc.getElementById(id));
}

/**
 * Resolves once the containers are in the page: a page that loads its data first (the event
 * payment page) renders them later than the 200 ms setup. Rejects when `signal` aborts.
 */
export function whenHostedContainersPresent(signal: AbortSignal, doc: Document = document): Promise<void> {
  if (hostedContainersPresent(doc)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const observer = new MutationObserver(() => {
      if (!hostedContainersPresent(doc)) return;
      observer.disconnect();
      resolve();
    });
    observer.observe(doc.body, { childList: true, subtree: true });
    signal.addEventListener(
      'abort',
      () => {
        observer.disconnect();
        reject(new DOMException('The card form was closed.', 'AbortError'));
      },
      { once: true },
    );
  });
}

/**
 * Ends the card session (the product tears it down on load): the SDK has no teardown function, its
 * fields end when their frames leave the page, so emptying the containers is the teardown. Also
 * keeps a retry from mounting a second set of frames.
 */
export function clearHostedFrames(doc: Document = document): void {
  for (const id of Object.values(CARD_FIELD_IDS)) doc.getElementById(id)?.replaceChildren();
}
