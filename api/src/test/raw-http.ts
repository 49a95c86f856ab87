import { type Agent, request as httpRequest } from 'node:http';
import { connect } from 'node:net';

export type Answer = { status: number; connection: string | undefined; body: string } | { error: string };

/** One JSON request through `agent` to 127.0.0.1:port: its answer, or the socket's error code. */
export function sendOn(
  agent: Agent,
  port: number,
  request: { method: string; path: string; body?: string; chunked?: boolean },
): Promise<Answer> {
  const { method, path, body, chunked = false } = request;
  return new Promise((resolve) => {
    const headers: Record<string, string | number> = { 'content-type': 'application/json' };
    if (body !== undefined && !chunked) headers['content-length'] = Buffer.byteLength(body);
    const req = httpRequest({ host: '127.0.0.1', port, path, method, agent, headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, body: text }));
    });
    req.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
    if (body !== undefined && chunked) {
      // write() without a Content-Length: Node sends Transfer-Encoding: chunked.
      for (let i = 0; i < body.length; i += 16 * 1024) req.write(body.slice(i, i + 16 * 1024));
    }
    req.end(chunked ? undefined : body);
  });
}

export const statusOf = (answer: Answer) => ('status' in answer ? answer.status : answer.error);

/**
 * Sends raw bytes on a new socket to 127.0.0.1:port; closes it after them when `close` (a client
 * leaving mid-body), otherwise waits for the server to. The server's reply, if any.
 */
export function rawExchange(port: number, bytes: string, close: boolean): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let reply = '';
    socket.on('data', (chunk: Buffer) => (reply += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve(reply));
    socket.write(bytes, () => {
      if (close) setTimeout(() => socket.destroy(), 100);
    });
  });
}

/** The head of a JSON POST whose body is framed by `framing` (a Content-Length or chunked). */
export const rawPostHead = (path: string, framing: string) =>
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`;

/** The count of answers of `status` in a /metrics text, all routes together. */
export function answersCounted(metricsText: string, status: number): number {
  return metricsText
    .split('\n')
    .filter((line) => line.startsWith('pillars_http_requests_total{') && line.includes(`status="${status}"`))
    .reduce((sum, line) => sum + Number(line.split(' ').at(-1)), 0);
}
