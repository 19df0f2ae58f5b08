import { affectParams, VolatileAffect } from '../../src/affect/index.js';
import type { Config } from '../../src/config/index.js';
import type { DaemonPorts, PerceptionPort, Ports, ReplySink } from '../../src/dialogue/index.js';
import { LexicalEmbedder } from '../../src/embeddings/index.js';
import { Health } from '../../src/health/index.js';
import { OllamaLanguageModel } from '../../src/llm/index.js';
import { silentLogger } from '../../src/log/index.js';
import { unreachableVectorStore } from './vectors.js';
import { ProfileStore } from '../../src/people/index.js';

/** A reply sink that keeps what it was given, to assert on what would have been spoken and shown. */
export class RecordingReply implements ReplySink {
  text = '';
  ends = 0;
  /** The language of each write. */
  languages: string[] = [];
  gestures: string[] = [];
  write(text: string, language: string): void {
    this.text += text;
    this.languages.push(language);
  }
  end(): void {
    this.ends++;
  }
  gesture(name: string): void {
    this.gestures.push(name);
  }
}

/** Records what agents asked of perception; `reachable` says whether a capture request goes anywhere. */
export class RecordingPerception implements PerceptionPort {
  readonly settled: { user_id: string; user_name: string }[] = [];
  readonly captures: string[] = [];
  constructor(public reachable = true) {}
  userSettled(user: { user_id: string; user_name: string }): void {
    this.settled.push({ ...user });
  }
  requestCapture(file: string): boolean {
    if (this.reachable) this.captures.push(file);
    return this.reachable;
  }
}

/**
 * The brain's ports for tests: the real language model client (pointed wherever the config
 * says), no intent model, a recording perception, capabilities off unless the test passes them.
 */
export function daemonPorts(config: Config, overrides: Partial<DaemonPorts> = {}): DaemonPorts {
  return {
    config,
    clock: { now: () => new Date('2026-11-21T10:00:00Z') },
    llm: new OllamaLanguageModel({ config: config.llm, log: silentLogger, health: new Health() }),
    intent: null,
    perception: new RecordingPerception(),
    visualMemory: null,
    affect: new VolatileAffect(affectParams(config.affect)),
    // The real lexical embedder; a vector store with no server behind it (tests about recall
    // pass a store on a real ChromaDB server).
    embeddings: new LexicalEmbedder(),
    vectors: unreachableVectorStore(),
    // The real store, in the test config's temporary data directory
    people: testProfileStore(config),
    // Off unless the test passes a Memory on a real ChromaDB server
    memory: null,
    knowledge: null,
    camera: null,
    search: null,
    alerts: null,
    ...overrides,
  };
}

/** Real ports for one turn, with whatever the test overrides. */
export function turnPorts(config: Config, overrides: Partial<Ports> = {}): Ports & { reply: RecordingReply; modelMs: Record<string, number> } {
  const modelMs: Record<string, number> = {};
  return {
    ...daemonPorts(config),
    sessionId: null,
    log: silentLogger,
    signal: new AbortController().signal,
    reply: new RecordingReply(),
    metrics: { model: (agent, ms) => void (modelMs[agent] = (modelMs[agent] ?? 0) + ms) },
    modelMs,
    ...overrides,
  } as Ports & { reply: RecordingReply; modelMs: Record<string, number> };
}

/** The real profile store on the config's data directory (a temporary one in testConfig). */
export function testProfileStore(config: Config, health = new Health()): ProfileStore {
  const store = new ProfileStore({ dataDir: config.paths.data, log: silentLogger, health });
  store.start();
  return store;
}
