import { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';

/** The events a monitor receives over SSE, as they happen. */
export type LiveEventName = 'turn_start' | 'turn' | 'session' | 'affect' | 'status' | 'presence' | 'alert';

/** Fans events out to the connected SSE clients; nothing is kept for clients that come later. */
export class Live extends EventEmitter<{ event: [name: LiveEventName, data: unknown] }> {
  readonly #clients = new Set<ServerResponse>();

  constructor(readonly maxClients = 32) {
    super();
    this.setMaxListeners(maxClients + 8);
  }

  get clients(): number {
    return this.#clients.size;
  }

  publish(name: LiveEventName, data: unknown): void {
    if (this.#clients.size > 0) this.emit('event', name, data);
  }

  /** Streams to `res` until the client goes; `initial` events first, so a new page is not blank. */
  attach(res: ServerResponse, initial: [LiveEventName, unknown][]): boolean {
    if (this.#clients.size >= this.maxClients) return false;
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    const send = (name: LiveEventName, data: unknown) => res.write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`);
    res.write('retry: 2000\n\n');
    for (const [name, data] of initial) send(name, data);
    // A comment now and then keeps proxies from closing an idle stream.
    const ping = setInterval(() => res.write(': ping\n\n'), 15_000).unref();
    this.#clients.add(res);
    this.on('event', send);
    res.once('close', () => {
      clearInterval(ping);
      this.off('event', send);
      this.#clients.delete(res);
    });
    return true;
  }

  /** Ends every stream (the server is closing). */
  closeAll(): void {
    for (const res of this.#clients) res.end();
  }
}
