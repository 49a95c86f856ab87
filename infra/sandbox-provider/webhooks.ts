import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from '@pillars/platform/logger';
import { readJson, sendJson } from './http-util';
import { type LedgerEntry, newId } from './store';

/**
 * Webhook notifications as Pay Theory documents them (docs/api/webhooks.md, and the current
 * guide docs/main/after_payments/webhook_events.mdx):
 * - a POST whose JSON body is exactly `{ event, subtype, payload }`: no event id and no signature
 *   in the delivery (the docs give a webhook event an `id` only in the `webhookEvents` query);
 * - transactions: the current guide names the event TRANSACTION; the 2024 reference page named it
 *   PAYMENT. The sandbox sends TRANSACTION, or PAYMENT when `eventName` says so, and the app
 *   accepts both. Every transaction the API creates (a charge, a failed charge, a plan's
 *   instalment, a reversal, a partial void's replacement) is announced as CREATED; a refunded or
 *   voided charge again as UPDATED;
 * - DISPUTE: CREATED when a dispute opens, UPDATED when its status changes; the payload is the
 *   dispute object with the documented subset of its transaction;
 * - SETTLEMENT (the 2024 page's list; the current guide's table omits it): CREATED for each new
 *   batch, the payload the settlement object. DOCS: which status changes of a transaction are
 *   announced is not documented; capture (PENDING → SUCCEEDED) and settling are not;
 * - a delivery that gets no 2xx within 10 s is retried up to 3 times with growing delays; when the
 *   last retry fails too the webhook is deactivated, and every later notification is IGNORED
 *   (not sent) until the merchant activates it again in Pay Theory's portal.
 * The docs count "retried up to 3 times", so a notification is tried 4 times in all.
 * A signature is not Pay Theory's: the sandbox adds one only when a signing secret is set.
 */
export const WEBHOOK_SIGNATURE_HEADER = 'x-paytheory-signature';
/** The transaction event's name: the current docs' and the 2024 page's. */
export type TransactionEventName = 'TRANSACTION' | 'PAYMENT';

/** The fields of a dispute's transaction in a DISPUTE payload (webhooks.md, "Dispute"). */
const DISPUTE_TRANSACTION_FIELDS = [
  'account_code',
  'authorization_id',
  'currency',
  'device_id',
  'dispute_status',
  'fee_mode',
  'fees',
  'is_settled',
  'gross_amount',
  'merchant_uid',
  'metadata',
  'net_amount',
  'parent_id',
  'reference',
  'refund_voidable',
  'refunded_amount',
  'sale_id',
  'settlement_batch',
  'status',
  'timezone',
  'transaction_date',
  'transaction_id',
  'transaction_type',
  'updated_row_at',
] as const;

/** What a notification describes, as the API shows it now. */
export interface WebhookPayloads {
  transaction: (transactionId: string) => Record<string, unknown> | null;
  dispute: (disputeId: string) => Record<string, unknown> | null;
  settlement: (settlementBatch: number) => Record<string, unknown> | null;
}

export interface SandboxWebhookOptions {
  /** Where notifications go (the webhook's `endpoint`); unset: none is sent or recorded. */
  url?: string | undefined;
  /** Not Pay Theory's: adds `x-paytheory-signature: hex(HMAC-SHA256(secret, raw body))`. */
  signingSecret?: string | undefined;
  /** Delays before retries 1, 2, 3 (Pay Theory: 3 retries, each later); default 250, 500, 1000 ms. */
  retryDelaysMs?: number[] | undefined;
  /** Per attempt; Pay Theory's documented maximum is 10 s. */
  timeoutMs?: number | undefined;
  logger?: Logger | undefined;
  /** The transaction event's name (default TRANSACTION, the current docs'). */
  eventName?: TransactionEventName | undefined;
}

/** Pay Theory's WebhookNotificationResult, plus PENDING while attempts remain. */
export type WebhookResult = 'PENDING' | 'SUCCESS' | 'FAILURE' | 'IGNORED';

/** One notification, shaped like Pay Theory's WebhookEvent object (docs: "The Webhook Event Object"). */
export interface SandboxWebhookEvent {
  id: string;
  endpoint: string;
  event: string;
  subtype: 'CREATED' | 'UPDATED';
  /** The transaction a TRANSACTION or DISPUTE notification is about; null for SETTLEMENT. */
  transactionId: string | null;
  disputeId: string | null;
  settlementBatch: number | null;
  /** The exact body sent (Pay Theory's `request`). */
  request: string;
  result: WebhookResult;
  attempts: number;
  statusCode: number | null;
  error: string | null;
  startedAt: string;
  finishedAt: string | null;
}

export interface SandboxWebhookState {
  /** Pay Theory's Webhook object: { endpoint, name, is_active }. */
  webhooks: { endpoint: string; name: string; is_active: boolean }[];
  events: SandboxWebhookEvent[];
}

const REDELIVER = /^\/__sandbox\/webhooks\/([^/]+)\/redeliver$/;

export class SandboxWebhooks {
  private active = true;
  private events = new Map<string, SandboxWebhookEvent>();
  private waiting = new Map<string, ((event: SandboxWebhookEvent) => void)[]>();
  private timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(
    private readonly options: SandboxWebhookOptions,
    private readonly payloads: WebhookPayloads,
  ) {}

  /** Every ledger entry that creates or changes a transaction, dispute or settlement becomes a notification. */
  onLedgerEntry(entry: LedgerEntry): void {
    const transaction = (transactionId: string, subtype: SandboxWebhookEvent['subtype']) =>
      this.notify(this.options.eventName ?? 'TRANSACTION', subtype, this.payloads.transaction(transactionId), {
        transactionId,
      });
    if (entry.kind === 'charge') transaction(entry.transactionId, 'CREATED');
    if (entry.kind === 'refund') {
      transaction(entry.refundId, 'CREATED');
      transaction(entry.transactionId, 'UPDATED');
    }
    if (entry.kind === 'void') {
      transaction(entry.transactionId, 'UPDATED');
      if (entry.replacementId) transaction(entry.replacementId, 'CREATED');
    }
    if (entry.kind === 'dispute') {
      const payload = this.payloads.dispute(entry.disputeId);
      const shown = payload && { ...payload, transaction: this.disputeTransaction(payload.transaction) };
      this.notify('DISPUTE', entry.change === 'opened' ? 'CREATED' : 'UPDATED', shown, {
        transactionId: entry.transactionId,
        disputeId: entry.disputeId,
      });
    }
    if (entry.kind === 'settlement') {
      this.notify('SETTLEMENT', 'CREATED', this.payloads.settlement(entry.settlementBatch), {
        settlementBatch: entry.settlementBatch,
      });
    }
  }

  private disputeTransaction(transaction: unknown): Record<string, unknown> | null {
    if (!transaction || typeof transaction !== 'object') return null;
    const fields = transaction as Record<string, unknown>;
    return Object.fromEntries(DISPUTE_TRANSACTION_FIELDS.map((key) => [key, fields[key] ?? null]));
  }

  /** Notifications about this transaction, oldest first. */
  eventsFor(transactionId: string): SandboxWebhookEvent[] {
    return [...this.events.values()].filter((e) => e.transactionId === transactionId).map((e) => ({ ...e }));
  }

  /** Resolves once the notification succeeded, failed for good or was ignored. */
  settled(eventId: string): Promise<SandboxWebhookEvent> {
    const event = this.events.get(eventId);
    if (!event) return Promise.reject(new Error(`webhook event ${eventId} not found`));
    if (event.result !== 'PENDING') return Promise.resolve({ ...event });
    return new Promise((resolve) => this.waiting.set(eventId, [...(this.waiting.get(eventId) ?? []), resolve]));
  }

  state(): SandboxWebhookState {
    const { url } = this.options;
    return {
      webhooks: url ? [{ endpoint: url, name: 'sandbox', is_active: this.active }] : [],
      events: [...this.events.values()].map((e) => ({ ...e })),
    };
  }

  /** What the merchant does in Pay Theory's portal after fixing the endpoint (updateWebhook is_active). */
  reactivate(): void {
    this.active = true;
  }

  /** One more attempt with the identical body, as if Pay Theory retried it; not counted towards deactivation. */
  async redeliver(eventId: string): Promise<SandboxWebhookEvent> {
    const event = this.events.get(eventId);
    if (!event) throw new Error(`webhook event ${eventId} not found`);
    if (!this.active) return { ...event, result: 'IGNORED' };
    const outcome = await this.attempt(event);
    return { ...event, result: outcome.ok ? 'SUCCESS' : 'FAILURE' };
  }

  reset(): void {
    this.clearTimers();
    this.events.clear();
    this.active = true;
  }

  close(): void {
    this.closed = true;
    this.clearTimers();
  }

  /** `GET /__sandbox/webhooks`, `POST /__sandbox/webhooks/reactivate`, `POST /__sandbox/webhooks/:id/redeliver`. */
  async handleAdmin(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    if (req.method === 'GET' && path === '/__sandbox/webhooks') {
      sendJson(res, 200, this.state());
    } else if (req.method === 'POST' && path === '/__sandbox/webhooks/reactivate') {
      await readJson(req).catch(() => null);
      this.reactivate();
      sendJson(res, 200, this.state().webhooks);
    } else if (req.method === 'POST' && REDELIVER.test(path)) {
      const eventId = decodeURIComponent(REDELIVER.exec(path)?.[1] ?? '');
      await readJson(req).catch(() => null);
      if (!this.events.has(eventId)) sendJson(res, 404, { error: 'webhook event not found' });
      else sendJson(res, 200, await this.redeliver(eventId));
    } else {
      return false;
    }
    return true;
  }

  private notify(
    name: string,
    subtype: SandboxWebhookEvent['subtype'],
    payload: Record<string, unknown> | null,
    about: { transactionId?: string; disputeId?: string; settlementBatch?: number },
  ): void {
    const { url } = this.options;
    if (!url || !payload || this.closed) return;
    const event: SandboxWebhookEvent = {
      id: newId('pt_whe'),
      endpoint: url,
      event: name,
      subtype,
      transactionId: about.transactionId ?? null,
      disputeId: about.disputeId ?? null,
      settlementBatch: about.settlementBatch ?? null,
      request: JSON.stringify({ event: name, subtype, payload }),
      result: 'PENDING',
      attempts: 0,
      statusCode: null,
      error: null,
      startedAt: new Date().toISOString(),
      finishedAt: null,
    };
    this.events.set(event.id, event);
    // After the current call stack: the caller (a GraphQL request) answers without waiting.
    this.later(0, () => this.run(event, 0));
  }

  private async run(event: SandboxWebhookEvent, retry: number): Promise<void> {
    if (!this.active) return this.finish(event, 'IGNORED');
    const outcome = await this.attempt(event);
    if (outcome.ok) return this.finish(event, 'SUCCESS');
    const delays = this.options.retryDelaysMs ?? [250, 500, 1000];
    const delay = delays[retry];
    if (delay === undefined) {
      this.active = false;
      this.options.logger?.warn({ eventId: event.id, attempts: event.attempts }, 'sandbox: webhook deactivated');
      return this.finish(event, 'FAILURE');
    }
    this.later(delay, () => this.run(event, retry + 1));
  }

  private async attempt(event: SandboxWebhookEvent): Promise<{ ok: boolean }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    const { signingSecret, timeoutMs = 10_000, logger } = this.options;
    if (signingSecret) {
      headers[WEBHOOK_SIGNATURE_HEADER] = createHmac('sha256', signingSecret).update(event.request).digest('hex');
    }
    event.attempts += 1;
    try {
      const res = await fetch(event.endpoint, {
        method: 'POST',
        headers,
        body: event.request,
        signal: AbortSignal.timeout(timeoutMs),
      });
      await res.arrayBuffer();
      Object.assign(event, { statusCode: res.status, error: null, finishedAt: new Date().toISOString() });
      logger?.info({ eventId: event.id, status: res.status }, 'sandbox: webhook delivered');
      return { ok: res.status >= 200 && res.status < 300 };
    } catch (error) {
      Object.assign(event, { statusCode: null, error: String(error), finishedAt: new Date().toISOString() });
      logger?.warn({ eventId: event.id, err: error }, 'sandbox: webhook delivery failed');
      return { ok: false };
    }
  }

  private finish(event: SandboxWebhookEvent, result: WebhookResult): void {
    event.result = result;
    event.finishedAt ??= new Date().toISOString();
    for (const resolve of this.waiting.get(event.id) ?? []) resolve({ ...event });
    this.waiting.delete(event.id);
  }

  private later(ms: number, work: () => Promise<void>): void {
    if (this.closed) return;
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (!this.closed) void work();
    }, ms);
    this.timers.add(timer);
  }

  private clearTimers(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }
}
