import type { Config, LlmAgent, ModelProfile, ProfileName } from '../config/index.js';
import type { Logger } from '../log/index.js';
import { GgufBackend } from './gguf.js';
import { OllamaBackend } from './ollama.js';
import { OpenAiBackend } from './openai.js';
import type { LlmHealthSnapshot } from './port.js';
import { ReplayBackend } from './replay.js';
import type { Served } from './report.js';

const keyOf = (p: ModelProfile, ollamaUrl: string) =>
  p.backend === 'gguf' ? `gguf ${p.path} ${p.gpu} ${p.threads}` : p.backend === 'replay' ? `replay ${p.path}` : `${p.backend} ${p.url ?? ollamaUrl}`;

export interface ServersOptions {
  config: Config['llm'];
  log: Logger;
  fetch: typeof fetch;
  env: NodeJS.ProcessEnv;
}

/**
 * Which server (or file) answers each profile and agent, one backend per distinct server, and what
 * the last probe of each found: up or not, which models it has.
 */
export class Servers {
  readonly #config: Config['llm'];
  /** The Ollama server at llm.url: profiles on it, and embeddings, which only Ollama serves. */
  readonly ollama: OllamaBackend;
  readonly #served = new Map<string, Served>();
  readonly #profileKey = new Map<ProfileName, string>();
  #checkedAt: string | null = null;

  constructor(options: ServersOptions) {
    const { config, log, fetch: fetcher, env } = options;
    this.#config = config;
    this.ollama = new OllamaBackend(config.url, config.keepAlive, fetcher);
    for (const [name, profile] of Object.entries(config.profiles) as [ProfileName, ModelProfile][]) {
      const key = keyOf(profile, config.url);
      let served = this.#served.get(key);
      if (!served) {
        const backend =
          profile.backend === 'gguf'
            ? new GgufBackend({ path: profile.path!, gpu: profile.gpu, threads: profile.threads, log, agents: () => this.#agentsOn(key) })
            : profile.backend === 'replay'
              ? new ReplayBackend({ path: profile.path!, log })
            : profile.backend === 'openai'
              ? new OpenAiBackend({ url: profile.url!, apiKey: profile.apiKeyEnv ? env[profile.apiKeyEnv] : undefined, fetch: fetcher })
              : profile.url && profile.url !== config.url
                ? new OllamaBackend(profile.url, config.keepAlive, fetcher)
                : this.ollama;
        served = { backend, profiles: [], models: [], probe: null, missing: new Set() };
        this.#served.set(key, served);
      }
      served.profiles.push(name);
      if (!served.models.includes(profile.model)) served.models.push(profile.model);
      this.#profileKey.set(name, key);
    }
  }

  all(): Served[] {
    return [...this.#served.values()];
  }

  /** The servers some profile uses (not the Ollama kept for embeddings only). */
  ofProfiles(): Served[] {
    return this.all().filter((s) => s.profiles.length);
  }

  profileOf(agent: LlmAgent): ModelProfile {
    return this.#config.profiles[this.#config.agents[agent]];
  }

  servedFor(agent: LlmAgent): Served {
    return this.#served.get(this.#profileKey.get(this.#config.agents[agent])!)!;
  }

  /** Whether the server was up at the last probe with `model`, and no call found it missing since. */
  has(s: Served, model: string): boolean {
    return (s.probe?.reachable ?? false) && s.probe!.present.includes(model) && !s.missing.has(model);
  }

  ollamaServed(): Served {
    let served = this.all().find((s) => s.backend === this.ollama);
    if (!served) {
      // No profile uses it: it is there for embeddings only, and probed for them.
      served = { backend: this.ollama, profiles: [], models: [], probe: null, missing: new Set() };
      this.#served.set(`ollama ${this.#config.url}`, served);
    }
    return served;
  }

  /** Probes every server (each within timeouts.healthMs): the servers that were not up before and are now. */
  async probe(): Promise<Served[]> {
    this.ollamaServed(); // embeddings need it probed even when no profile uses it
    const cameBack: Served[] = [];
    await Promise.all(
      this.all().map(async (s) => {
        const probe = await s.backend.probe(s.models, AbortSignal.timeout(this.#config.timeouts.healthMs));
        if (probe.reachable && !s.probe?.reachable) cameBack.push(s);
        s.probe = probe;
        s.missing.clear();
      }),
    );
    this.#checkedAt = new Date().toISOString();
    return cameBack;
  }

  /** A call found the server down: so it is until the next probe. */
  unreachable(served: Served, reason: string): void {
    served.probe = { reachable: false, version: null, present: [], reason };
    if (served.backend === this.ollama) this.ollama.forget();
  }

  snapshot(): LlmHealthSnapshot {
    const ollama = this.all().find((s) => s.backend === this.ollama)?.probe;
    // The Ollama kept only for embeddings does not make the profiles' servers unreachable.
    const probes = this.ofProfiles().map((s) => s.probe);
    return {
      enabled: this.#config.enabled,
      reachable: probes.length > 0 && probes.every((p) => p?.reachable ?? false),
      version: ollama?.version ?? probes.find((p) => p?.version)?.version ?? null,
      models: Object.fromEntries(
        [...this.#profileKey].map(([name, key]) => {
          const s = this.#served.get(key)!;
          const model = this.#config.profiles[name].model;
          const loaded = s.probe?.loaded?.includes(model);
          return [name, { model, pulled: this.has(s, model), backend: s.backend.kind, ...(loaded !== undefined && { loaded }) }];
        }),
      ),
      checkedAt: this.#checkedAt,
    };
  }

  close(): Promise<unknown> {
    return Promise.all(this.all().map((s) => s.backend.close()));
  }

  /** The agents whose profile is served by the backend under `key`, with their context sizes. */
  #agentsOn(key: string): { agent: LlmAgent; num_ctx?: number }[] {
    return (Object.keys(this.#config.agents) as LlmAgent[])
      .filter((agent) => this.#profileKey.get(this.#config.agents[agent]) === key)
      .map((agent) => ({ agent, ...(this.profileOf(agent).num_ctx && { num_ctx: this.profileOf(agent).num_ctx }) }));
  }
}
