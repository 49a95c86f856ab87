/** How long the card payment flow waits, and how often it asks again. */

/** Product rule: hosted card field setup runs once after 200 ms (from when the fields near the viewport, docs/decisions/038)… */
export const CARD_FIELDS_INIT_DELAY_MS = 200;
/** …and a check after 3000 ms confirms the frames mounted, otherwise setup is retried once. */
export const CARD_FIELDS_CHECK_MS = 3000;
/**
 * How long the provider's script may take to load before the card form says it could not load
 * (docs/decisions/039): a healthy load takes about 2 s on a slow 4G phone, and past about 10 s
 * a visitor stops waiting, so 8 s leaves room for a slow network without leaving anyone staring
 * at a skeleton.
 */
export const SDK_LOAD_TIMEOUT_MS = 8000;

/** Each poll asks the server to hold the answer up to this long (it caps at MAX_PAYMENT_WAIT_MS). */
export const PAYMENT_POLL_WAIT_MS = 10_000;
/** After this long without a final state the visitor sees an error instead of a spinner. */
export const PAYMENT_DEADLINE_MS = 90_000;
/** Pause before asking again after a transient failure (network, 5xx), and the shortest poll cycle. */
export const PAYMENT_RETRY_DELAY_MS = 1000;
/** Waits before re-sending a payment request that failed transiently, with the same Idempotency-Key. */
export const PAYMENT_REQUEST_RETRY_DELAYS_MS = [1000, 3000] as const;
