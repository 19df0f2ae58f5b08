/** Background work waits at most this long for a pause (then between two turns). */
const MAX_BACKGROUND_WAIT_MS = 30_000;

/**
 * When background work (the memory writer, the vector outbox, conversation files) may have the
 * CPU without delaying the next turn of a conversation in full flow: no turn running or waiting,
 * and none ended for `quietMs`. Made before everything that waits on it; the turn runner says
 * when turns run.
 */
export class QuietGate {
  readonly #quietMs: number;
  #running: Promise<void> | null = null;
  #release: (() => void) | null = null;
  /** When the last turn ended (performance.now()). */
  #lastEnded = -Infinity;

  constructor(options: { quietMs: number }) {
    this.#quietMs = options.quietMs;
  }

  /** Turns run (or wait) from now on. */
  busy(): void {
    this.#running ??= new Promise<void>((resolve) => (this.#release = resolve));
  }

  /** No turn runs or waits any more. */
  idle(): void {
    this.#lastEnded = performance.now();
    this.#release?.();
    this.#running = null;
    this.#release = null;
  }

  /**
   * Resolves once no turn is running or waiting and none has ended for `quietMs` (by default
   * dialogue.quietMs). A conversation that never pauses that long gets the work between two turns
   * after `maxWaitMs`.
   */
  async whenQuiet(quietMs = this.#quietMs, maxWaitMs = MAX_BACKGROUND_WAIT_MS): Promise<void> {
    const deadline = performance.now() + maxWaitMs;
    for (;;) {
      while (this.#running) await this.#running;
      const left = Math.min(this.#lastEnded + quietMs, deadline) - performance.now();
      if (left <= 0) return;
      await new Promise((resolve) => setTimeout(resolve, left));
    }
  }
}
