import type { PaymentStatus } from '@pillars/contracts';
import { PAYMENT_SETTLED_CHANNEL } from '@pillars/platform/db';
import type { Logger } from '@pillars/platform/logger';
import { statusFromNotice } from '@pillars/money';
import pg from 'pg';

/**
 * What woke a watcher: the settled status a notification carried; a reason to read the row once
 * (a notification without a status, from an older worker, or a LISTEN reconnect during which
 * notifications may have been missed); or the deadline.
 */
export type PaymentEvent = { kind: 'status'; status: PaymentStatus } | { kind: 'reread' } | { kind: 'deadline' };

/** One payment's notifications, from `watch` until `close`; the latest one waits to be taken. */
export interface PaymentWatch {
  /** The next event, or `deadline` after `ms`. */
  next(ms: number): Promise<PaymentEvent>;
  close(): void;
}

class Watch implements PaymentWatch {
  private pending: PaymentEvent | undefined;
  private resolve: ((event: PaymentEvent) => void) | undefined;

  constructor(private readonly onClose: (watch: Watch) => void) {}

  deliver(event: PaymentEvent): void {
    // A status beats a reason to re-read: it is already the answer.
    if (this.pending?.kind === 'status' && event.kind !== 'status') return;
    if (this.resolve) this.resolve(event);
    else this.pending = event;
  }

  next(ms: number): Promise<PaymentEvent> {
    const pending = this.pending;
    if (pending) {
      this.pending = undefined;
      return Promise.resolve(pending);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => finish({ kind: 'deadline' }), ms);
      const finish = (event: PaymentEvent) => {
        clearTimeout(timer);
        this.resolve = undefined;
        resolve(event);
      };
      this.resolve = finish;
    });
  }

  close(): void {
    this.resolve?.({ kind: 'deadline' });
    this.onClose(this);
  }
}

/**
 * Lets a long-poll learn within milliseconds that the worker settled a payment, and what the
 * payment now says: one LISTEN connection per API process fans `payment_settled` notifications
 * (`settledNotice` payloads) out to the requests watching that payment.
 */
export class PaymentEvents {
  private readonly watches = new Map<string, Set<Watch>>();
  private client: pg.Client | undefined;
  private stopped = false;
  private listening = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    if (this.stopped) return;
    // Named so pg_stat_activity tells it from the api's pools (docs/decisions/006).
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: 'api-events' });
    client.on('notification', (message) => {
      if (message.channel === PAYMENT_SETTLED_CHANNEL && message.payload) this.notified(message.payload);
    });
    client.on('error', (error) => {
      // Stopping, the connection may end under us (the database stopping too): expected.
      if (this.stopped) return this.logger.debug({ err: error }, 'payment events connection closed while stopping');
      this.logger.warn({ err: error }, 'payment events connection lost; reconnecting');
      this.client = undefined;
      setTimeout(() => void this.start().catch(() => undefined), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${PAYMENT_SETTLED_CHANNEL}`);
    this.client = client;
    // Notifications sent while the connection was down are lost: every watcher reads once.
    if (this.listening) this.broadcast({ kind: 'reread' });
    this.listening = true;
  }

  /** Starts collecting the notifications about one payment (call before reading its row). */
  watch(paymentId: string): PaymentWatch {
    const watch = new Watch((closed) => {
      const set = this.watches.get(paymentId);
      set?.delete(closed);
      if (set?.size === 0) this.watches.delete(paymentId);
    });
    let set = this.watches.get(paymentId);
    if (!set) {
      set = new Set();
      this.watches.set(paymentId, set);
    }
    set.add(watch);
    if (this.stopped) watch.deliver({ kind: 'deadline' });
    return watch;
  }

  private notified(payload: string): void {
    const status = statusFromNotice(payload);
    const watchers = this.watches.get(status ? status.id : payload);
    if (!watchers) return;
    const event: PaymentEvent = status ? { kind: 'status', status } : { kind: 'reread' };
    for (const watch of watchers) watch.deliver(event);
  }

  private broadcast(event: PaymentEvent): void {
    for (const watchers of this.watches.values()) for (const watch of watchers) watch.deliver(event);
  }

  /** Releases every waiting long-poll (each answers after one last read), then disconnects. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.broadcast({ kind: 'deadline' });
    await this.client?.end().catch(() => undefined);
  }
}
