import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import type { Logger } from '@pillars/platform/logger';

export const EMAIL_THREAD_MESSAGES = { stop: 'stop', stopped: 'stopped' } as const;

/**
 * The thread's entry, as a script: Node 20 does not carry the process's `--import tsx` loader into
 * worker threads, so the thread registers tsx itself (docs/decisions/004) before importing its
 * TypeScript module. Both are resolved here, to absolute URLs, whatever the working directory.
 */
const THREAD_BOOTSTRAP = `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))})
  .then(({ register }) => { register(); return import(${JSON.stringify(new URL('./email-thread.ts', import.meta.url).href)}); });`;

export interface EmailThread {
  /** Where e-mail goes (an SMTP host or the dev mailbox folder), for the start-up log. */
  destination: string;
  /** Finishes the thread's active jobs, closes its connections, and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts the e-mail thread (email-thread.ts) and resolves once its worker listens. A thread that
 * fails or exits on its own ends the process with an error, so the supervisor restarts the worker
 * rather than leaving receipts unsent without a sign.
 */
export async function startEmailThread(logger: Logger): Promise<EmailThread> {
  const thread = new Worker(THREAD_BOOTSTRAP, { eval: true });
  let stopping = false;
  const fail = (detail: Record<string, unknown>) => {
    if (stopping) return;
    logger.fatal(detail, 'the e-mail thread stopped unexpectedly; exiting so the worker is restarted');
    process.exit(1);
  };
  thread.on('error', (err) => fail({ err }));
  thread.on('exit', (code) => fail({ code }));

  const [ready] = (await once(thread, 'message')) as [{ ready: true; destination: string }];
  return {
    destination: ready.destination,
    async stop() {
      stopping = true;
      const stopped = once(thread, 'message');
      thread.postMessage(EMAIL_THREAD_MESSAGES.stop);
      await stopped;
      await thread.terminate();
    },
  };
}
