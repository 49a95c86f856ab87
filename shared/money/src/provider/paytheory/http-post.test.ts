import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHttpPost } from './http-post';

/** A real server on a free port: echoes what it was sent, or misbehaves by path. */
describe('the GraphQL client’s transport', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (chunk: string) => (body += chunk));
      request.on('end', () => {
        if (request.url === '/slow') return; // never answers
        if (request.url === '/reset') return request.socket.destroy();
        response.statusCode = request.url === '/teapot' ? 418 : 200;
        response.setHeader('content-type', 'application/json');
        response.end(
          JSON.stringify({
            method: request.method,
            contentType: request.headers['content-type'],
            authorization: request.headers.authorization,
            length: request.headers['content-length'],
            body,
          }),
        );
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  const post = createHttpPost();
  const send = (path: string, timeoutMs = 2000) =>
    post(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'merchant;secret' },
      body: '{"query":"mutation { x }","name":"Zoë"}',
      signal: AbortSignal.timeout(timeoutMs),
    });

  it('sends the body and headers and answers the status and text', async () => {
    const answer = await send('/graphql');
    expect(answer.status).toBe(200);
    expect(JSON.parse(await answer.text())).toEqual({
      method: 'POST',
      contentType: 'application/json',
      authorization: 'merchant;secret',
      // Bytes, not characters: "ë" is two bytes in UTF-8.
      length: '40',
      body: '{"query":"mutation { x }","name":"Zoë"}',
    });
  });

  it('answers an error status as it came, for the client to sort', async () => {
    const answer = await send('/teapot');
    expect(answer.status).toBe(418);
  });

  it('gives up at the deadline with an AbortError, as fetch does', async () => {
    const failure = await send('/slow', 100).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).name).toBe('AbortError');
  });

  it('rejects when the connection is cut before an answer', async () => {
    await expect(send('/reset')).rejects.toThrow(/socket hang up|ECONNRESET/);
  });

  it('refuses an address that is not http or https', async () => {
    await expect(
      post('ftp://example.org/graphql', { method: 'POST', headers: {}, body: '', signal: AbortSignal.timeout(100) }),
    ).rejects.toThrow('not an http(s) address: ftp:');
  });
});
