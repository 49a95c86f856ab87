import type { Logger } from '@pillars/platform/logger';
import type { Faults } from './faults';
import type { disputeToApi, settlementToApi } from './graphql-operations';
import type { DisputeStatus, LedgerEntry } from './store';
import type { SandboxWebhookEvent, SandboxWebhookState, TransactionEventName } from './webhooks';

/** What starting the sandbox takes (startSandboxProvider in server.ts) and what it hands back. */

export interface SandboxProviderOptions {
  /** 0 (the default) picks a free port. */
  port?: number;
  /**
   * The hosted fields' own listener (a second origin, as Pay Theory's fields host differs from
   * its SDK host); 0 (the default) picks a free port. Same host as `port`.
   */
  fieldsPort?: number;
  host?: string;
  merchantUid: string;
  secretKey: string;
  /** The browser SDK's public key (Pay Theory's `apiKey`). */
  publicApiKey: string;
  /** Ledger entries are also appended here as JSON lines; the file is truncated at start and reset. */
  ledgerFile?: string;
  faults?: Partial<Faults>;
  /** Request summaries (operation, status, duration) and fault activations; never bodies. */
  logger?: Logger;
  /**
   * How long a new transaction or plan stays invisible to queries (default 300 ms; the
   * `visibilityDelayMs` fault changes it while running, reset() returns to this value).
   */
  visibilityDelayMs?: number;
  /** How long after createRecurringPayment answers the plan's first instalment is charged (default 200 ms). */
  firstInstalmentDelayMs?: number;
  /**
   * How long a new successful charge stays PENDING before it is captured (SUCCEEDED); default 0.
   * Pay Theory: "for a sale this automatically changes to SUCCEEDED typically within the hour".
   */
  pendingMs?: number;
  /**
   * A charge of the same payment method and amount within this long of another is flagged
   * POTENTIAL_DUPLICATE and held out of settlement (default 0: off, so a duplicate the app
   * reverses is refunded as before; on, it is voided, being unsettled).
   */
  duplicateWindowMs?: number;
  /** A charge above this many cents is flagged EXCEEDS_THRESHOLD (default: none). */
  reviewThresholdCents?: number;
  /** When above 0, a settlement batch is made this often (as `POST /__sandbox/settle` makes one); default 0: never. */
  settleEveryMs?: number;
  /** The registered webhook endpoint (e.g. the API's /api/webhooks/paytheory/<secret>); unset: none. */
  webhookUrl?: string;
  /** Not Pay Theory's: when set, each delivery carries an HMAC-SHA256 signature (webhooks.ts). */
  webhookSigningSecret?: string;
  /** Delays before the 3 retries of a failed delivery (default 250, 500, 1000 ms). */
  webhookRetryDelaysMs?: number[];
  /** The transaction notifications' event name: TRANSACTION (the default, the current docs') or PAYMENT (the 2024 page's). */
  webhookEventName?: TransactionEventName;
}

export interface InstalmentResult {
  transactionId: string;
  state: 'SUCCEEDED' | 'FAILED';
  /** The TRANSACTION notification announcing the instalment; null when no webhookUrl is configured. */
  eventId: string | null;
}

/** A settlement batch as the `settlements` query shows it, and the transactions it holds. */
export type SandboxSettlement = ReturnType<typeof settlementToApi> & { transaction_ids: string[] };

export interface SandboxProvider {
  /** Origin, e.g. http://127.0.0.1:5090. */
  url: string;
  graphqlUrl: string;
  sdkUrl: string;
  /**
   * Where the hosted field iframes come from, e.g. http://127.0.0.1:5091: the value the app's
   * PAYTHEORY_FIELDS_ORIGIN (and so its CSP `frame-src`) needs. The SDK builds it from its own
   * script URL's host name and this port, so a page that loads the SDK from `localhost` gets
   * fields from `localhost` too.
   */
  fieldsOrigin: string;
  ledger(): LedgerEntry[];
  setFaults(faults: Partial<Faults>): void;
  /**
   * Charges a recurring plan's next instalment now (ledger entry with the plan's metadata) and
   * advances its next_payment_date; like every transaction, it is announced by webhook (webhooks.ts).
   */
  chargeNextInstalment(recurringId: string, options?: { decline?: boolean }): Promise<InstalmentResult>;
  /** The webhook (endpoint, is_active) and every notification with its attempts and result. */
  webhooks(): SandboxWebhookState;
  /** Resolves when a notification succeeded, failed for good (webhook deactivated) or was ignored. */
  webhookSettled(eventId: string): Promise<SandboxWebhookEvent>;
  /** Activates the webhook again after it was deactivated, as a merchant does in Pay Theory's portal. */
  reactivateWebhook(): void;
  /** Sends an earlier notification again, byte for byte: a provider's retry. */
  redeliverWebhook(eventId: string): Promise<SandboxWebhookEvent>;
  /**
   * A new settlement batch of every captured charge and every reversal not yet in one, as the API
   * shows it plus `transaction_ids`; null when there is nothing to settle.
   */
  settle(): Promise<SandboxSettlement | null>;
  /**
   * Moves the dispute of a charge (opened by the documented 888888 amount) to a new status and
   * announces it (DISPUTE UPDATED); answers the dispute as the `disputes` query shows it.
   */
  updateDispute(transactionId: string, status: DisputeStatus): Promise<ReturnType<typeof disputeToApi>>;
  /** Every settlement batch so far, oldest first, as `settle()` answers each. */
  settlements(): SandboxSettlement[];
  /** Forgets payment methods, transactions, plans, the ledger, webhook events and all faults. */
  reset(): void;
  close(): Promise<void>;
}
