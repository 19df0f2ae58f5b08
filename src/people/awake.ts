import { performance } from 'node:perf_hooks';

/**
 * Time that passes only while this process runs. Whether someone has left is judged from the gap
 * since perception last reported them; but a process that stalls (a long synchronous inference,
 * garbage collection, a loaded machine) handles no report meanwhile, and the first one after the
 * stall arrives after a gap nobody in front of the robot made. Measured in awake time, that gap
 * is only as long as the process was running: a person still in view does not "leave", and the
 * stranger who just told their name is not taken for a new one.
 *
 * A ticker notes how late each of its ticks comes; lateness beyond a tolerance is a stall. A
 * stall not yet ticked away (the process has just woken) counts too, so a check that runs before
 * the ticker after a stall is not misled.
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
  #stalled = 0;

  constructor(options: StallOptions) {
    this.#o = options;
    this.#lastTick = options.now();
  }

  /** The ticker's tick: lateness beyond the tolerance is added to the stalls. */
  tick(): void {
    const now = this.#o.now();
    this.#stalled += this.#late(now);
    this.#lastTick = now;
  }

  /** Milliseconds this process has been stalled so far, the stall in progress included. */
  stalledMs(): number {
    return this.#stalled + this.#late(this.#o.now());
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

/** Awake milliseconds on `clock`: its time less the process's stalls. Only for gaps, never for timestamps. */
export function awakeMs(clock: () => Date, stalls: Pick<StallMonitor, 'stalledMs'> = processStalls()): () => number {
  return () => clock().getTime() - stalls.stalledMs();
}
