import { PAYMENT_SETTLED_CHANNEL } from '@pillars/shared/db';
import type { Logger } from '@pillars/shared/logger';
import pg from 'pg';

/**
 * Lets a long-poll learn within milliseconds that the worker settled a payment: one LISTEN
 * connection per API process fans notifications out to waiting requests. Notifications can be
 * missed (reconnects), so callers also re-read the row on a slow timer; this only makes it fast.
 */
export class PaymentEvents {
  private readonly waiters = new Map<string, Set<() => void>>();
  private client: pg.Client | undefined;
  private stopped = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly logger: Logger,
  ) {}

  async start(): Promise<void> {
    if (this.stopped) return;
    const client = new pg.Client({ connectionString: this.databaseUrl });
    client.on('notification', (message) => {
      if (message.channel === PAYMENT_SETTLED_CHANNEL && message.payload) this.wake(message.payload);
    });
    client.on('error', (error) => {
      this.logger.warn({ err: error }, 'payment events connection lost; reconnecting');
      this.client = undefined;
      setTimeout(() => void this.start().catch(() => undefined), 1000).unref();
    });
    await client.connect();
    await client.query(`LISTEN ${PAYMENT_SETTLED_CHANNEL}`);
    this.client = client;
  }

  /** Resolves when the payment is reported settled, or after `ms`, whichever comes first. */
  wait(paymentId: string, ms: number): Promise<void> {
    return new Promise((resolve) => {
      const set = this.waiters.get(paymentId) ?? new Set();
      const done = () => {
        clearTimeout(timer);
        set.delete(done);
        if (set.size === 0) this.waiters.delete(paymentId);
        resolve();
      };
      const timer = setTimeout(done, ms);
      set.add(done);
      this.waiters.set(paymentId, set);
    });
  }

  private wake(paymentId: string): void {
    for (const done of [...(this.waiters.get(paymentId) ?? [])]) done();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const id of [...this.waiters.keys()]) this.wake(id);
    await this.client?.end().catch(() => undefined);
  }
}
