/** Why a background call was stopped: a foreground call needs the model. Not an error: it is started again. */
const YIELDED = Symbol('yielded to a foreground call');

/**
 * The calls to one model in this process share its cores (and its context): a reply must never
 * wait behind work nobody is waiting for. Foreground calls (the reply and every call before it)
 * start at once. A background call (the reappraisal and profile refinement after a reply, a
 * visit's summary) starts only when no foreground call runs; one still running when a foreground
 * call arrives is stopped at once and started again from the beginning when the model is free.
 * A background call's consumer gets its chunks only from the attempt that ran to its end, so a
 * stopped attempt never shows in its answer (the calls are structured answers, read whole).
 */
export class PriorityGate {
  #foreground = 0;
  #idle: Promise<void> = Promise.resolve();
  #wake: (() => void) | null = null;
  readonly #running = new Set<AbortController>();
  /** Background attempts stopped for a foreground call (for health and tests). */
  yielded = 0;

  /** `start` begins one attempt of the call on the signal it is given, and must stop when that signal aborts. */
  run<T>(background: boolean, signal: AbortSignal, start: (signal: AbortSignal) => AsyncIterable<T>): AsyncIterable<T> {
    return background ? this.#background(signal, start) : this.#foregroundCall(signal, start);
  }

  async *#foregroundCall<T>(signal: AbortSignal, start: (signal: AbortSignal) => AsyncIterable<T>): AsyncGenerator<T> {
    if (this.#foreground++ === 0) this.#idle = new Promise((resolve) => (this.#wake = resolve));
    for (const attempt of this.#running) attempt.abort(YIELDED);
    try {
      yield* start(signal);
    } finally {
      if (--this.#foreground === 0) this.#wake?.();
    }
  }

  async *#background<T>(signal: AbortSignal, start: (signal: AbortSignal) => AsyncIterable<T>): AsyncGenerator<T> {
    for (;;) {
      while (this.#foreground > 0) await abortable(this.#idle, signal);
      signal.throwIfAborted();
      const attempt = new AbortController();
      const follow = () => attempt.abort(signal.reason);
      signal.addEventListener('abort', follow, { once: true });
      this.#running.add(attempt);
      const chunks: T[] = [];
      try {
        for await (const chunk of start(attempt.signal)) chunks.push(chunk);
      } catch (err) {
        if (attempt.signal.reason !== YIELDED) throw err;
      } finally {
        this.#running.delete(attempt);
        signal.removeEventListener('abort', follow);
      }
      if (attempt.signal.reason === YIELDED) {
        this.yielded++;
        continue;
      }
      yield* chunks;
      return;
    }
  }
}

/** Waits for `promise`, or throws the signal's reason when it aborts first. */
function abortable(promise: Promise<void>, signal: AbortSignal): Promise<void> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    void promise.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
