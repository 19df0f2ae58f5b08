import { hasIdleConnection, httpFetch, openConnection } from './http-fetch.js';

/**
 * A model server's connection, kept open for the turn's first call. Servers close a keep-alive
 * connection that has been idle for a few seconds (llama.cpp's and vLLM's after 5 s), Node's
 * fetch after 4 s and the daemon's own transport after a minute (http-fetch.ts), and on a robot
 * the pause between two turns (the reply spoken, the visitor's answer heard) or two visitors is
 * longer than that: the reply's request then opened a new connection before it could be sent
 * (TCP, TLS for https), 2-7 ms of the first greeting's wait on the bench. When a turn begins,
 * the server has not been asked anything for a while and no connection to it is open, a small GET
 * (the backend names one: Ollama's root, an OpenAI-compatible server's model list) opens one again
 * while the turn's agents work; the reply's request finds it open. Not a HEAD: Node's fetch
 * closes the connection after one. Whatever the server answers (a 401 or 404 too) leaves the
 * connection open; a failure costs nothing but the head start.
 */

/** Below the 4-5 s after which most servers and Node's fetch close an idle connection. */
const IDLE_MS = 3_000;
/** A server that does not answer in this time is not kept waiting for. */
const OPEN_TIMEOUT_MS = 2_000;

export class KeptConnection {
  readonly #touch: string;
  readonly #base: typeof fetch;
  #lastRequest = Number.NEGATIVE_INFINITY;
  #opening = false;
  /** The fetch to send the server's requests through: each one counts as the connection's use. */
  readonly fetch: typeof fetch;

  readonly #idleMs: number;

  /** `touch`: a cheap GET on the server, with a small answer. */
  constructor(touch: string, base: typeof fetch, options: { idleMs?: number } = {}) {
    this.#touch = touch;
    this.#base = base;
    this.#idleMs = options.idleMs ?? IDLE_MS;
    this.fetch = (input, init) => {
      this.#lastRequest = performance.now();
      return base(input, init);
    };
  }

  /** A turn began: opens the connection again if it has been idle long enough to be closed. Never rejects; nobody needs to wait for it. */
  keep(): Promise<void> {
    if (this.#opening || performance.now() - this.#lastRequest < this.#idleMs) return Promise.resolve();
    // Still open (the server has not closed it, nor has the agent yet): a GET would only cost the
    // turn its request and its answer (1-2 ms of the first greeting on the bench), and the reply's
    // request, a few milliseconds away, takes this connection.
    if (this.#base === httpFetch && hasIdleConnection(this.#touch)) return Promise.resolve();
    this.#opening = true;
    this.#lastRequest = performance.now();
    // The daemon's own transport opens it without building a Response (1-2 ms of the first
    // greeting's turn on the bench, as its answer came in while the agents worked); any other
    // fetch (one a test or an embedding application gives) is asked as it is.
    const opened =
      this.#base === httpFetch
        ? openConnection(this.#touch, OPEN_TIMEOUT_MS)
        : this.#base(this.#touch, { signal: AbortSignal.timeout(OPEN_TIMEOUT_MS) })
            // Read to the end, so that the connection goes back to the pool.
            .then((response) => response.arrayBuffer())
            .then(() => undefined, () => undefined);
    return opened.finally(() => (this.#opening = false));
  }
}
