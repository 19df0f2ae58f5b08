import { EventEmitter } from 'node:events';
import type { ChromaGateway } from './chroma-gateway.js';

export interface ServerWatchOptions {
  gateway: ChromaGateway;
  heartbeatTimeoutMs: number;
  /** Heartbeat interval while the server answers. */
  intervalMs: number;
  /** Probes back off from initialMs to maxMs while it does not. */
  retry: { initialMs: number; maxMs: number };
}

/**
 * Whether ChromaDB answers: a heartbeat every intervalMs while it does, probes with back-off
 * while it does not. A failed request reports it at once (markDown), and a server known to have
 * just started asks for a probe now.
 */
export class ServerWatch extends EventEmitter<{ change: [reachable: boolean, reason: string]; beat: [reachable: boolean] }> {
  readonly #o: ServerWatchOptions;
  #reachable = false;
  #everReachable = false;
  #reason = '';
  #retryMs: number;
  #timer: NodeJS.Timeout | null = null;
  #stopped = false;

  constructor(options: ServerWatchOptions) {
    super();
    this.#o = options;
    this.#retryMs = options.retry.initialMs;
  }

  get reachable(): boolean {
    return this.#reachable;
  }

  /** False until the server has answered once (it may still be starting). */
  get everReachable(): boolean {
    return this.#everReachable;
  }

  get reason(): string {
    return this.#reason;
  }

  async probe(): Promise<boolean> {
    if (this.#stopped) return false;
    try {
      await this.#o.gateway.heartbeat(this.#o.heartbeatTimeoutMs);
      this.#set(true, '');
    } catch (err) {
      this.#set(false, (err as Error).message);
    }
    this.#schedule();
    return this.#reachable;
  }

  markDown(reason: string): void {
    this.#set(false, reason);
    this.#schedule();
  }

  stop(): void {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
  }

  #set(reachable: boolean, reason: string): void {
    const changed = reachable !== this.#reachable;
    this.#reachable = reachable;
    this.#reason = reason;
    if (reachable) {
      this.#everReachable = true;
      this.#retryMs = this.#o.retry.initialMs;
    }
    if (changed) this.emit('change', reachable, reason);
    this.emit('beat', reachable);
  }

  #schedule(): void {
    if (this.#stopped) return;
    if (this.#timer) clearTimeout(this.#timer);
    const delay = this.#reachable ? this.#o.intervalMs : this.#retryMs;
    if (!this.#reachable) this.#retryMs = Math.min(this.#retryMs * 2, this.#o.retry.maxMs);
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.probe();
    }, delay);
    this.#timer.unref();
  }
}
