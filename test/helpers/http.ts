import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in server at the HTTP boundary (a model server, a model hub, a search engine), on 127.0.0.1. */
export interface TestHttpServer {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  /** Ends open connections (streams a test left hanging) too. */
  close(): Promise<void>;
}

/**
 * Listens with `handle` on a free port (or `port`). A handler that throws or rejects ends the
 * request's connection, as a crashing server would. An idle connection is closed after 5 s, with
 * `Keep-Alive: timeout=5` said in each answer, as Node's and llama.cpp's servers do; with
 * `keepIdle`, it stays open and no time is said, as Ollama's server (Go's net/http) keeps it.
 */
export async function startHttpServer(handle: (req: IncomingMessage, res: ServerResponse) => unknown, port = 0, options: { keepIdle?: boolean } = {}): Promise<TestHttpServer> {
  const server = createServer({ keepAliveTimeout: options.keepIdle ? 0 : 5_000 }, (req, res) => {
    void Promise.resolve()
      .then(() => handle(req, res))
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Answers with a JSON body. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/** The request's JSON body ({} when empty). */
export async function readJson<T>(req: IncomingMessage): Promise<T> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as T;
}
