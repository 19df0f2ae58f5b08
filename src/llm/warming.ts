import { totalmem } from 'node:os';
import { z } from 'zod';
import type { Config, LlmAgent } from '../config/index.js';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import type { LlmMessage } from './port.js';
import { memoryVerdict, type Served } from './report.js';
import type { Servers } from './servers.js';

const GB = 1e9;

export interface WarmingOptions {
  config: Config['llm'];
  log: Logger;
  health: Health;
  servers: Servers;
  /** Called when warming in this process begins or ends, and when models have loaded: the health line changes. */
  changed: () => void;
}

/**
 * Start-up work done ahead of the first visitor, one piece after the other: loading the models,
 * computing the stable start of the agents' prompts, compiling their answer grammars; again for a
 * server that comes back (a restarted server has lost all of it).
 */
export class Warming {
  readonly #o: WarmingOptions;
  #chain: Promise<void> = Promise.resolve();
  /** Stable prompt starts to compute ahead of use, per agent (prefix). */
  readonly #prefixes = new Map<LlmAgent, () => LlmMessage[]>();
  /** The structured answers each agent asks for (schema), as JSON schemas. */
  readonly #schemas = new Map<LlmAgent, Map<string, Record<string, unknown>>>();
  /** Start-up work running in this process (loading, contexts, grammars, prefixes): health says warming. */
  #inProcess = 0;
  #memoryWarned = false;

  constructor(options: WarmingOptions) {
    this.#o = options;
  }

  get inProcess(): boolean {
    return this.#inProcess > 0;
  }

  /** Settles when the work asked so far is done (or failed). */
  done(): Promise<void> {
    return this.#chain;
  }

  /** See LanguageModel.warmPrefix. */
  prefix(agent: LlmAgent, messages: () => LlmMessage[]): Promise<void> {
    this.#prefixes.set(agent, messages);
    const served = this.#o.servers.servedFor(agent);
    if (this.#o.config.enabled && served.probe?.reachable) this.#after(() => this.#prefill(agent, this.#prefixes.get(agent)), [served]);
    return this.#chain;
  }

  /** See LanguageModel.prefill: once, now, and not again when the server comes back. */
  once(agent: LlmAgent, messages: LlmMessage[]): Promise<void> {
    const served = this.#o.servers.servedFor(agent);
    if (!this.#o.config.enabled || !served.probe?.reachable) return this.#chain;
    // Work for a visit in progress, not start-up: health does not say warming meanwhile.
    this.#chain = this.#chain.then(() => this.#prefill(agent, () => messages));
    return this.#chain;
  }

  /** See LanguageModel.warmSchema. */
  schema(agent: LlmAgent, schema: z.ZodType): Promise<void> {
    const json = z.toJSONSchema(schema) as Record<string, unknown>;
    const known = this.#schemas.get(agent) ?? new Map<string, Record<string, unknown>>();
    this.#schemas.set(agent, known);
    const key = JSON.stringify(json);
    if (known.has(key)) return this.#chain;
    known.set(key, json);
    const served = this.#o.servers.servedFor(agent);
    if (this.#o.config.enabled && served.probe?.reachable && served.backend.prepareGrammar) this.#after(() => this.#compile(served, [json]), [served]);
    return this.#chain;
  }

  /** Servers that are up and were not: their models loaded (when llm.warm), then their agents' prompt starts. */
  cameBack(servers: Served[]): void {
    // Warming first, so that a model about to load in process is never reported ready before it is.
    const withModels = servers.filter((s) => s.models.length);
    if (this.#o.config.warm && withModels.length) this.#warm(withModels);
    for (const agent of this.#prefixes.keys()) {
      const served = this.#o.servers.servedFor(agent);
      if (servers.includes(served)) this.#after(() => this.#prefill(agent, this.#prefixes.get(agent)), [served]);
    }
  }

  /** Runs after the work before it; health says warming meanwhile when the work runs in this process. */
  #after(work: () => Promise<void>, servers: Served[]): void {
    const inProcess = servers.some((s) => s.backend.kind === 'gguf');
    if (inProcess) {
      this.#inProcess++;
      this.#o.changed();
    }
    this.#chain = this.#chain.then(work).finally(() => {
      if (!inProcess) return;
      this.#inProcess--;
      this.#o.changed();
    });
  }

  async #compile(served: Served, schemas: Record<string, unknown>[]): Promise<void> {
    const started = performance.now();
    try {
      let compiled = 0;
      for (const schema of schemas) if (await served.backend.prepareGrammar?.(schema)) compiled++;
      if (compiled) this.#o.log.info({ backend: served.backend.kind, grammars: compiled, ms: Math.round(performance.now() - started) }, 'answer grammars compiled ahead of use');
    } catch (err) {
      this.#o.log.warn({ backend: served.backend.kind, err: (err as Error).message }, 'answer grammars could not be compiled ahead of use');
    }
  }

  /** The schemas of the agents a server answers. */
  #schemasOn(served: Served): Record<string, unknown>[] {
    return [...this.#schemas].filter(([agent]) => this.#o.servers.servedFor(agent) === served).flatMap(([, known]) => [...known.values()]);
  }

  async #prefill(agent: LlmAgent, messages: (() => LlmMessage[]) | undefined): Promise<void> {
    const { servers, config, log } = this.#o;
    const profile = servers.profileOf(agent);
    const served = servers.servedFor(agent);
    // A replayed visit answers only the calls it recorded.
    if (!messages || !servers.has(served, profile.model) || served.backend.kind === 'replay') return;
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
        // A reply that comes meanwhile goes first (it computes the same prefix anyway).
        priority: 'background',
        signal: AbortSignal.timeout(config.timeouts.requestMs),
      });
      for await (const _ of chunks);
      log.info({ agent, model: profile.model, ms: Math.round(performance.now() - started) }, 'prompt prefix computed ahead of use');
    } catch (err) {
      log.warn({ agent, model: profile.model, err: (err as Error).message }, 'prompt prefix could not be computed ahead of use');
    }
  }

  /** Loads the servers' models so that the first visitor does not wait for a load; then checks they fit. */
  #warm(servers: Served[]): void {
    const { config, log } = this.#o;
    this.#after(async () => {
      await Promise.all(
        servers.map(async (s) => {
          if (!s.backend.load) return;
          for (const model of s.probe?.present ?? []) {
            const started = performance.now();
            try {
              await s.backend.load(model, AbortSignal.timeout(config.timeouts.requestMs));
              log.info({ model, backend: s.backend.kind, ms: Math.round(performance.now() - started) }, 'model loaded');
            } catch (err) {
              log.warn({ model, backend: s.backend.kind, err: (err as Error).message }, 'model could not be loaded ahead of use');
            }
          }
          // A server that came back: the grammars its agents registered before (kept by the backend where it can).
          const schemas = this.#schemasOn(s);
          if (s.backend.prepareGrammar && schemas.length) await this.#compile(s, schemas);
          s.probe = await s.backend.probe(s.models, AbortSignal.timeout(config.timeouts.healthMs));
        }),
      );
      this.#o.changed();
      this.#checkMemory();
    }, servers);
  }

  /** Warns when the profiles' models together would not fit next to each other in the memory budget. */
  #checkMemory(): void {
    const { config, log, health, servers } = this.#o;
    const budget = (config.memoryBudgetGB ?? totalmem() / GB) * GB;
    const sizes = servers.all().flatMap((s) => s.models.map((model) => ({ model, bytes: s.backend.sizeOf?.(model) ?? null })));
    const verdict = memoryVerdict(sizes, budget);
    if (verdict.over) {
      log.warn({ budget, models: sizes }, 'models do not fit next to each other');
      health.set('llm_memory', 'degraded', verdict.detail);
      this.#memoryWarned = true;
    } else if (this.#memoryWarned) health.set('llm_memory', 'ok', verdict.detail);
  }
}
