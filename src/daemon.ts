import path from 'node:path';
import { affectParams, AffectStore, VolatileAffect, type AffectPort } from './affect/index.js';
import { MqttBus, startEmbeddedBroker, type EmbeddedBroker, type ForgetReport } from './bus/index.js';
import type { Config } from './config/index.js';
import { Brain, buildDialogueGraph, systemClock, type Clock, type PerceptionPort } from './dialogue/index.js';
import { selectEmbedder, type Embedder } from './embeddings/index.js';
import { Health } from './health/index.js';
import { OnnxIntentClassifier, type IntentClassifier } from './intent/index.js';
import { OllamaLanguageModel } from './llm/index.js';
import type { Logger } from './log/index.js';
import { startVisualMemory, type VisualMemory } from './visual-memory/index.js';
import { startKnowledge, type KnowledgeBase } from './knowledge/index.js';
import { startSearch } from './search/index.js';
import { cleanupFrames, framesDir, PerceptionCamera } from './vision/index.js';
import { startVectors, type Vectors } from './vectors/index.js';
import { People } from './people/index.js';
import { Memory } from './memory/index.js';
import { BusPerception, wireBus, wirePeople, wireVisualMemory } from './wiring.js';

export interface DaemonOptions {
  config: Config;
  log: Logger;
  /** False for the console: the same brain, no broker and no bus. */
  mqtt: boolean;
  clock?: Clock;
}

export interface Daemon {
  readonly config: Config;
  readonly brain: Brain;
  readonly health: Health;
  readonly llm: OllamaLanguageModel;
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
  stop(): Promise<void>;
}

/** Builds the daemon from its configuration: models and ports first, then the brain, then the bus. */
export async function startDaemon(options: DaemonOptions): Promise<Daemon> {
  const { config, log } = options;
  const health = new Health();

  const intent = await loadIntentModel(config, log, health);
  const llm = new OllamaLanguageModel({ config: config.llm, log, health });
  await llm.start();
  // The embedder is chosen once; ChromaDB starts in the background.
  const { embedder: embeddings } = await selectEmbedder({ config, ollama: llm, log, health });
  // Background work (applying queued vector writes, summarising farewells) waits for the turns:
  // the brain is made further down, after the stores it uses.
  let brain: Brain | null = null;
  const idle = () => brain?.whenIdle() ?? Promise.resolve();
  const vectors = await startVectors({ config, log, health, idle });

  const visualMemory = await startVisualMemory(config, log, health);

  const perception = new BusPerception(log);
  const clock = options.clock ?? systemClock;
  // The knowledge index is built in the background.
  const knowledge = await startKnowledge({ config, embedder: embeddings, vectors: vectors.store, log, health });
  const camera = config.agents.vision ? new PerceptionCamera(perception, framesDir(config), config.vision) : null;
  if (camera) {
    await cleanupFrames(framesDir(config), config.vision.keepFrames);
    if (options.mqtt) health.set('vision', 'ok', `frames from perception (capture_current_view) into ${framesDir(config)}`);
    else health.set('vision', 'degraded', 'no perception process (console without MQTT): asked to look, the robot says it cannot');
  }
  const search = startSearch(config, health, log);
  const affect = await openAffect(config, clock, log, health);
  const people = new People({ config, log, health, now: () => clock.now() });
  people.start();
  // Farewells queued on disk, summarised and stored in the background.
  const memory = config.agents.memory ? new Memory({ config, vectors: vectors.store, embedder: embeddings, llm, log, health, now: () => clock.now(), idle }) : null;
  await memory?.start();
  brain = new Brain({
    ports: { config, clock, llm, intent, perception, visualMemory, affect, embeddings, vectors: vectors.store, people: people.port, memory, knowledge, camera, search },
    graph: buildDialogueGraph(config),
    log,
    health,
    // On MQTT a speech stack reports start_speak/end_speak; the console has none.
    speechFeedback: options.mqtt,
  });
  // Forget-me reaches every store of personal data.
  people.forgetting.register({ name: 'conversations', forget: (id) => brain.forget(id), traces: (id) => brain.mentions(id) });
  if (visualMemory) people.forgetting.register({ name: 'visual memory', forget: (id) => visualMemory.forget(id), traces: (id) => visualMemory.holds(id) });
  if (memory) people.forgetting.register({ name: 'episodic memory', forget: (id) => memory.forget(id), traces: (id) => memory.traces(id) });
  const forgetUser = async (userId: string) => {
    await brain.drain(); // a running turn could otherwise save the profile again after deletion
    return people.forgetting.forget(userId);
  };

  let broker: EmbeddedBroker | null = null;
  let bus: MqttBus | null = null;
  try {
    if (options.mqtt) {
      let url = config.mqtt.url;
      if (!url) {
        broker = await startEmbeddedBroker({ host: config.broker.host, port: config.broker.port, ...embeddedBrokerSecurity(config), log });
        url = broker.url;
      }
      bus = new MqttBus({
        url,
        prefix: config.mqtt.prefix,
        clientId: config.mqtt.clientId,
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
      });
      const queued = bus;
      people.forgetting.register({ name: 'MQTT outgoing queue', forget: (id) => queued.forgetQueued(id), traces: (id) => queued.queuedFor(id) });
      perception.attach(bus);
      wireBus(bus, brain, health, log, config);
      if (visualMemory) wireVisualMemory(bus, visualMemory);
      wirePeople(bus, brain, people, forgetUser, log);
      await bus.start();
    }
  } catch (err) {
    llm.stop();
    await bus?.stop();
    await broker?.close();
    await visualMemory?.close();
    await memory?.stop();
    await knowledge?.close();
    await vectors.stop();
    await embeddings.close();
    throw err;
  }

  const report = health.report();
  log.info({ health: report.status, degraded: health.degraded(), prefix: config.mqtt.prefix }, 'daemon ready');

  let stopping: Promise<void> | null = null;
  return {
    config,
    brain,
    health,
    llm,
    bus,
    perception,
    affect,
    broker,
    visualMemory,
    embeddings,
    vectors,
    people,
    memory,
    forgetUser,
    knowledge,
    stop: () =>
      (stopping ??= (async () => {
        log.info('stopping');
        await brain.drain(true);
        // The last committed state is on disk before the process goes.
        if (affect instanceof AffectStore) await affect.flush();
        await people.store.flush(); // queued profile writes land before exit
        llm.stop();
        await bus?.stop();
        await broker?.close();
        await visualMemory?.close();
        // A summary in progress is abandoned; its conversation stays queued on disk.
        await memory?.stop();
        await knowledge?.close();
        await vectors.stop();
        await embeddings.close();
      })()),
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
