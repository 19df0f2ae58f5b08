import path from 'node:path';
import { affectParams, AffectStore, VolatileAffect, type AffectPort } from './affect/index.js';
import { defaultClientId, MqttBus, startEmbeddedBroker, type EmbeddedBroker, type ForgetReport } from './bus/index.js';
import type { Config } from './config/index.js';
import { buildDialogueGraph, createDialogue, QuietGate, systemClock, type Clock, type Dialogue, type DialogueGraph, type PerceptionPort } from './dialogue/index.js';
import { selectEmbedder, type Embedder } from './embeddings/index.js';
import { Health } from './health/index.js';
import { OnnxIntentClassifier, type IntentClassifier } from './intent/index.js';
import { createLanguageModel, type LlmObserver, type LlmService } from './llm/index.js';
import type { Logger } from './log/index.js';
import { startVisualMemory, type VisualMemory } from './visual-memory/index.js';
import { startKnowledge, type KnowledgeBase } from './knowledge/index.js';
import { startSearch } from './search/index.js';
import { cleanupFrames, framesDir, PerceptionCamera } from './vision/index.js';
import { startVectors, type Vectors } from './vectors/index.js';
import { People } from './people/index.js';
import { Memory } from './memory/index.js';
import { Observer, type ObservedDaemon } from './observe/index.js';
import { BusPerception, wireBus, wirePeople, wireVisualMemory } from './wiring.js';

export interface DaemonOptions {
  config: Config;
  log: Logger;
  /** False for the console: the same dialogue, no broker and no bus. */
  mqtt: boolean;
  clock?: Clock;
  /** Also receives every language model call (besides the interaction log). */
  observe?: LlmObserver;
}

export interface Daemon {
  readonly config: Config;
  /** Turns, the conversations of the people the robot talks to, and its voice. */
  readonly dialogue: Dialogue;
  readonly graph: DialogueGraph;
  readonly health: Health;
  readonly llm: LlmService;
  readonly bus: MqttBus | null;
  readonly perception: PerceptionPort;
  readonly affect: AffectPort;
  readonly broker: EmbeddedBroker | null;
  /** Null when switched off by configuration. */
  readonly visualMemory: VisualMemory | null;
  readonly embeddings: Embedder;
  readonly vectors: Vectors;
  readonly people: People;
  /** Episodic and conversation memory; null when agents.memory is off. */
  readonly memory: Memory | null;
  /** Forget-me: waits for the running turn, then deletes everything about the person and checks. */
  forgetUser(userId: string): Promise<ForgetReport>;
  /** Null when agents.knowledge is off. */
  readonly knowledge: KnowledgeBase | null;
  /** Interaction logs, metrics, live events and the HTTP server (observer.url). */
  readonly observer: Observer;
  stop(): Promise<void>;
}

/** What has started so far: stop() and a failed start take it down the same way, in this order. */
interface Started {
  observer: Observer;
  llm?: LlmService;
  embeddings?: Embedder;
  vectors?: Vectors;
  visualMemory?: VisualMemory | null;
  knowledge?: KnowledgeBase | null;
  affect?: AffectPort;
  people?: People;
  memory?: Memory | null;
  dialogue?: Dialogue;
  broker?: EmbeddedBroker | null;
  bus?: MqttBus | null;
}

async function shutdown(s: Started): Promise<void> {
  s.bus?.stopping();
  await s.dialogue?.turns.drain(true);
  // The visit in progress ends: remembered, and its end published, while memory and the bus still run.
  await s.dialogue?.close();
  // The last committed state is on disk before the process goes.
  if (s.affect instanceof AffectStore) await s.affect.flush();
  await s.people?.store.flush(); // queued profile writes land before exit
  await s.observer.stop(); // the last turn's log lines land too
  await s.llm?.stop();
  await s.bus?.stop();
  await s.broker?.close();
  await s.visualMemory?.close();
  // A summary in progress is abandoned; its conversation stays queued on disk.
  await s.memory?.stop();
  await s.knowledge?.close();
  await s.vectors?.stop();
  await s.embeddings?.close?.();
}

/**
 * Builds the daemon from its configuration, each part after what it uses: the shared parts
 * (health, clock, observer, the quiet gate), the stores, the models, memory and knowledge, the
 * bus (not connected yet), the dialogue on them, then the bus connects and HTTP serves.
 */
export async function startDaemon(options: DaemonOptions): Promise<Daemon> {
  const { config, log } = options;
  const health = new Health();
  const clock = options.clock ?? systemClock;
  // Before the language model: it reports every call to the interaction log.
  const observer = new Observer({ config, log, health });
  // Background work (conversation files, queued vector writes, summaries of farewells) waits for a pause in the turns.
  const quiet = new QuietGate({ quietMs: config.dialogue.quietMs });
  const s: Started = { observer };
  try {
    const stores = await openStores(s, config, clock, quiet, log, health);
    const models = await loadModels(s, config, log, health, options.observe);
    const recall = await openRecall(s, config, clock, quiet, stores, models, log, health);
    const bus = await createBus(s, config, options.mqtt, log, health);
    const perception = new BusPerception(bus, log);
    const camera = await openCamera(config, perception, options.mqtt, health);
    const search = startSearch(config, health, log);
    const graph = buildDialogueGraph(config);
    const ports = { config, clock, llm: models.llm, intent: models.intent, perception, visualMemory: stores.visualMemory, affect: stores.affect, embeddings: models.embeddings, vectors: stores.vectors.store, people: stores.people.port, memory: recall.memory, knowledge: recall.knowledge, camera, search };
    // On MQTT a speech stack reports start_speak/end_speak; the console has none.
    const dialogue = (s.dialogue = createDialogue({ ports, graph, log, health, speechFeedback: options.mqtt, quiet }));
    const forgetUser = registerForgetting(stores.people, dialogue, stores.visualMemory, recall.memory, observer, bus);
    if (bus) await connectBus(bus, dialogue, stores, forgetUser, config, log, health);
    // After the bus; a taken HTTP port stops the start-up like an unreachable broker would. The
    // console serves no HTTP: it would fight a running daemon for the port.
    await observer.start(observed(dialogue, bus, stores.affect, stores.vectors, clock, observer), { http: options.mqtt });

    log.info({ health: health.report().status, degraded: health.degraded(), prefix: config.mqtt.prefix }, 'daemon ready');
    let stopping: Promise<void> | null = null;
    return {
      config,
      dialogue,
      graph,
      health,
      llm: models.llm,
      bus,
      perception,
      affect: stores.affect,
      broker: s.broker ?? null,
      visualMemory: stores.visualMemory,
      embeddings: models.embeddings,
      vectors: stores.vectors,
      people: stores.people,
      memory: recall.memory,
      forgetUser,
      knowledge: recall.knowledge,
      observer,
      stop: () =>
        (stopping ??= (async () => {
          log.info('stopping');
          await shutdown(s);
        })()),
    };
  } catch (err) {
    await shutdown(s);
    throw err;
  }
}

/** The stores that need no model: vectors (ChromaDB starts in the background), visual memory, affect, people. */
async function openStores(s: Started, config: Config, clock: Clock, quiet: QuietGate, log: Logger, health: Health) {
  const vectors = (s.vectors = await startVectors({ config, log, health, quiet }));
  const visualMemory = (s.visualMemory = await startVisualMemory(config, log, health));
  const affect = (s.affect = await openAffect(config, clock, log, health));
  const people = (s.people = new People({ config, log, health, now: () => clock.now() }));
  people.start();
  return { vectors, visualMemory, affect, people };
}

/** The intent model, the language model (reporting each call to the observer), the embedder (chosen once). */
async function loadModels(s: Started, config: Config, log: Logger, health: Health, also?: LlmObserver) {
  const intent = await loadIntentModel(config, log, health);
  const observe: LlmObserver = (record) => {
    s.observer.modelCall(record);
    also?.(record);
  };
  const llm = (s.llm = await createLanguageModel({ config: config.llm, modelsDir: config.paths.models, log, health, observe }));
  const { embedder: embeddings } = await selectEmbedder({ config, ollama: llm, log, health });
  s.embeddings = embeddings;
  return { intent, llm, embeddings };
}

/** Knowledge (indexed in the background) and memory (farewells queued on disk, summarised and stored in the background). */
async function openRecall(
  s: Started,
  config: Config,
  clock: Clock,
  quiet: QuietGate,
  stores: Awaited<ReturnType<typeof openStores>>,
  models: Awaited<ReturnType<typeof loadModels>>,
  log: Logger,
  health: Health,
) {
  const knowledge = (s.knowledge = await startKnowledge({ config, embedder: models.embeddings, vectors: stores.vectors.store, log, health }));
  const memory = (s.memory = config.agents.memory
    ? new Memory({ config, vectors: stores.vectors.store, embedder: models.embeddings, llm: models.llm, log, health, now: () => clock.now(), quiet })
    : null);
  await memory?.start();
  return { knowledge, memory };
}

/** The camera is perception's: frames come over the bus (capture_current_view). */
async function openCamera(config: Config, perception: PerceptionPort, mqtt: boolean, health: Health): Promise<PerceptionCamera | null> {
  if (!config.agents.vision) return null;
  await cleanupFrames(framesDir(config), config.vision.keepFrames);
  if (mqtt) health.set('vision', 'ok', `frames from perception (capture_current_view) into ${framesDir(config)}`);
  else health.set('vision', 'degraded', 'no perception process (console without MQTT): asked to look, the robot says it cannot');
  return new PerceptionCamera(perception, framesDir(config), config.vision);
}

/** The MQTT bus (on the embedded broker unless mqtt.url names one), not connected yet; none for the console. */
async function createBus(s: Started, config: Config, mqtt: boolean, log: Logger, health: Health): Promise<MqttBus | null> {
  if (!mqtt) return null;
  let url = config.mqtt.url;
  let broker: EmbeddedBroker | null = null;
  if (!url) {
    broker = s.broker = await startEmbeddedBroker({ host: config.broker.host, port: config.broker.port, ...embeddedBrokerSecurity(config), log });
    url = broker.url;
  }
  return (s.bus = new MqttBus({
    url,
    prefix: config.mqtt.prefix,
    clientId: config.mqtt.clientId ?? defaultClientId(config.mqtt.prefix),
    // On the embedded broker, the daemon logs in like any other client.
    username: config.mqtt.username ?? (broker ? config.broker.username : null),
    password: config.mqtt.password ?? (broker ? config.broker.password : null),
    tls: broker && config.broker.tls.cert ? { ...config.mqtt.tls, ca: config.mqtt.tls.ca ?? config.broker.tls.cert } : config.mqtt.tls,
    limits: { maxPayloadBytes: config.mqtt.maxPayloadBytes, maxTextChars: config.dialogue.maxUtteranceChars },
    connectTimeoutMs: config.mqtt.connectTimeoutMs,
    reconnect: config.mqtt.reconnect,
    outgoingDir: path.join(config.paths.data, 'mqtt', 'outgoing'),
    maxDelayMs: config.speech.maxDelayMs,
    log,
    health,
  }));
}

/** The MQTT contract, wired to the dialogue, then the connection. */
async function connectBus(
  bus: MqttBus,
  dialogue: Dialogue,
  stores: Awaited<ReturnType<typeof openStores>>,
  forgetUser: (userId: string) => Promise<ForgetReport>,
  config: Config,
  log: Logger,
  health: Health,
): Promise<void> {
  wireBus(bus, dialogue, health, log, config, stores.people);
  if (stores.visualMemory) wireVisualMemory(bus, stores.visualMemory);
  wirePeople(bus, dialogue, stores.people, forgetUser, log);
  await bus.start();
}

/** Forget-me reaches every store of personal data; returns forget-me itself. */
function registerForgetting(people: People, dialogue: Dialogue, visualMemory: VisualMemory | null, memory: Memory | null, observer: Observer, bus: MqttBus | null) {
  people.forgetting.register({ name: 'conversations', forget: (id) => dialogue.forget(id), traces: (id) => dialogue.mentions(id) });
  if (visualMemory) people.forgetting.register({ name: 'visual memory', forget: (id) => visualMemory.forget(id), traces: (id) => visualMemory.holds(id) });
  if (memory) people.forgetting.register({ name: 'episodic memory', forget: (id) => memory.forget(id), traces: (id) => memory.traces(id) });
  people.forgetting.register({ name: 'interaction logs', forget: (id) => observer.forget(id), traces: (id) => observer.traces(id) });
  if (bus) people.forgetting.register({ name: 'MQTT outgoing queue', forget: (id) => bus.forgetQueued(id), traces: (id) => bus.queuedFor(id) });
  return async (userId: string): Promise<ForgetReport> => {
    await dialogue.turns.drain(); // a running turn could otherwise save the profile again after deletion
    return people.forgetting.forget(userId);
  };
}

/** What the observer follows: the turns, the sessions, perception's reports, the mood, the outbox. */
function observed(dialogue: Dialogue, bus: MqttBus | null, affect: AffectPort, vectors: Vectors, clock: Clock, observer: Observer): ObservedDaemon {
  const { turns, presence, handoff } = dialogue;
  handoff.on('session', (event) => {
    if (event.event === 'start') observer.sessionStarted(event.session_id, { user_id: event.user_id });
    else observer.sessionEnded(event.session_id, event.reason);
  });
  return {
    onTurnStart: (listener) => turns.on('turn_start', listener),
    onTurn: (listener) => turns.on('turn', listener),
    onPresence: (listener) => bus?.on('user_detected', (d) => listener({ user_id: d.user_id, user_name: d.user_name, confidence: d.confidence })),
    presence: () => ({ user_id: presence.user.user_id, user_name: presence.user.user_name }),
    affect: () => affect.current(clock.now()),
    outboxPending: () => vectors.store.status().pending,
  };
}

function embeddedBrokerSecurity({ broker }: Config) {
  const { username, password, tls } = broker;
  return {
    credentials: username !== null && password !== null ? { username, password } : null,
    tls: tls.key !== null && tls.cert !== null ? { key: tls.key, cert: tls.cert } : null,
  };
}

/** The robot's affect, kept under paths.data; in memory only when the affect agent is off (nothing to keep). */
async function openAffect(config: Config, clock: Clock, log: Logger, health: Health): Promise<AffectPort> {
  const params = affectParams(config.affect);
  if (!config.agents.affect) return new VolatileAffect(params);
  return AffectStore.open({ file: path.join(config.paths.data, 'affect', 'state.json'), params, now: clock.now(), log, health });
}

async function loadIntentModel(config: Config, log: Logger, health: Health): Promise<IntentClassifier | null> {
  const dir = path.join(config.paths.models, 'intent');
  try {
    const classifier = await OnnxIntentClassifier.load(dir);
    health.set('intent_model', 'ok', `${dir} (held-out accuracy ${classifier.meta.metrics.heldout.accuracy})`);
    return classifier;
  } catch (err) {
    const detail = `${(err as Error).message}; run "npm run train:intent". The language model classifies instead, or every utterance counts as conversation`;
    log.error({ err: (err as Error).message }, 'intent model unavailable');
    health.set('intent_model', 'degraded', detail);
    return null;
  }
}
