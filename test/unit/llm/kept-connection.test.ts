import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { hasIdleConnection, httpFetch, openConnection } from '../../../src/llm/http-fetch.js';
import { KeptConnection } from '../../../src/llm/kept-connection.js';
import { OllamaBackend } from '../../../src/llm/ollama.js';
import { OpenAiBackend } from '../../../src/llm/openai.js';

/** A real HTTP server that records each request with the connection it came on. */
async function recordingServer(): Promise<{ url: string; requests: { method: string; path: string; socket: Socket }[]; heard: (method: string) => Promise<void>; server: Server }> {
  const requests: { method: string; path: string; socket: Socket }[] = [];
  const waiting: { method: string; resolve: () => void }[] = [];
  const server = createServer((req: IncomingMessage, res) => {
    requests.push({ method: req.method ?? '', path: req.url ?? '', socket: req.socket });
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
      for (const w of waiting.filter((w) => w.method === req.method)) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const heard = (method: string) =>
    requests.some((r) => r.method === method) ? Promise.resolve() : new Promise<void>((resolve) => waiting.push({ method, resolve }));
  return { url, requests, heard, server };
}

let servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
  servers = [];
});

describe('KeptConnection', () => {
  // Over the daemon's own transport (node:http, no Response built for the GET) and over any other fetch.
  it.each([
    ['the daemon\'s own transport', httpFetch],
    ['any other fetch', fetch],
  ])('opens the connection with a GET when idle, and the next request goes over it: %s', async (_, base) => {
    const { url, requests, server } = await recordingServer();
    servers.push(server);
    const kept = new KeptConnection(`${url}/`, base, { idleMs: 0 });
    await kept.keep();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /']);
    // The turn's agents run before its reply's request: a connection goes back to the pool a turn of the event loop after its answer ended.
    await new Promise((resolve) => setImmediate(resolve));
    await (await kept.fetch(`${url}/api/chat`, { method: 'POST', body: '{}' })).text();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /', 'POST /api/chat']);
    // The same socket: the reply's request did not open a connection of its own.
    expect(requests[1]!.socket).toBe(requests[0]!.socket);
  });

  it("sends no GET while the daemon's transport holds a connection to the server open, and one once the server closed it", async () => {
    const { url, requests, server } = await recordingServer();
    servers.push(server);
    const kept = new KeptConnection(`${url}/`, httpFetch, { idleMs: 0 });
    await (await kept.fetch(`${url}/api/tags`)).text();
    await expect.poll(() => hasIdleConnection(url)).toBe(true);
    await kept.keep();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/tags']);
    // The server's keep-alive time-out closes it: the next turn opens one.
    server.closeIdleConnections();
    await expect.poll(() => hasIdleConnection(url)).toBe(false);
    await kept.keep();
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /api/tags', 'GET /']);
    // Not a URL, or https (its pool's key holds the TLS options): never taken as open.
    expect(hasIdleConnection('not a url')).toBe(false);
    expect(hasIdleConnection(url.replace('http:', 'https:'))).toBe(false);
  });

  it('sends nothing while the server was asked something recently, nor twice at once', async () => {
    const { url, requests, server } = await recordingServer();
    servers.push(server);
    const kept = new KeptConnection(`${url}/`, fetch, { idleMs: 60_000 });
    await (await kept.fetch(`${url}/api/tags`)).text();
    await kept.keep();
    expect(requests.map((r) => r.path)).toEqual(['/api/tags']);

    const idle = new KeptConnection(`${url}/`, fetch, { idleMs: 60_000 });
    // Never used: the first turn opens it; the second keep() comes while the first is under way.
    await Promise.all([idle.keep(), idle.keep()]);
    expect(requests.map((r) => r.path)).toEqual(['/api/tags', '/']);
  });

  it('gives up on a server that does not answer, and on an address that is not HTTP', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    servers.push(silent);
    const heard = new Promise<void>((resolve) => silent.once('request', () => resolve()));
    const opening = openConnection(`http://127.0.0.1:${(silent.address() as AddressInfo).port}/`, 50);
    await heard;
    await expect(opening).resolves.toBeUndefined();
    // Headers sent, the body never ends.
    const stalled = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/plain' }).write('Ollama is'));
    await new Promise<void>((resolve) => stalled.listen(0, '127.0.0.1', resolve));
    servers.push(stalled);
    await expect(openConnection(`http://127.0.0.1:${(stalled.address() as AddressInfo).port}/`, 50)).resolves.toBeUndefined();
    await expect(openConnection('not a url', 50)).resolves.toBeUndefined();
    await expect(openConnection('ftp://127.0.0.1/', 50)).resolves.toBeUndefined();
  });

  it('costs nothing but the head start when the server is down', async () => {
    const { url, server } = await recordingServer();
    await new Promise((resolve) => server.close(resolve));
    for (const base of [fetch, httpFetch]) await expect(new KeptConnection(`${url}/`, base, { idleMs: 0 }).keep()).resolves.toBeUndefined();
  });
});

describe('HTTP backends keep their connection for the turn', () => {
  it('Ollama and OpenAI-compatible backends open it when a turn begins', async () => {
    const ollama = await recordingServer();
    const openai = await recordingServer();
    servers.push(ollama.server, openai.server);
    new OllamaBackend(ollama.url, '5m').turnStarted();
    new OpenAiBackend({ url: `${openai.url}/v1` }).turnStarted();
    await Promise.all([ollama.heard('GET'), openai.heard('GET')]);
    expect(ollama.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /']);
    expect(openai.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/models']);
  });
});
