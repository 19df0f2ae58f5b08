import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { httpFetch } from '../../../src/llm/http-fetch.js';

interface Seen {
  method: string;
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
  socket: Socket;
}

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  servers = [];
});

async function serve(answer: (seen: Seen, res: ServerResponse) => void): Promise<{ url: string; seen: Seen[] }> {
  const seen: Seen[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (d: string) => (body += d));
    req.on('end', () => {
      const s = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body, socket: req.socket };
      seen.push(s);
      answer(s, res);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, seen };
}

describe('httpFetch', () => {
  it('sends the body and headers, and streams the answer as it comes', async () => {
    let second: () => void = () => {};
    const { url, seen } = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson', 'x-answer': 'yes' });
      res.write('{"n":1}\n');
      // The second line only once the client has read the first: an answer read whole at the end would hang here.
      second = () => res.end('{"n":2}\n');
    });
    const body = JSON.stringify({ model: 'm', messages: [{ role: 'user', content: 'Grüß Gott, 你好' }] });
    const response = await httpFetch(`${url}/api/chat`, { method: 'POST', body, headers: { 'Content-Type': 'application/json' } });
    expect(response.status).toBe(200);
    expect(response.ok).toBe(true);
    expect(response.headers.get('x-answer')).toBe('yes');
    expect(seen[0]).toMatchObject({ method: 'POST', path: '/api/chat', body });
    expect(seen[0]!.headers['content-type']).toBe('application/json');
    expect(seen[0]!.headers['content-length']).toBe(String(Buffer.byteLength(body)));
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    expect(decoder.decode((await reader.read()).value)).toBe('{"n":1}\n');
    second();
    let rest = '';
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += decoder.decode(chunk.value);
    expect(rest).toBe('{"n":2}\n');
  });

  it('keeps the connection for the next request', async () => {
    const { url, seen } = await serve((_, res) => res.end('ok'));
    expect(await (await httpFetch(`${url}/`)).text()).toBe('ok');
    // A connection is free again once its answer is read and the event loop has turned.
    await new Promise((resolve) => setImmediate(resolve));
    expect(await (await httpFetch(`${url}/api/chat`, { method: 'POST', body: '{}' })).text()).toBe('ok');
    expect(seen).toHaveLength(2);
    expect(seen[1]!.socket).toBe(seen[0]!.socket);
  });

  it('sends a request once more when the server closed the kept connection it went out on, and never one sent on a new connection', async () => {
    // A server that closes an idle connection without saying when (no Keep-Alive: timeout) can
    // close it just as the next request is written: here it drops every second request of a connection.
    const perSocket = new Map<Socket, number>();
    const { url, seen } = await serve((s, res) => {
      const n = (perSocket.get(s.socket) ?? 0) + 1;
      perSocket.set(s.socket, n);
      if (n === 2) return void s.socket.destroy();
      res.end(`answer ${seen.length}`);
    });
    expect(await (await httpFetch(`${url}/`)).text()).toBe('answer 1');
    await new Promise((resolve) => setImmediate(resolve));
    const body = JSON.stringify({ model: 'm', messages: [] });
    expect(await (await httpFetch(`${url}/api/chat`, { method: 'POST', body })).text()).toBe('answer 3');
    expect(seen.map((s) => s.path)).toEqual(['/', '/api/chat', '/api/chat']);
    expect(seen[2]!.body).toBe(body);
    expect(seen[2]!.socket).not.toBe(seen[0]!.socket);

    // On a connection of its own, a closed connection is the server's answer: it is not sent again.
    const closing = await serve((s) => void s.socket.destroy());
    await expect(httpFetch(`${closing.url}/api/chat`, { method: 'POST', body })).rejects.toThrow(TypeError);
    expect(closing.seen).toHaveLength(1);
  });

  it('answers errors as fetch does: statuses as responses, a refused connection as a TypeError with its cause', async () => {
    const { url } = await serve((s, res) => {
      if (s.path === '/empty') return void res.writeHead(204).end();
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"model \\"x\\" not found"}');
    });
    const missing = await httpFetch(`${url}/api/chat`, { method: 'POST', body: '{}' });
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: 'model "x" not found' });
    const empty = await httpFetch(`${url}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const refused = await httpFetch(`http://127.0.0.1:${port}/`).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(TypeError);
    expect(((refused as TypeError).cause as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
  });

  it('stops when its signal is aborted, before the request or while the answer streams', async () => {
    const { url } = await serve((_, res) => {
      res.writeHead(200, { 'content-type': 'application/x-ndjson' });
      res.write('{"n":1}\n');
    });
    const before = new AbortController();
    before.abort(new Error('cancelled first'));
    await expect(httpFetch(`${url}/`, { signal: before.signal })).rejects.toThrow('cancelled first');

    const during = new AbortController();
    const response = await httpFetch(`${url}/api/chat`, { method: 'POST', body: '{}', signal: during.signal });
    const reader = response.body!.getReader();
    await reader.read();
    during.abort(new Error('barge-in'));
    await expect(reader.read()).rejects.toThrow();
  });
});
