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
 *
 * Absence is then counted in awake time: the time since a person's last report less the stalls
 * within it. A grace after each stall would never end on a process that is late on every tick (a
 * loaded robot), and its visits would never end; awake time only slows the count in proportion.
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
  /** Recent stalls, oldest first: when each ended and how long it lasted. */
  readonly #stalls: { end: number; ms: number }[] = [];

  constructor(options: StallOptions) {
    this.#o = options;
    this.#lastTick = options.now();
  }

  /** The ticker's tick: a tick this late ends a stall. */
  tick(): void {
    const now = this.#o.now();
    const late = this.#late(now);
    if (late > 0) {
      this.#stalls.push({ end: now, ms: late });
      while (this.#stalls.length && (this.#stalls.length > MAX_STALLS || now - this.#stalls[0]!.end > KEEP_MS)) this.#stalls.shift();
    }
    this.#lastTick = now;
  }

  /** How much of the last `windowMs` the process spent stalled (a stall not yet ticked away included). */
  stalledMsWithin(windowMs: number): number {
    const now = this.#o.now();
    const from = now - windowMs;
    const overlap = (end: number, ms: number) => Math.max(0, Math.min(end, now) - Math.max(end - ms, from));
    return this.#stalls.reduce((sum, s) => sum + overlap(s.end, s.ms), overlap(now, this.#late(now)));
  }

  #late(now: number): number {
    return Math.max(0, now - this.#lastTick - this.#o.tickMs - this.#o.toleranceMs);
  }
}

/** Stalls older than this no longer matter to any absence (a visit's idle time is shorter). */
const KEEP_MS = 3_600_000;
const MAX_STALLS = 10_000;

let processMonitor: StallMonitor | null = null;

/** The stalls of this process, measured once for all its parts (every daemon in it stalls together). */
export function processStalls(): StallMonitor {
  if (processMonitor) return processMonitor;
  const monitor = new StallMonitor({ now: () => performance.now(), tickMs: 250, toleranceMs: 500 });
  setInterval(() => monitor.tick(), 250).unref();
  processMonitor = monitor;
  return monitor;
}
