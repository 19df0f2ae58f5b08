import { z } from 'zod';
import type { Config, LlmAgent } from '../config/index.js';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import { parseModelJson } from './json.js';
import { LlmError, type LanguageModel, type LlmHealthSnapshot, type LlmMessage, type LlmObserver, type LlmRequest } from './port.js';
import { CallRecorder } from './record.js';
import { answerOf, ReasoningFilter } from './reasoning.js';
import { deadline } from './deadline.js';
import { healthDetail, type Served } from './report.js';
import { httpFetch } from './http-fetch.js';
import { Servers } from './servers.js';
import { Warming } from './warming.js';

export interface LanguageModelOptions {
  config: Config['llm'];
  log: Logger;
  health: Health;
  /** Injected for tests that count requests; otherwise node:http's (http-fetch.ts), for Ollama and OpenAI-compatible servers. */
  fetch?: typeof fetch;
  /** Receives one record per model call, for the interaction log. */
  observe?: LlmObserver;
  /** Environment for API keys (process.env by default). */
  env?: NodeJS.ProcessEnv;
}

/**
 * The language model port over any mix of servers: each profile names its backend (Ollama, an
 * OpenAI-compatible server, or a GGUF file in process). This facade owns what every backend
 * shares: availability per agent, time-outs, cancellation, lenient JSON parsing, health and the
 * per-call record; which server answers whom is Servers' job, the work ahead of use Warming's,
 * and the adapters only stream text.
 */
export class LlmService implements LanguageModel {
  readonly #config: Config['llm'];
  readonly #log: Logger;
  readonly #health: Health;
  readonly #observe: LlmObserver | undefined;
  readonly #servers: Servers;
  readonly #warming: Warming;
  #timer: NodeJS.Timeout | null = null;
  #checking: Promise<LlmHealthSnapshot> | null = null;

  constructor(options: LanguageModelOptions) {
    this.#config = options.config;
    this.#log = options.log.child({ component: 'llm' });
    this.#health = options.health;
    this.#observe = options.observe;
    this.#servers = new Servers({ config: options.config, log: this.#log, fetch: options.fetch ?? httpFetch, env: options.env ?? process.env });
    this.#warming = new Warming({ config: options.config, log: this.#log, health: options.health, servers: this.#servers, changed: () => this.#report() });
  }

  /** First health check (bounded by timeouts.healthMs), then periodic checks; models warm in the background. */
  async start(): Promise<void> {
    if (!this.#config.enabled) {
      this.#health.set('llm', 'degraded', 'disabled by configuration: the offline responder answers');
      return;
    }
    await this.checkHealth();
    this.#timer = setInterval(() => void this.checkHealth(), this.#config.healthIntervalMs);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = null;
    await this.#servers.close();
  }

  /**
   * The stable start of an agent's prompts (the reply's system message), computed by its model
   * server ahead of use, so that the first visitor's first words do not wait for it: now, and
   * whenever the server comes back (a restarted server has an empty cache). Servers that keep a
   * prefix cache (Ollama, llama.cpp's server, the GGUF backend's context) reuse it for the next
   * prompt that begins the same way; one token is generated, as no API computes a prompt alone.
   */
  warmPrefix(agent: LlmAgent, messages: () => LlmMessage[]): Promise<void> {
    return this.#warming.prefix(agent, messages);
  }

  /**
   * One prompt start computed by the agent's model server now, in the background (a reply that
   * comes meanwhile goes first where the backend can order them): the start of the next prompt,
   * when it will no longer begin like the last one (the history was cut). Not repeated when the
   * server comes back, unlike warmPrefix.
   */
  prefill(agent: LlmAgent, messages: LlmMessage[]): Promise<void> {
    return this.#warming.once(agent, messages);
  }

  /**
   * A structured answer the agent asks for, made ready ahead of use where the backend compiles it
   * (the GGUF backend's grammar took about 400 ms on its first call, per schema): now, after the
   * model has loaded, so that the first visitor's turn does not wait for it.
   */
  warmSchema(agent: LlmAgent, schema: z.ZodType): Promise<void> {
    return this.#warming.schema(agent, schema);
  }

  /** A turn began: backends that answer by turn (replay) are told, before any of its calls. */
  turnStarted(turn: { turn_id: string; user_text: string }): void {
    for (const served of this.#servers.all()) served.backend.turnStarted?.(turn);
  }

  /** Settles when the models asked to load (at start-up, or when a server came back) are loaded or failed to. */
  whenWarm(): Promise<void> {
    return this.#warming.done();
  }

  health(): LlmHealthSnapshot {
    return this.#servers.snapshot();
  }

  available(agent: LlmAgent): boolean {
    const s = this.#servers.servedFor(agent);
    return this.#config.enabled && this.#servers.has(s, this.#servers.profileOf(agent).model);
  }

  multimodal(agent: LlmAgent): boolean {
    return this.#servers.profileOf(agent).multimodal;
  }

  /** Asks every server whether it is up and which of the configured models it has. */
  checkHealth(): Promise<LlmHealthSnapshot> {
    this.#checking ??= this.#probeAll().finally(() => {
      this.#checking = null;
    });
    return this.#checking;
  }

  async *stream(request: LlmRequest): AsyncIterable<string> {
    const call = this.#recorder(request, false);
    try {
      yield* this.#generate(request, undefined, call);
    } finally {
      call.finish();
    }
  }

  async complete(request: LlmRequest): Promise<string> {
    let text = '';
    for await (const delta of this.stream(request)) text += delta;
    return text;
  }

  async json<T>(request: LlmRequest, schema: z.ZodType<T>): Promise<T> {
    const call = this.#recorder(request, true);
    try {
      // The schema constrains decoding where the backend can; parsing stays defensive anyway.
      for await (const _ of this.#generate(request, z.toJSONSchema(schema) as Record<string, unknown>, call));
      const parsed = parseModelJson(call.record.output, schema);
      if (!parsed.ok) {
        call.record.parse_error = parsed.error;
        throw new LlmError('invalid_output', `${request.agent}: ${parsed.error}`);
      }
      call.record.parsed = parsed.value;
      return parsed.value;
    } finally {
      call.finish();
    }
  }

  /** Whether the Ollama server at llm.url is reachable and had `model` pulled at the last probe. */
  hasModel(model: string): boolean {
    return this.#config.enabled && (this.#servers.ollamaServed().probe?.reachable ?? false) && this.#servers.ollama.hasModel(model);
  }

  /** /api/embed on the Ollama server at llm.url: one vector per input, as the server returns them (the caller validates). Throws LlmError. */
  async embed(model: string, input: string[], options: { signal?: AbortSignal; timeoutMs: number }): Promise<number[][]> {
    if (!this.#config.enabled) throw new LlmError('disabled', 'the language model server is disabled by configuration');
    const { signal, done } = deadline(options.signal, { requestMs: options.timeoutMs, what: `no embeddings within ${options.timeoutMs} ms` });
    try {
      return await this.#servers.ollama.embed(model, input, signal);
    } catch (err) {
      if (signal.aborted && signal.reason instanceof LlmError) throw signal.reason;
      const error = this.#servers.ollama.classify(err, model);
      if (error.kind === 'unavailable') this.#unreachable(this.#servers.ollamaServed(), error.message);
      throw error;
    } finally {
      done();
    }
  }

  #recorder(request: LlmRequest, format: boolean): CallRecorder {
    const profile = this.#servers.profileOf(request.agent);
    const temperature = request.temperature ?? profile.temperature;
    return new CallRecorder(
      {
        turnId: request.turnId,
        agent: request.agent,
        backend: profile.backend,
        model: profile.model,
        options: { ...(temperature !== undefined && { temperature }), ...(profile.num_ctx && { num_ctx: profile.num_ctx }) },
        messages: request.messages,
        format,
      },
      this.#observe,
      this.#log,
    );
  }

  async *#generate(request: LlmRequest, schema: Record<string, unknown> | undefined, call: CallRecorder): AsyncGenerator<string> {
    const profile = this.#servers.profileOf(request.agent);
    const served = this.#servers.servedFor(request.agent);
    const { timeouts } = this.#config;
    const limits = deadline(request.signal, {
      requestMs: timeouts.requestMs,
      // A background call may wait for the replies before it: only its whole time is bounded.
      ...(!request.background && { firstTokenMs: timeouts.firstTokenMs }),
      what: `no complete reply within ${timeouts.requestMs} ms`,
    });
    const { signal } = limits;
    try {
      if (!this.#config.enabled) throw new LlmError('disabled', 'the language model is disabled by configuration');
      const chunks = served.backend.chat({
        agent: request.agent,
        model: profile.model,
        messages: request.messages,
        ...(request.turnId && { turnId: request.turnId }),
        ...(request.background && { priority: 'background' as const }),
        ...(schema && { schema }),
        temperature: request.temperature ?? profile.temperature,
        ...(profile.num_ctx && { num_ctx: profile.num_ctx }),
        structuredOutput: profile.structuredOutput,
        think: profile.think,
        // A structured answer is short, and a reply is spoken: one that does not end is cut rather than left to fill the context.
        ...(profile.think !== 'on' && { maxTokens: schema ? this.#config.jsonMaxTokens : this.#config.replyMaxTokens }),
        signal,
      });
      const filter = new ReasoningFilter();
      for await (const chunk of chunks) {
        if (signal.aborted) throw signal.reason;
        if ('usage' in chunk) {
          call.record.tokens = chunk.usage;
          continue;
        }
        if ('started' in chunk) {
          // A background call's chunks come only once its attempt has ended (see PriorityGate).
          if (!request.background) call.started();
          continue;
        }
        // A thought is a sign of life too: the first-token limit is about a server that hangs.
        limits.firstToken();
        if ('reasoning' in chunk) call.reasoning(chunk.reasoning);
        else yield* answerOf(filter.push(chunk.text), call);
      }
      if (signal.aborted) throw signal.reason;
      yield* answerOf(filter.end(), call);
      this.#log.debug({ turn_id: request.turnId, agent: request.agent, model: profile.model, ms: call.record.ms }, 'llm request done');
    } catch (err) {
      const error = signal.aborted && signal.reason instanceof LlmError ? signal.reason : served.backend.classify(err, profile.model);
      if (error.kind === 'unavailable') this.#unreachable(served, error.message);
      if (error.kind === 'model_missing') {
        served.missing.add(profile.model);
        this.#report();
      }
      call.fail(error);
      this.#log.warn({ turn_id: request.turnId, agent: request.agent, model: profile.model, kind: error.kind, err: error.message }, 'llm request failed');
      throw error;
    } finally {
      limits.done();
    }
  }

  #unreachable(served: Served, reason: string): void {
    this.#servers.unreachable(served, reason);
    this.#report();
    // Re-probe now instead of waiting for the interval.
    void this.checkHealth();
  }

  async #probeAll(): Promise<LlmHealthSnapshot> {
    this.#warming.cameBack(await this.#servers.probe());
    this.#report();
    return this.health();
  }

  #report(): void {
    if (!this.#config.enabled) return;
    const { ok, detail } = healthDetail(this.#servers.ofProfiles(), (s, m) => this.#servers.has(s, m));
    if (ok && this.#warming.inProcess) this.#health.set('llm', 'warming', `warming: loading the model, making its contexts, compiling the agents' answer grammars; ${detail}`);
    else this.#health.set('llm', ok ? 'ok' : 'degraded', detail);
  }
}
