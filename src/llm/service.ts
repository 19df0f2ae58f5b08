import { totalmem } from 'node:os';
import { z } from 'zod';
import type { Config, LlmAgent, ModelProfile, ProfileName } from '../config/index.js';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import type { BackendProbe } from './backend.js';
import { GgufBackend } from './gguf.js';
import { parseModelJson } from './json.js';
import { OllamaBackend } from './ollama.js';
import { OpenAiBackend } from './openai.js';
import { ReplayBackend } from './replay.js';
import { LlmError, type LanguageModel, type LlmHealthSnapshot, type LlmMessage, type LlmObserver, type LlmRequest } from './port.js';
import { CallRecorder } from './record.js';
import { answerOf, ReasoningFilter } from './reasoning.js';
import { deadline } from './deadline.js';
import { healthDetail, memoryVerdict, type Served } from './report.js';

export interface LanguageModelOptions {
  config: Config['llm'];
  log: Logger;
  health: Health;
  /** Injected for tests that count requests; the real fetch otherwise (Ollama and OpenAI-compatible servers). */
  fetch?: typeof fetch;
  /** Receives one record per model call, for the interaction log. */
  observe?: LlmObserver;
  /** Environment for API keys (process.env by default). */
  env?: NodeJS.ProcessEnv;
}

const GB = 1e9;
const keyOf = (p: ModelProfile, ollamaUrl: string) =>
  p.backend === 'gguf' ? `gguf ${p.path} ${p.gpu} ${p.threads}` : p.backend === 'replay' ? `replay ${p.path}` : `${p.backend} ${p.url ?? ollamaUrl}`;

/**
 * The language model port over any mix of servers: each profile names its backend (Ollama, an
 * OpenAI-compatible server, or a GGUF file in process). This facade owns what every backend
 * shares: availability per agent, time-outs, cancellation, lenient JSON parsing, health, warming
 * and the per-call record; the adapters only stream text.
 */
export class LlmService implements LanguageModel {
  readonly #config: Config['llm'];
  readonly #log: Logger;
  readonly #health: Health;
  readonly #observe: LlmObserver | undefined;
  /** The Ollama server at llm.url: profiles on it, and embeddings, which only Ollama serves. */
  readonly #ollama: OllamaBackend;
  readonly #served = new Map<string, Served>();
  readonly #profileKey = new Map<ProfileName, string>();
  #timer: NodeJS.Timeout | null = null;
  #checking: Promise<LlmHealthSnapshot> | null = null;
  #warming: Promise<void> = Promise.resolve();
  /** Stable prompt starts to compute ahead of use, per agent (warmPrefix). */
  readonly #prefixes = new Map<LlmAgent, () => LlmMessage[]>();
  /** The structured answers each agent asks for (warmSchema), as JSON schemas. */
  readonly #schemas = new Map<LlmAgent, Map<string, Record<string, unknown>>>();
  /** Start-up work running in this process (loading, contexts, grammars, prefixes): health says warming. */
  #warmingInProcess = 0;
  #memoryWarned = false;
  #checkedAt: string | null = null;

  constructor(options: LanguageModelOptions) {
    this.#config = options.config;
    this.#log = options.log.child({ component: 'llm' });
    this.#health = options.health;
    this.#observe = options.observe;
    const fetcher = options.fetch ?? fetch;
    const env = options.env ?? process.env;
    this.#ollama = new OllamaBackend(options.config.url, options.config.keepAlive, fetcher);
    for (const [name, profile] of Object.entries(options.config.profiles) as [ProfileName, ModelProfile][]) {
      const key = keyOf(profile, options.config.url);
      let served = this.#served.get(key);
      if (!served) {
        const backend =
          profile.backend === 'gguf'
            ? new GgufBackend({ path: profile.path!, gpu: profile.gpu, threads: profile.threads, log: this.#log, agents: () => this.#agentsOn(key) })
            : profile.backend === 'replay'
              ? new ReplayBackend({ path: profile.path!, log: this.#log })
            : profile.backend === 'openai'
              ? new OpenAiBackend({ url: profile.url!, apiKey: profile.apiKeyEnv ? env[profile.apiKeyEnv] : undefined, fetch: fetcher })
              : profile.url && profile.url !== options.config.url
                ? new OllamaBackend(profile.url, options.config.keepAlive, fetcher)
                : this.#ollama;
        served = { backend, profiles: [], models: [], probe: null, missing: new Set() };
        this.#served.set(key, served);
      }
      served.profiles.push(name);
      if (!served.models.includes(profile.model)) served.models.push(profile.model);
      this.#profileKey.set(name, key);
    }
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
    await Promise.all([...this.#served.values()].map((s) => s.backend.close()));
  }

  /**
   * The stable start of an agent's prompts (the reply's system message), computed by its model
   * server ahead of use, so that the first visitor's first words do not wait for it: now, and
   * whenever the server comes back (a restarted server has an empty cache). Servers that keep a
   * prefix cache (Ollama, llama.cpp's server, the GGUF backend's context) reuse it for the next
   * prompt that begins the same way; one token is generated, as no API computes a prompt alone.
   */
  warmPrefix(agent: LlmAgent, messages: () => LlmMessage[]): Promise<void> {
    this.#prefixes.set(agent, messages);
    const served = this.#servedFor(agent);
    if (this.#config.enabled && served.probe?.reachable) this.#afterWarming(() => this.#prefill(agent), [served]);
    return this.#warming;
  }

  /**
   * A structured answer the agent asks for, made ready ahead of use where the backend compiles it
   * (the GGUF backend's grammar took about 400 ms on its first call, per schema): now, after the
   * model has loaded, so that the first visitor's turn does not wait for it.
   */
  warmSchema(agent: LlmAgent, schema: z.ZodType): Promise<void> {
    const json = z.toJSONSchema(schema) as Record<string, unknown>;
    const known = this.#schemas.get(agent) ?? new Map<string, Record<string, unknown>>();
    this.#schemas.set(agent, known);
    const key = JSON.stringify(json);
    if (known.has(key)) return this.#warming;
    known.set(key, json);
    const served = this.#servedFor(agent);
    if (this.#config.enabled && served.probe?.reachable && served.backend.prepareGrammar) this.#afterWarming(() => this.#compile(served, [json]), [served]);
    return this.#warming;
  }

  /** Runs after the warming before it; health says warming meanwhile when the work runs in this process. */
  #afterWarming(work: () => Promise<void>, servers: Served[]): void {
    const inProcess = servers.some((s) => s.backend.kind === 'gguf');
    if (inProcess) {
      this.#warmingInProcess++;
      this.#report();
    }
    this.#warming = this.#warming.then(work).finally(() => {
      if (!inProcess) return;
      this.#warmingInProcess--;
      this.#report();
    });
  }

  async #compile(served: Served, schemas: Record<string, unknown>[]): Promise<void> {
    const started = performance.now();
    try {
      let compiled = 0;
      for (const schema of schemas) if (await served.backend.prepareGrammar?.(schema)) compiled++;
      if (compiled) this.#log.info({ backend: served.backend.kind, grammars: compiled, ms: Math.round(performance.now() - started) }, 'answer grammars compiled ahead of use');
    } catch (err) {
      this.#log.warn({ backend: served.backend.kind, err: (err as Error).message }, 'answer grammars could not be compiled ahead of use');
    }
  }

  /** The schemas of the agents a server answers. */
  #schemasOn(served: Served): Record<string, unknown>[] {
    return [...this.#schemas].filter(([agent]) => this.#servedFor(agent) === served).flatMap(([, known]) => [...known.values()]);
  }

  async #prefill(agent: LlmAgent): Promise<void> {
    const messages = this.#prefixes.get(agent);
    const profile = this.#profileOf(agent);
    const served = this.#servedFor(agent);
    // A replayed visit answers only the calls it recorded.
    if (!messages || !this.#has(served, profile.model) || served.backend.kind === 'replay') return;
    const started = performance.now();
    try {
      const chunks = served.backend.chat({
        agent,
        model: profile.model,
        messages: messages(),
        temperature: profile.temperature,
        ...(profile.num_ctx && { num_ctx: profile.num_ctx }),
        think: profile.think,
        maxTokens: 1,
        signal: AbortSignal.timeout(this.#config.timeouts.requestMs),
      });
      for await (const _ of chunks);
      this.#log.info({ agent, model: profile.model, ms: Math.round(performance.now() - started) }, 'prompt prefix computed ahead of use');
    } catch (err) {
      this.#log.warn({ agent, model: profile.model, err: (err as Error).message }, 'prompt prefix could not be computed ahead of use');
    }
  }

  /** A turn began: backends that answer by turn (replay) are told, before any of its calls. */
  turnStarted(turn: { turn_id: string; user_text: string }): void {
    for (const served of this.#served.values()) served.backend.turnStarted?.(turn);
  }

  /** Settles when the models asked to load (at start-up, or when a server came back) are loaded or failed to. */
  whenWarm(): Promise<void> {
    return this.#warming;
  }

  health(): LlmHealthSnapshot {
    const ollama = [...this.#served.values()].find((s) => s.backend === this.#ollama)?.probe;
    // The Ollama kept only for embeddings does not make the profiles' servers unreachable.
    const probes = [...this.#served.values()].filter((s) => s.profiles.length).map((s) => s.probe);
    return {
      enabled: this.#config.enabled,
      reachable: probes.length > 0 && probes.every((p) => p?.reachable ?? false),
      version: ollama?.version ?? probes.find((p) => p?.version)?.version ?? null,
      models: Object.fromEntries(
        [...this.#profileKey].map(([name, key]) => {
          const s = this.#served.get(key)!;
          const model = this.#config.profiles[name].model;
          const loaded = s.probe?.loaded?.includes(model);
          return [name, { model, pulled: this.#has(s, model), backend: s.backend.kind, ...(loaded !== undefined && { loaded }) }];
        }),
      ),
      checkedAt: this.#checkedAt,
    };
  }

  available(agent: LlmAgent): boolean {
    const s = this.#servedFor(agent);
    return this.#config.enabled && this.#has(s, this.#profileOf(agent).model);
  }

  multimodal(agent: LlmAgent): boolean {
    return this.#profileOf(agent).multimodal;
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
    return this.#config.enabled && (this.#ollamaProbe()?.reachable ?? false) && this.#ollama.hasModel(model);
  }

  /** /api/embed on the Ollama server at llm.url: one vector per input, as the server returns them (the caller validates). Throws LlmError. */
  async embed(model: string, input: string[], options: { signal?: AbortSignal; timeoutMs: number }): Promise<number[][]> {
    if (!this.#config.enabled) throw new LlmError('disabled', 'the language model server is disabled by configuration');
    const { signal, done } = deadline(options.signal, { requestMs: options.timeoutMs, what: `no embeddings within ${options.timeoutMs} ms` });
    try {
      return await this.#ollama.embed(model, input, signal);
    } catch (err) {
      if (signal.aborted && signal.reason instanceof LlmError) throw signal.reason;
      const error = this.#ollama.classify(err, model);
      if (error.kind === 'unavailable') this.#unreachable(this.#ollamaServed(), error.message);
      throw error;
    } finally {
      done();
    }
  }

  /** The agents whose profile is served by the backend under `key`, with their context sizes. */
  #agentsOn(key: string): { agent: LlmAgent; num_ctx?: number }[] {
    return (Object.keys(this.#config.agents) as LlmAgent[])
      .filter((agent) => this.#profileKey.get(this.#config.agents[agent]) === key)
      .map((agent) => ({ agent, ...(this.#profileOf(agent).num_ctx && { num_ctx: this.#profileOf(agent).num_ctx }) }));
  }

  #profileOf(agent: LlmAgent): ModelProfile {
    return this.#config.profiles[this.#config.agents[agent]];
  }

  #servedFor(agent: LlmAgent): Served {
    return this.#served.get(this.#profileKey.get(this.#config.agents[agent])!)!;
  }

  #has(s: Served, model: string): boolean {
    return (s.probe?.reachable ?? false) && s.probe!.present.includes(model) && !s.missing.has(model);
  }

  #ollamaServed(): Served {
    let served = [...this.#served.values()].find((s) => s.backend === this.#ollama);
    if (!served) {
      // No profile uses it: it is there for embeddings only, and probed for them.
      served = { backend: this.#ollama, profiles: [], models: [], probe: null, missing: new Set() };
      this.#served.set(`ollama ${this.#config.url}`, served);
    }
    return served;
  }

  #ollamaProbe(): BackendProbe | null {
    return this.#ollamaServed().probe;
  }

  #recorder(request: LlmRequest, format: boolean): CallRecorder {
    const profile = this.#profileOf(request.agent);
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
    const profile = this.#profileOf(request.agent);
    const served = this.#servedFor(request.agent);
    const { timeouts } = this.#config;
    const limits = deadline(request.signal, {
      requestMs: timeouts.requestMs,
      firstTokenMs: timeouts.firstTokenMs,
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
        ...(schema && { schema }),
        temperature: request.temperature ?? profile.temperature,
        ...(profile.num_ctx && { num_ctx: profile.num_ctx }),
        structuredOutput: profile.structuredOutput,
        think: profile.think,
        signal,
      });
      const filter = new ReasoningFilter();
      for await (const chunk of chunks) {
        if (signal.aborted) throw signal.reason;
        if ('usage' in chunk) {
          call.record.tokens = chunk.usage;
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
    served.probe = { reachable: false, version: null, present: [], reason };
    if (served.backend === this.#ollama) this.#ollama.forget();
    this.#report();
    // Re-probe now instead of waiting for the interval.
    void this.checkHealth();
  }

  async #probeAll(): Promise<LlmHealthSnapshot> {
    this.#ollamaServed(); // embeddings need it probed even when no profile uses it
    const cameBack: Served[] = [];
    await Promise.all(
      [...this.#served.values()].map(async (s) => {
        const signal = AbortSignal.timeout(this.#config.timeouts.healthMs);
        const probe = await s.backend.probe(s.models, signal);
        if (probe.reachable && !s.probe?.reachable) cameBack.push(s);
        s.probe = probe;
        s.missing.clear();
      }),
    );
    this.#checkedAt = new Date().toISOString();
    // Warming first, so that a model about to load in process is never reported ready before it is.
    if (this.#config.warm && cameBack.some((s) => s.models.length)) this.#warm(cameBack.filter((s) => s.models.length));
    for (const agent of this.#prefixes.keys()) if (cameBack.includes(this.#servedFor(agent))) this.#afterWarming(() => this.#prefill(agent), [this.#servedFor(agent)]);
    this.#report();
    return this.health();
  }

  /** Loads the servers' models so that the first visitor does not wait for a load; then checks they fit. */
  #warm(servers: Served[]): void {
    this.#afterWarming(async () => {
      await Promise.all(
        servers.map(async (s) => {
          if (!s.backend.load) return;
          for (const model of s.probe?.present ?? []) {
            const started = performance.now();
            try {
              await s.backend.load(model, AbortSignal.timeout(this.#config.timeouts.requestMs));
              this.#log.info({ model, backend: s.backend.kind, ms: Math.round(performance.now() - started) }, 'model loaded');
            } catch (err) {
              this.#log.warn({ model, backend: s.backend.kind, err: (err as Error).message }, 'model could not be loaded ahead of use');
            }
          }
          // A server that came back: the grammars its agents registered before (kept by the backend where it can).
          const schemas = this.#schemasOn(s);
          if (s.backend.prepareGrammar && schemas.length) await this.#compile(s, schemas);
          s.probe = await s.backend.probe(s.models, AbortSignal.timeout(this.#config.timeouts.healthMs));
        }),
      );
      this.#report();
      this.#checkMemory();
    }, servers);
  }

  /** Warns when the profiles' models together would not fit next to each other in the memory budget. */
  #checkMemory(): void {
    const budget = (this.#config.memoryBudgetGB ?? totalmem() / GB) * GB;
    const sizes = [...this.#served.values()].flatMap((s) => s.models.map((model) => ({ model, bytes: s.backend.sizeOf?.(model) ?? null })));
    const verdict = memoryVerdict(sizes, budget);
    if (verdict.over) {
      this.#log.warn({ budget, models: sizes }, 'models do not fit next to each other');
      this.#health.set('llm_memory', 'degraded', verdict.detail);
      this.#memoryWarned = true;
    } else if (this.#memoryWarned) this.#health.set('llm_memory', 'ok', verdict.detail);
  }

  #report(): void {
    if (!this.#config.enabled) return;
    const { ok, detail } = healthDetail([...this.#served.values()].filter((s) => s.profiles.length), (s, m) => this.#has(s, m));
    if (ok && this.#warmingInProcess) this.#health.set('llm', 'warming', `warming: loading the model, making its contexts, compiling the agents' answer grammars; ${detail}`);
    else this.#health.set('llm', ok ? 'ok' : 'degraded', detail);
  }
}
