import { performance } from 'node:perf_hooks';

/**
 * Whether this process has just stalled. Whether someone has left is judged from the time since
 * perception last reported them; but a process that stalls (a long synchronous inference, garbage
 * collection, a loaded machine) reads no report meanwhile: they wait in the socket, and a check
 * that runs as the process wakes would find the person gone though they never left. So absence is
 * not judged until the process has been awake long enough to read what queued up.
 *
 * The gap itself is not shortened: a person who really left during a stall has left, and a new
 * face after it is a new person (never someone else's identity).
 *
 * A ticker notes how late each of its ticks comes; lateness beyond a tolerance is a stall. A stall
 * not yet ticked away (the process has just woken, the ticker has not run) counts too.
 */
export interface StallOptions {
  /** Monotonic milliseconds. */
  now: () => number;
  tickMs: number;
  /** Lateness of a tick that is still no stall (timer jitter). */
  toleranceMs: number;
}

export class StallMonitor {
  readonly #o: StallOptions;
  #lastTick: number;
  #lastStallEnd = -Infinity;

  constructor(options: StallOptions) {
    this.#o = options;
    this.#lastTick = options.now();
  }

  /** The ticker's tick: a tick this late ends a stall. */
  tick(): void {
    const now = this.#o.now();
    if (this.#late(now) > 0) this.#lastStallEnd = now;
    this.#lastTick = now;
  }

  /** Whether the process is stalled, or woke from a stall less than `ms` ago. */
  stalledWithin(ms: number): boolean {
    const now = this.#o.now();
    return this.#late(now) > 0 || now - this.#lastStallEnd < ms;
  }

  #late(now: number): number {
    return Math.max(0, now - this.#lastTick - this.#o.tickMs - this.#o.toleranceMs);
  }
}

let processMonitor: StallMonitor | null = null;

/** The stalls of this process, measured once for all its parts (every daemon in it stalls together). */
export function processStalls(): StallMonitor {
  if (processMonitor) return processMonitor;
  const monitor = new StallMonitor({ now: () => performance.now(), tickMs: 250, toleranceMs: 500 });
  setInterval(() => monitor.tick(), 250).unref();
  processMonitor = monitor;
  return monitor;
}
