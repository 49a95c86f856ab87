import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type ServerType, serve } from '@hono/node-server';
import { afterAll } from 'vitest';
import type { App } from '@pillars/api/app';

/**
 * The API on a free port before its app exists: the sandbox must be told where to deliver
 * webhooks before the app can be built with the sandbox's provider. Requests answer 503 until
 * `setApp`; the server closes (and drops its connections) after the file's tests.
 */
export async function listenBeforeApp(): Promise<{ apiUrl: string; setApp: (app: App) => void }> {
  const api: { app?: App } = {};
  const server = await new Promise<ServerType>((resolve) => {
    const started: ServerType = serve(
      {
        fetch: (request: Request) => (api.app ? api.app.fetch(request) : new Response('starting', { status: 503 })),
        hostname: '127.0.0.1',
        port: 0,
      },
      () => resolve(started),
    );
  });
  afterAll(async () => {
    const http = server as Server;
    const closed = new Promise<void>((resolve) => http.close(() => resolve()));
    http.closeAllConnections();
    await closed;
  });
  return {
    apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    setApp: (app) => {
      api.app = app;
    },
  };
}
