import { existsSync } from 'node:fs';
import path from 'node:path';
import { affectParams, AffectStore, VolatileAffect, type AffectPort } from './affect/index.js';
import { AlertDesk } from './alerts/index.js';
import { defaultClientId, MqttBus, startEmbeddedBroker, type EmbeddedBroker, type ForgetReport } from './bus/index.js';
import type { Config } from './config/index.js';
import { buildDialogueGraph, createDialogue, systemClock, type Clock, type Dialogue, type DialogueGraph, type PerceptionPort } from './dialogue/index.js';
import { selectEmbedder, type Embedder } from './embeddings/index.js';
import { Health } from './health/index.js';
import { assertIntentModelFresh, OnnxIntentClassifier, RETRAIN_COMMAND, type IntentClassifier } from './intent/index.js';
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
import { BusPerception, wireAlertDesk, wireAlertsBus, wireBus, wirePeople, wireVisualMemory } from './wiring.js';

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
  /** The staff desk (alerts); null when agents.alerts is off. */
  readonly alerts: AlertDesk | null;
  /** Interaction logs, metrics, live events and the HTTP server (observer.url). */
  readonly observer: Observer;
  stop(): Promise<void>;
}

/** Builds the daemon from its configuration: models and ports first, then the dialogue, then the bus. */
export async function startDaemon(options: DaemonOptions): Promise<Daemon> {
  const { config, log } = options;
  const health = new Health();
  const clock = options.clock ?? systemClock;
  // Before the language model: it reports every call to the interaction log.
  const observer = new Observer({ config, log, health });

  // What has started so far; stop() and a failed start take it down the same way.
  let llm: LlmService | null = null;
  let embeddings: Embedder | null = null;
  let vectors: Vectors | null = null;
  let visualMemory: VisualMemory | null = null;
  let knowledge: KnowledgeBase | null = null;
  let affect: AffectPort | null = null;
  let people: People | null = null;
  let memory: Memory | null = null;
  let dialogue: Dialogue | null = null;
  let broker: EmbeddedBroker | null = null;
  let bus: MqttBus | null = null;
  let alerts: AlertDesk | null = null;
  const shutdown = async () => {
    alerts?.close();
    bus?.stopping();
    await dialogue?.turns.drain(true);
    // The visit in progress ends: remembered, and its end published, while memory and the bus still run.
    await dialogue?.close();
    // The last committed state is on disk before the process goes.
    if (affect instanceof AffectStore) await affect.flush();
    await people?.store.flush(); // queued profile writes land before exit
    await observer.stop(); // the last turn's log lines land too
    await llm?.stop();
    await bus?.stop();
    await broker?.close();
    await visualMemory?.close();
    // A summary in progress is abandoned; its conversation stays queued on disk.
    await memory?.stop();
    await knowledge?.close();
    await vectors?.stop();
    await embeddings?.close?.();
  };
  // Background work (applying queued vector writes, summarising farewells) waits for a pause in the turns.
  const idle = () => dialogue?.turns.whenQuiet() ?? Promise.resolve();

  try {
    const intent = await loadIntentModel(config, log, health);
    const observe: LlmObserver = (record) => {
      observer.modelCall(record);
      options.observe?.(record);
    };
    llm = await createLanguageModel({ config: config.llm, modelsDir: config.paths.models, log, health, observe });
    // The embedder is chosen once; ChromaDB starts in the background.
    ({ embedder: embeddings } = await selectEmbedder({ config, ollama: llm, log, health }));
    vectors = await startVectors({ config, log, health, idle });
    visualMemory = await startVisualMemory(config, log, health);
    const perception = new BusPerception(log, observer.perceptionSent);
    // The knowledge index is built in the background.
    knowledge = await startKnowledge({ config, embedder: embeddings, vectors: vectors.store, log, health });
    const camera = config.agents.vision ? new PerceptionCamera(perception, framesDir(config), config.vision) : null;
    if (camera) {
      await cleanupFrames(framesDir(config), config.vision.keepFrames);
      if (options.mqtt) health.set('vision', 'ok', `frames from perception (capture_current_view) into ${framesDir(config)}`);
      else health.set('vision', 'degraded', 'no perception process (console without MQTT): asked to look, the robot says it cannot');
    }
    const search = startSearch(config, health, log);
    affect = await openAffect(config, clock, log, health);
    people = new People({ config, log, health, now: () => clock.now() });
    people.start();
    // Farewells queued on disk, summarised and stored in the background.
    memory = config.agents.memory ? new Memory({ config, vectors: vectors.store, embedder: embeddings, llm, log, health, now: () => clock.now(), idle }) : null;
    await memory?.start();
    const graph = buildDialogueGraph(config);
    alerts = config.agents.alerts ? new AlertDesk({ config: config.alerts, log, now: () => clock.now() }) : null;
    const ports = { config, clock, llm, intent, perception, visualMemory, affect, embeddings, vectors: vectors.store, people: people.port, memory, knowledge, camera, search, alerts };
    // On MQTT a speech stack reports start_speak/end_speak; the console has none.
    const { sessions, turns } = (dialogue = createDialogue({ ports, graph, log, health, speechFeedback: options.mqtt }));
    registerForgetting(people, sessions, visualMemory, memory);
    if (alerts) {
      const desk = alerts;
      wireAlertDesk(desk, dialogue);
      people.forgetting.register({ name: 'alerts', forget: async (id) => desk.forget(id), traces: async (id) => desk.traces(id) });
    }
    people.forgetting.register({ name: 'interaction logs', forget: (id) => observer.forget(id), traces: (id) => observer.traces(id) });
    const forgetUser = async (userId: string) => {
      await turns.drain(); // a running turn could otherwise save the profile again after deletion
      return people!.forgetting.forget(userId);
    };

    if (options.mqtt) {
      let url = config.mqtt.url;
      if (!url) {
        broker = await startEmbeddedBroker({ host: config.broker.host, port: config.broker.port, ...embeddedBrokerSecurity(config), log });
        url = broker.url;
      }
      bus = new MqttBus({
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
        maxSpeechAgeMs: config.mqtt.maxSpeechAgeMs,
        log,
        health,
      });
      const queued = bus;
      people.forgetting.register({ name: 'MQTT outgoing queue', forget: (id) => queued.forgetQueued(id), traces: (id) => queued.queuedFor(id) });
      perception.attach(bus);
      wireBus(bus, dialogue, health, log, config, people);
      if (visualMemory) wireVisualMemory(bus, visualMemory);
      if (alerts) wireAlertsBus(bus, alerts, log);
      wirePeople(bus, dialogue, people, forgetUser, log, observer.detected);
      await bus.start();
    }
    // After the bus; a taken HTTP port stops the start-up like an unreachable broker would. The
    // console serves no HTTP: it would fight a running daemon for the port.
    await observer.start(observed(dialogue, bus, affect, vectors, clock, observer, alerts), { http: options.mqtt });

    const report = health.report();
    log.info({ health: report.status, degraded: health.degraded(), prefix: config.mqtt.prefix }, 'daemon ready');
    let stopping: Promise<void> | null = null;
    return {
      config,
      dialogue,
      graph,
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
      alerts,
      observer,
      stop: () =>
        (stopping ??= (async () => {
          log.info('stopping');
          await shutdown();
        })()),
    };
  } catch (err) {
    await shutdown();
    throw err;
  }
}

/** Forget-me reaches every store of personal data. */
function registerForgetting(people: People, sessions: Dialogue['sessions'], visualMemory: VisualMemory | null, memory: Memory | null): void {
  people.forgetting.register({ name: 'conversations', forget: (id) => sessions.forget(id), traces: (id) => sessions.mentions(id) });
  if (visualMemory) people.forgetting.register({ name: 'visual memory', forget: (id) => visualMemory.forget(id), traces: (id) => visualMemory.holds(id) });
  if (memory) people.forgetting.register({ name: 'episodic memory', forget: (id) => memory.forget(id), traces: (id) => memory.traces(id) });
}

/** What the observer follows: the turns, the sessions, perception's reports, the mood, the outbox. */
function observed(dialogue: Dialogue, bus: MqttBus | null, affect: AffectPort, vectors: Vectors, clock: Clock, observer: Observer, alerts: AlertDesk | null): ObservedDaemon {
  const { turns, sessions } = dialogue;
  sessions.on('session', (event) => {
    if (event.event === 'start') observer.sessionStarted(event.session_id, { user_id: event.user_id });
    else observer.sessionEnded(event.session_id, event.reason);
  });
  return {
    onTurnStart: (listener) => turns.on('turn_start', listener),
    onTurn: (listener) => turns.on('turn', listener),
    onPresence: (listener) => bus?.on('user_detected', (d) => listener({ user_id: d.user_id, user_name: d.user_name, confidence: d.confidence })),
    presence: () => ({ user_id: sessions.user.user_id, user_name: sessions.user.user_name }),
    affect: () => affect.current(clock.now()),
    outboxPending: () => vectors.store.status().pending,
    ...(alerts && {
      alerts: {
        list: () => alerts.list(),
        onAlert: (listener) => alerts.on('alert', listener),
        onAcknowledged: (listener) => alerts.on('acknowledged', listener),
        // Staff at the dashboard: the robot hears it at once, and every other console over MQTT.
        acknowledge: (ack) => {
          const known = alerts.acknowledge(ack);
          if (known && bus) void bus.publish('alert_ack', ack);
          return known;
        },
      },
    }),
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
    // Beside its corpus (a checkout), a model older than the corpus is refused: it would answer for a corpus that is gone.
    if (existsSync(path.join(dir, 'corpus'))) assertIntentModelFresh(dir, path.join(dir, 'corpus'));
    const classifier = await OnnxIntentClassifier.load(dir);
    const { heldout, validation } = classifier.meta.metrics;
    const figures = heldout ? `held-out accuracy ${heldout.accuracy} on ${heldout.n}` : `validation accuracy ${validation.accuracy}`;
    health.set('intent_model', 'ok', `${dir} (${figures})`);
    return classifier;
  } catch (err) {
    const message = (err as Error).message;
    const detail = `${message}${message.includes(RETRAIN_COMMAND) ? '' : `; run "${RETRAIN_COMMAND}"`}. The language model classifies instead, or every utterance counts as conversation`;
    log.error({ err: message }, 'intent model unavailable');
    health.set('intent_model', 'degraded', detail);
    return null;
  }
}
