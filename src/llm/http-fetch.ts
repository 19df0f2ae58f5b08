import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { urlToHttpOptions } from 'node:url';

/**
 * The `fetch` the model servers' clients (ollama, openai) are given: the same requests over
 * node:http with a keep-alive agent, answered with a standard Response. Node's own fetch builds
 * WHATWG request and body streams around every call: on this machine its POST reached a local
 * server about 0.5 ms later than node:http's (p50; 1-2 ms at p90 under load), on every model call,
 * the reply's too. The clients stay the official ones; only their transport changes. What this
 * does not handle (a Request object, a streamed or form body, a redirect to follow) goes to
 * Node's fetch as before.
 */

/**
 * An idle connection is kept for a minute, or a second less than the time the server announces
 * (`Keep-Alive: timeout=5` from llama.cpp's or Node's servers: the agent reads that hint, as it
 * reads it only when it has a time-out of its own). Ollama's server announces none and keeps an
 * idle connection open: closed after 4 s here (as Node's fetch closes it), every turn after a
 * pause, the first greeting of a visit too, opened a connection again (1-3 ms of the daemon's
 * time before the reply's request on the bench). A minute stays under the idle limits of the
 * routers and firewalls between a robot and a model server on its network. A server that closes
 * a connection without saying when may close it just as a request is sent on it: that request is
 * sent once more on a new connection (`send`).
 */
const IDLE_MS = 60_000;
const agents = {
  'http:': new HttpAgent({ keepAlive: true, scheduling: 'lifo', timeout: IDLE_MS }),
  'https:': new HttpsAgent({ keepAlive: true, scheduling: 'lifo', timeout: IDLE_MS }),
};
/** Statuses whose Response may not have a body. */
const NULL_BODY = new Set([101, 103, 204, 205, 304]);
const REDIRECT = new Set([301, 302, 303, 307, 308]);

type Body = string | Uint8Array | ArrayBuffer | URLSearchParams | null | undefined;

function bytesOf(body: Body): string | Uint8Array | null | undefined {
  if (body instanceof URLSearchParams) return body.toString();
  if (body instanceof ArrayBuffer) return new Uint8Array(body);
  return body;
}

function headersOf(res: IncomingMessage): Headers {
  const headers = new Headers();
  for (let i = 0; i < res.rawHeaders.length; i += 2) headers.append(res.rawHeaders[i]!, res.rawHeaders[i + 1]!);
  return headers;
}

export const httpFetch: typeof fetch = (input, init) => {
  const url = typeof input === 'string' ? new URL(input) : input instanceof URL ? input : null;
  const body = init?.body;
  const simpleBody = body == null || typeof body === 'string' || body instanceof Uint8Array || body instanceof ArrayBuffer || body instanceof URLSearchParams;
  if (!url || !simpleBody || (url.protocol !== 'http:' && url.protocol !== 'https:')) return fetch(input, init);
  const bytes = bytesOf(body as Body);
  const headers: Record<string, string> = Object.fromEntries(new Headers(init?.headers));
  if (bytes != null && headers['content-length'] === undefined) headers['content-length'] = String(Buffer.byteLength(bytes));
  const signal = init?.signal ?? undefined;
  return new Promise<Response>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const send = (again: boolean) => {
      const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
      let answered = false;
      const req = request(url, { method: init?.method ?? 'GET', headers, agent: agents[url.protocol as 'http:' | 'https:'], ...(signal && { signal }) }, (res) => {
        answered = true;
        const status = res.statusCode ?? 0;
        // A redirect is followed as fetch follows it (model servers do not send them; a proxy may).
        if (REDIRECT.has(status) && init?.redirect !== 'manual') {
          res.resume();
          resolve(fetch(input, init));
          return;
        }
        const empty = NULL_BODY.has(status) || init?.method === 'HEAD';
        if (empty) res.resume();
        resolve(new Response(empty ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>), { status, statusText: res.statusMessage ?? '', headers: headersOf(res) }));
      });
      req.on('error', (err: NodeJS.ErrnoException) => {
        // A kept connection the server closed as the request went out: no answer came, so nothing
        // was done with it; once more, on a connection of its own (Node's documented remedy).
        if (!again && !answered && req.reusedSocket && CLOSED_UNDER_US.has(err.code ?? '') && !signal?.aborted) return send(true);
        // As fetch rejects: a TypeError with what went wrong as its cause (the backends read cause.code).
        reject(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: err }));
      });
      req.end(bytes ?? undefined);
    };
    send(false);
  });
};

/** What a request on a kept connection meets when the server closed it at that moment. */
const CLOSED_UNDER_US = new Set(['ECONNRESET', 'EPIPE']);

/**
 * Whether the keep-alive agent holds an open connection to the URL's server, idle: the next
 * request there takes it without connecting. Plain HTTP only (model servers on the robot or its
 * network): an https pool's key also holds the TLS options, so there the answer is always no.
 */
export function hasIdleConnection(url: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol !== 'http:') return false;
  const options = urlToHttpOptions(parsed);
  // The pool's key, as a request names it: its host is the URL's host name (an IPv6 one unbracketed).
  const name = agents['http:'].getName({ ...options, host: options.hostname ?? 'localhost' });
  return (agents['http:'].freeSockets[name]?.length ?? 0) > 0;
}

/**
 * A GET whose answer is read and dropped, on the same keep-alive agent as `httpFetch`: it leaves
 * a connection open in the pool for the next request. Without a Response, its body stream and
 * their promises, it costs the event loop a fraction of what a fetch does, and it runs while a
 * turn's agents do. Resolves when the answer has been read, or on any failure (never rejects).
 */
export function openConnection(url: string, timeoutMs: number): Promise<void> {
  return new Promise<void>((resolve) => {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return resolve();
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return resolve();
    const send = parsed.protocol === 'https:' ? httpsRequest : httpRequest;
    const req = send(parsed, { method: 'GET', agent: agents[parsed.protocol], timeout: timeoutMs }, (res) => {
      // An answer cut off by the time-out closes without an end.
      res.on('close', () => resolve());
      res.resume();
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve());
    req.end();
  });
}
