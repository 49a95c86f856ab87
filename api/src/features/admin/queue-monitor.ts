import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { HonoAdapter } from '@bull-board/hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { QUEUES, type QueueBackend } from '@pillars/platform/jobs';
import { Hono } from 'hono';

export const QUEUE_MONITOR_PATH = '/admin/queues';

/**
 * What bull-board's page loads: its scripts, styles and images from under this path, its own API
 * here, inline styles (its loading screen and React's style attributes), and the IBM Plex fonts its
 * stylesheet names from Google Fonts (without them it falls back to system fonts, and the browser
 * reports every refusal). Its config is a JSON data block, which CSP does not run. No one may
 * frame it: its buttons pause queues and retry jobs (clickjacking).
 */
export const QUEUE_MONITOR_CONTENT_SECURITY_POLICY = [
  `default-src 'self'`,
  `script-src 'self'`,
  `connect-src 'self'`,
  `img-src 'self' data:`,
  `style-src 'self' 'unsafe-inline' https://fonts.googleapis.com`,
  `font-src 'self' data: https://fonts.gstatic.com`,
  `object-src 'none'`,
  `base-uri 'self'`,
  `form-action 'self'`,
  `frame-ancestors 'none'`,
].join('; ');

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
  return new Hono()
    .use('*', async (c, next) => {
      await next();
      c.header('Content-Security-Policy', QUEUE_MONITOR_CONTENT_SECURITY_POLICY);
    })
    .route('/', serverAdapter.registerPlugin());
}
