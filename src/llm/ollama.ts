import { Ollama, type ChatResponse, type Message } from 'ollama';
import { z } from 'zod';
import type { Config, LlmAgent, ProfileName } from '../config/index.js';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import { parseModelJson } from './json.js';
import { LlmError, type LanguageModel, type LlmCallRecord, type LlmHealthSnapshot, type LlmObserver, type LlmRequest } from './port.js';

export interface OllamaLanguageModelOptions {
  config: Config['llm'];
  log: Logger;
  health: Health;
  /** Injected for tests that count requests; the real fetch otherwise. */
  fetch?: typeof fetch;
  /** Told about every chat call as it ends (the interaction log). */
  observe?: LlmObserver;
}

/** "llama3" and "llama3:latest" are the same model to Ollama. */
const canonicalModel = (name: string) => (name.includes(':') ? name : `${name}:latest`);

/**
 * The language model port on an Ollama server, through the official `ollama` client. Every
 * request streams, so that time-outs, barge-in and first-token latency are all under control.
 */
export class OllamaLanguageModel implements LanguageModel {
  readonly #config: Config['llm'];
  readonly #log: Logger;
  readonly #health: Health;
  readonly #fetch: typeof fetch;
  readonly #observe: LlmObserver | undefined;
  #snapshot: LlmHealthSnapshot;
  #timer: NodeJS.Timeout | null = null;
  #checking: Promise<LlmHealthSnapshot> | null = null;
  /** Every model the server had at the last probe (canonical names), not only the profiles'. */
  #pulled = new Set<string>();

  constructor(options: OllamaLanguageModelOptions) {
    this.#config = options.config;
    this.#log = options.log.child({ component: 'llm' });
    this.#health = options.health;
    this.#fetch = options.fetch ?? fetch;
    this.#observe = options.observe;
    this.#snapshot = {
      enabled: options.config.enabled,
      reachable: false,
      version: null,
      models: Object.fromEntries(
        Object.entries(options.config.profiles).map(([profile, p]) => [profile, { model: p.model, pulled: false }]),
      ),
      checkedAt: null,
    };
  }

  /** First health check (bounded by timeouts.healthMs), then periodic checks. */
  async start(): Promise<void> {
    if (!this.#config.enabled) {
      this.#health.set('llm', 'degraded', 'disabled by configuration: the offline responder answers');
      return;
    }
    await this.checkHealth();
    this.#timer = setInterval(() => void this.checkHealth(), this.#config.healthIntervalMs);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
  }

  health(): LlmHealthSnapshot {
    return structuredClone(this.#snapshot);
  }

  available(agent: LlmAgent): boolean {
    const s = this.#snapshot;
    return s.enabled && s.reachable && (s.models[this.#profileOf(agent)]?.pulled ?? false);
  }

  multimodal(agent: LlmAgent): boolean {
    return this.#config.profiles[this.#profileOf(agent)].multimodal;
  }

  /** Asks the server whether it is up and which of the configured models are pulled. */
  checkHealth(): Promise<LlmHealthSnapshot> {
    this.#checking ??= this.#probe().finally(() => {
      this.#checking = null;
    });
    return this.#checking;
  }

  async *stream(request: LlmRequest): AsyncIterable<string> {
    yield* this.#chat(request, undefined);
  }

  async complete(request: LlmRequest): Promise<string> {
    let text = '';
    for await (const delta of this.#chat(request, undefined)) text += delta;
    return text;
  }

  async json<T>(request: LlmRequest, schema: z.ZodType<T>): Promise<T> {
    let raw = '';
    // The call is reported once it is parsed, so that the record says how the output was read.
    let call: LlmCallRecord | null = null;
    try {
      // The JSON schema constrains decoding on the server; parsing stays defensive anyway.
      for await (const delta of this.#chat(request, z.toJSONSchema(schema), (r) => (call = r))) raw += delta;
      const parsed = parseModelJson(raw, schema);
      if (call) Object.assign(call, parsed.ok ? { parsed: parsed.value } : { parse_error: parsed.error });
      if (!parsed.ok) throw new LlmError('invalid_output', `${request.agent}: ${parsed.error}`);
      return parsed.value;
    } finally {
      if (call) this.#tell(call);
    }
  }

  #tell(record: LlmCallRecord): void {
    try {
      this.#observe?.(record);
    } catch (err) {
      this.#log.warn({ err: (err as Error).message, turn_id: record.turn_id }, 'llm call observer failed');
    }
  }

  /** Whether the server is reachable and had `model` pulled at the last probe. */
  hasModel(model: string): boolean {
    return this.#config.enabled && this.#snapshot.reachable && this.#pulled.has(canonicalModel(model));
  }

  /** /api/embed: one vector per input, as the server returns them (the caller validates). Throws LlmError. */
  async embed(model: string, input: string[], options: { signal?: AbortSignal; timeoutMs: number }): Promise<number[][]> {
    if (!this.#config.enabled) throw new LlmError('disabled', 'the language model server is disabled by configuration');
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(new LlmError('timeout', `no embeddings within ${options.timeoutMs} ms`)), options.timeoutMs);
    const onAbort = () => controller.abort(new LlmError('aborted', 'request cancelled'));
    if (options.signal?.aborted) onAbort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const response = await this.#client(controller.signal).embed({ model, input, keep_alive: this.#config.keepAlive });
      return response.embeddings;
    } catch (err) {
      if (controller.signal.aborted && controller.signal.reason instanceof LlmError) throw controller.signal.reason;
      const e = err as Error & { status_code?: number; cause?: { code?: string } };
      if (e.status_code === 404) {
        this.#pulled.delete(canonicalModel(model));
        throw new LlmError('model_missing', `model ${model} is not pulled on the Ollama server (ollama pull ${model})`);
      }
      if (e.status_code) throw new LlmError('http', `Ollama answered ${e.status_code}: ${e.message}`);
      this.#markUnreachable(e.cause?.code ?? e.message);
      void this.checkHealth();
      throw new LlmError('unavailable', `Ollama is not reachable at ${this.#config.url}: ${e.cause?.code ?? e.message}`);
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  #profileOf(agent: LlmAgent): ProfileName {
    return this.#config.agents[agent];
  }

  /** A client whose every fetch is tied to one request's abort signal. */
  #client(signal: AbortSignal): Ollama {
    const base = this.#fetch;
    return new Ollama({
      host: this.#config.url,
      fetch: (input, init) =>
        base(input, { ...init, signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal }),
    });
  }

  async *#chat(request: LlmRequest, format: object | undefined, done: (record: LlmCallRecord) => void = (r) => this.#tell(r)): AsyncGenerator<string> {
    if (!this.#config.enabled) throw new LlmError('disabled', 'the language model is disabled by configuration');
    const profileName = this.#profileOf(request.agent);
    const profile = this.#config.profiles[profileName];
    const { timeouts } = this.#config;
    const controller = new AbortController();
    const fail = (kind: 'timeout', message: string) => () => controller.abort(new LlmError(kind, message));
    const firstToken = setTimeout(fail('timeout', `no first token within ${timeouts.firstTokenMs} ms`), timeouts.firstTokenMs);
    const whole = setTimeout(fail('timeout', `no complete reply within ${timeouts.requestMs} ms`), timeouts.requestMs);
    const onAbort = () => controller.abort(new LlmError('aborted', 'request cancelled'));
    if (request.signal?.aborted) onAbort();
    request.signal?.addEventListener('abort', onAbort, { once: true });

    const started = performance.now();
    const startedAt = new Date().toISOString();
    const options = {
      temperature: request.temperature ?? profile.temperature,
      ...(profile.num_ctx && { num_ctx: profile.num_ctx }),
    };
    let output = '';
    let ttft: number | null = null;
    let last: ChatResponse | null = null;
    let failure: LlmError | null = null;
    try {
      const stream = await this.#client(controller.signal).chat({
        model: profile.model,
        messages: request.messages as Message[],
        stream: true,
        keep_alive: this.#config.keepAlive,
        format,
        options,
      });
      for await (const part of stream as AsyncIterable<ChatResponse>) {
        clearTimeout(firstToken);
        ttft ??= performance.now() - started;
        last = part;
        if (controller.signal.aborted) throw controller.signal.reason;
        const delta = part.message?.content;
        if (delta) {
          output += delta;
          yield delta;
        }
        if (part.done) break;
      }
      if (controller.signal.aborted) throw controller.signal.reason;
      this.#log.debug({ agent: request.agent, model: profile.model, ms: performance.now() - started }, 'llm request done');
    } catch (err) {
      failure = this.#classify(err, controller.signal, profile.model, profileName);
      this.#log.warn({ agent: request.agent, model: profile.model, kind: failure.kind, err: failure.message }, 'llm request failed');
      throw failure;
    } finally {
      clearTimeout(firstToken);
      clearTimeout(whole);
      request.signal?.removeEventListener('abort', onAbort);
      controller.abort(); // ends the HTTP stream if the caller stopped iterating early
      if (this.#observe) {
        done({
          turn_id: request.turnId ?? null,
          agent: request.agent,
          backend: 'ollama',
          model: profile.model,
          options,
          messages: request.messages.map((m) => ({ role: m.role, content: m.content, ...(m.images && { images: m.images.map((i) => i.length) }) })),
          format: format !== undefined,
          output,
          ...(failure && { error: { kind: failure.kind, message: failure.message } }),
          started_at: startedAt,
          ms: performance.now() - started,
          ttft_ms: ttft,
          tokens: { prompt: last?.done ? (last.prompt_eval_count ?? null) : null, completion: last?.done ? (last.eval_count ?? null) : null },
        });
      }
    }
  }

  #classify(err: unknown, signal: AbortSignal, model: string, profile: ProfileName): LlmError {
    if (signal.aborted && signal.reason instanceof LlmError) return signal.reason;
    if (err instanceof LlmError) return err;
    const e = err as Error & { status_code?: number; cause?: { code?: string } };
    if (e.status_code === 404) {
      this.#markModel(profile, false);
      return new LlmError('model_missing', `model ${model} is not pulled on the Ollama server (ollama pull ${model})`);
    }
    if (e.status_code) return new LlmError('http', `Ollama answered ${e.status_code}: ${e.message}`);
    // fetch failed: connection refused, reset, DNS. Re-probe now instead of waiting for the interval.
    this.#markUnreachable(e.cause?.code ?? e.message);
    void this.checkHealth();
    return new LlmError('unavailable', `Ollama is not reachable at ${this.#config.url}: ${e.cause?.code ?? e.message}`);
  }

  async #probe(): Promise<LlmHealthSnapshot> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.#config.timeouts.healthMs);
    const client = this.#client(controller.signal);
    try {
      const [{ version }, { models }] = await Promise.all([client.version(), client.list()]);
      const pulled = new Set(models.flatMap((m) => [canonicalModel(m.name), canonicalModel(m.model)]));
      this.#pulled = pulled;
      this.#snapshot = {
        enabled: true,
        reachable: true,
        version,
        models: Object.fromEntries(
          Object.entries(this.#config.profiles).map(([name, p]) => [name, { model: p.model, pulled: pulled.has(canonicalModel(p.model)) }]),
        ),
        checkedAt: new Date().toISOString(),
      };
      this.#report();
    } catch (err) {
      this.#markUnreachable((err as Error & { cause?: { code?: string } }).cause?.code ?? (err as Error).message);
    } finally {
      clearTimeout(timer);
    }
    return this.health();
  }

  #markUnreachable(reason: string): void {
    this.#snapshot = { ...this.#snapshot, reachable: false, version: null, checkedAt: new Date().toISOString() };
    this.#health.set('llm', 'degraded', `no Ollama server at ${this.#config.url} (${reason}): the offline responder answers`);
  }

  #markModel(profile: ProfileName, pulled: boolean): void {
    const entry = this.#snapshot.models[profile];
    if (entry) entry.pulled = pulled;
    this.#report();
  }

  #report(): void {
    const missing = [...new Set(Object.values(this.#snapshot.models).filter((m) => !m.pulled).map((m) => m.model))];
    if (missing.length === 0) this.#health.set('llm', 'ok', `Ollama ${this.#snapshot.version ?? ''} at ${this.#config.url}`.trim());
    else {
      this.#health.set(
        'llm',
        'degraded',
        `models not pulled: ${missing.join(', ')} (ollama pull <model>); agents using them fall back to offline behaviour`,
      );
    }
  }
}
