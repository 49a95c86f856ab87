import type { IncomingMessage } from 'node:http';
import type { Context, MiddlewareHandler } from 'hono';
import { setAnswerHeader } from './built-answer';
import type { AppEnv } from './context';
import { AppError } from './errors';

/** Node's request, which the server (http-server.ts) passes as the env; absent in app.request and in-process calls. */
export function incomingOf(c: Context): IncomingMessage | undefined {
  const env = c.env as { incoming?: IncomingMessage } | undefined;
  return env?.incoming;
}

const carriesBody = (incoming: IncomingMessage) =>
  incoming.headers['transfer-encoding'] !== undefined || Number(incoming.headers['content-length'] ?? 0) > 0;

/**
 * An answer given before its request's body was read to the end (a 413, a refusal before the
 * body is parsed) says `Connection: close`, and Node closes the connection once it is sent
 * (docs/decisions/027). Kept alive, the unread rest of the body would be read as the next
 * request, and the Node adapter's own drain stalls on a body it began to stream and then resets
 * the connection under the client's next request. A client reconnects; nothing is read past the
 * answer.
 */
export const closeAfterUnreadBody: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const incoming = incomingOf(c);
  if (incoming && carriesBody(incoming) && !incoming.readableEnded) setAnswerHeader(c, 'connection', 'close');
};

export const connectionMessages = {
  bodyNotReceived: 'The request was closed before its body arrived.',
} as const;

/**
 * The 400 for a request whose body never arrived whole: the client closed the connection while
 * sending it, or sent a chunked body Node's parser refused (which closes the connection). The
 * client's doing, never a server error; nobody is left to read the answer.
 */
export function bodyNotReceived(error: unknown, c: Context): AppError | undefined {
  if (!c.req.raw.signal.aborted) return undefined;
  const code = (error as { code?: unknown } | null)?.code;
  const name = error instanceof Error ? error.name : undefined;
  if (code !== 'ECONNRESET' && name !== 'AbortError') return undefined;
  return new AppError('BAD_REQUEST', connectionMessages.bodyNotReceived, { cause: error });
}
