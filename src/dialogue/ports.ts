import type { AffectPort } from '../affect/index.js';
import type { AlertsPort } from '../alerts/index.js';
import type { Config, Language } from '../config/index.js';
import type { Embedder } from '../embeddings/index.js';
import type { IntentClassifier } from '../intent/index.js';
import type { LanguageModel } from '../llm/index.js';
import type { Logger } from '../log/index.js';
import type { VisualMemoryPort } from '../visual-memory/index.js';
import type { VectorStore } from '../vectors/index.js';
import type { PeoplePort } from '../people/index.js';
import type { MemoryPort } from '../memory/index.js';
import type { KnowledgePort } from '../knowledge/index.js';
import type { SearchPort } from '../search/index.js';
import type { CameraPort, CaptureRequester } from '../vision/index.js';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * Where the reply goes while it is produced: the one handle a turn has on the voice. The response
 * agent writes text as it arrives (LLM deltas, or a whole offline line), in the turn's language,
 * and ends it; the engine hands on each gesture of an accepted patch at once. The delivery side
 * decides how it is spoken.
 */
export interface ReplySink {
  /** `language`: the reply's; the first write decides it (the turn may switch language before). */
  write(text: string, language: Language): void;
  end(): void;
  gesture(name: string): void;
}

/**
 * What agents may ask of the robot's perception process. Over MQTT in the daemon; in the
 * console (no MQTT) nothing is listening, which the port says rather than hides.
 */
export interface PerceptionPort extends CaptureRequester {
  /** A user's name is settled (new user, or confirmed): perception stores their face under this id. */
  userSettled(user: { user_id: string; user_name: string }): void;
}

/** Model time per agent: what the turn event reports as compute rather than overhead. */
export interface TurnMetrics {
  model(agent: string, ms: number): void;
}

/**
 * Everything with a side effect that agents may use. The daemon builds one set; each turn gets
 * its own logger (with the turn id), abort signal, reply sink and metrics.
 */
export interface Ports {
  config: Config;
  clock: Clock;
  llm: LanguageModel;
  /** Null when the intent model could not be loaded (reported in health). */
  intent: IntentClassifier | null;
  perception: PerceptionPort;
  /** Remembered scenes; null when visual memory is switched off. */
  visualMemory: VisualMemoryPort | null;
  /** The robot's own emotions and mood, shared by all conversations. */
  affect: AffectPort;
  /** Text → unit vectors; the lexical embedder when no model is available (said in health). */
  embeddings: Embedder;
  /** ChromaDB collections behind a durable outbox; reads give nothing while it is unreachable. */
  vectors: VectorStore;
  /** Profiles of the people the robot knows (user_ids.json and user_info.json under paths.data). */
  people: PeoplePort;
  /** Episodic and conversation memory in ChromaDB; null when agents.memory is off. */
  memory: MemoryPort | null;
  /** The robot's knowledge files; null when agents.knowledge is off. */
  knowledge: KnowledgePort | null;
  /** The camera through perception; null when agents.vision is off. */
  camera: CameraPort | null;
  /** Web search; null unless agents.search is on and search.url is set. */
  search: SearchPort | null;
  /** The staff desk: the visit's signals, and where alerts go. Null when agents.alerts is off. */
  alerts: AlertsPort | null;
  /** The visit this turn belongs to (agent/state/session), if one is in progress. */
  sessionId: string | null;
  /** The turn the agents work for: on each model call, for the interaction log. */
  turnId: string;
  log: Logger;
  signal: AbortSignal;
  reply: ReplySink;
  metrics: TurnMetrics;
}

/** The ports of one turn: the daemon's, plus these. */
export type TurnOnlyPorts = 'turnId' | 'log' | 'signal' | 'reply' | 'metrics' | 'sessionId';
export type DaemonPorts = Omit<Ports, TurnOnlyPorts>;
