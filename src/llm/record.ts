import type { LlmAgent } from '../config/index.js';
import { LlmError, type LlmCallRecord, type LlmMessage, type LlmObserver } from './port.js';
import type { Logger } from '../log/index.js';

/** A call record while the call runs; `finish` hands it to the observer exactly once. */
export class CallRecorder {
  readonly record: LlmCallRecord;
  readonly #started = performance.now();
  #thinkingFrom: number | null = null;
  #done = false;

  constructor(
    init: { turnId?: string; agent: LlmAgent; backend: string; model: string; options: Record<string, unknown>; messages: LlmMessage[]; format: boolean },
    private readonly observe: LlmObserver | undefined,
    private readonly log: Logger,
  ) {
    this.record = {
      turn_id: init.turnId ?? null,
      agent: init.agent,
      backend: init.backend,
      model: init.model,
      options: init.options,
      // Images are kept out of the log: their size says enough.
      messages: init.messages.map((m) => ({ role: m.role, content: m.content, ...(m.images?.length && { images: m.images.map((i) => i.length) }) })),
      format: init.format,
      output: '',
      started_at: new Date().toISOString(),
      ms: 0,
      ttft_ms: null,
      tokens: { prompt: null, completion: null },
    };
  }

  /** Answer text: the time to the first token counts from here, not from the first thought. */
  text(delta: string): void {
    const now = performance.now();
    if (this.record.ttft_ms === null) {
      this.record.ttft_ms = now - this.#started;
      if (this.#thinkingFrom !== null) this.record.think_ms = now - this.#thinkingFrom;
    }
    this.record.output += delta;
  }

  /** The backend says the model begins on the call now: the time before was waiting. */
  started(): void {
    this.record.wait_ms ??= performance.now() - this.#started;
  }

  /** Hidden reasoning: kept beside the answer, never in it. */
  reasoning(delta: string): void {
    this.#thinkingFrom ??= performance.now();
    this.record.reasoning = (this.record.reasoning ?? '') + delta;
  }

  fail(err: unknown): void {
    const e = err instanceof LlmError ? err : new LlmError('http', (err as Error).message);
    this.record.error = { kind: e.kind, message: e.message };
  }

  finish(): void {
    if (this.#done) return;
    this.#done = true;
    const now = performance.now();
    this.record.ms = now - this.#started;
    // Thought to the end without an answer: all of it was thinking time.
    if (this.#thinkingFrom !== null && this.record.think_ms === undefined) this.record.think_ms = now - this.#thinkingFrom;
    if (!this.observe) return;
    try {
      this.observe(this.record);
    } catch (err) {
      // An observer's bug must not fail the turn.
      this.log.warn({ err: (err as Error).message }, 'llm call observer failed');
    }
  }
}
