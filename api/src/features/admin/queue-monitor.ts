import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { HonoAdapter } from '@bull-board/hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { QUEUES, type QueueBackend } from '@pillars/shared/jobs';

export const QUEUE_MONITOR_PATH = '/admin/queues';

/**
 * bull-board over every queue (charges, follow-ups, maintenance, webhooks, email), for operators
 * watching payments. Mounted by app.ts behind the admin session; its own API lives under the
 * same path, so the session check covers it too.
 */
export function queueMonitor(queues: QueueBackend) {
  const serverAdapter = new HonoAdapter(serveStatic);
  serverAdapter.setBasePath(QUEUE_MONITOR_PATH);
  createBullBoard({
    queues: Object.values(QUEUES).map((name) => new BullMQAdapter(queues.bullQueue(name))),
    serverAdapter,
    options: { uiConfig: { boardTitle: 'Pillars queues' } },
  });
  return serverAdapter.registerPlugin();
}
