import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';

/**
 * How long a connection may take over each part of an exchange (docs/decisions/027). Node checks
 * the header and request deadlines every `connectionsCheckingInterval`, so a request is cut at
 * most that much after its deadline: a slow body by 30 s, slow headers by 15 s.
 */
export const HTTP_TIMEOUTS = {
  /** Headers in full within this of a request's first byte. */
  headersTimeout: 10_000,
  /** The whole request, headers and body, within this of its first byte. */
  requestTimeout: 25_000,
  /** How often Node looks for requests past those deadlines. */
  connectionsCheckingInterval: 5_000,
  /**
   * An idle kept-alive connection stays open this long. Longer than the idle timeout of any
   * proxy or load balancer in front (60 s is the common default), so it is always the proxy
   * that closes an idle connection, never the server under a request the proxy is sending; and
   * announced (`Keep-Alive: timeout=65`) so a client's pool closes its side first.
   */
  keepAliveTimeout: 65_000,
} as const;

type Fetch = (request: Request, env: unknown) => Response | Promise<Response>;

/**
 * The API's HTTP server: the app over Node's, with the timeouts above. The app gets Node's
 * request and response as its env, which the edge reads to tell an unread body (connection.ts).
 */
export function listen(
  app: { fetch: Fetch },
  address: { hostname: string; port: number },
  onListening?: (info: AddressInfo) => void,
): Server {
  const server = serve(
    {
      fetch: app.fetch,
      hostname: address.hostname,
      port: address.port,
      // The checking interval is read only when the server is created; the rest are set below.
      serverOptions: { connectionsCheckingInterval: HTTP_TIMEOUTS.connectionsCheckingInterval },
    },
    onListening,
  ) as Server;
  server.headersTimeout = HTTP_TIMEOUTS.headersTimeout;
  server.requestTimeout = HTTP_TIMEOUTS.requestTimeout;
  server.keepAliveTimeout = HTTP_TIMEOUTS.keepAliveTimeout;
  return server;
}
