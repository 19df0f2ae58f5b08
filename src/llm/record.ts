import type { LlmAgent } from '../config/index.js';
import { LlmError, type LlmCallRecord, type LlmMessage, type LlmObserver } from './port.js';
import type { Logger } from '../log/index.js';

/** A call record while the call runs; `finish` hands it to the observer exactly once. */
export class CallRecorder {
  readonly record: LlmCallRecord;
  readonly #started = performance.now();
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

  text(delta: string): void {
    this.record.ttft_ms ??= performance.now() - this.#started;
    this.record.output += delta;
  }

  fail(err: unknown): void {
    const e = err instanceof LlmError ? err : new LlmError('http', (err as Error).message);
    this.record.error = { kind: e.kind, message: e.message };
  }

  finish(): void {
    if (this.#done) return;
    this.#done = true;
    this.record.ms = performance.now() - this.#started;
    if (!this.observe) return;
    try {
      this.observe(this.record);
    } catch (err) {
      // An observer's bug must not fail the turn.
      this.log.warn({ err: (err as Error).message }, 'llm call observer failed');
    }
  }
}
