import type { AffectPort } from './affect/index.js';
import { AlertDesk } from './alerts/index.js';
import type { EmbeddedBroker, ForgetReport, MqttBus } from './bus/index.js';
import type { Config } from './config/index.js';
import { buildDialogueGraph, createDialogue, QuietGate, systemClock, warmUp, type Clock, type DaemonPorts, type Dialogue, type DialogueGraph, type PerceptionPort } from './dialogue/index.js';
import type { Embedder } from './embeddings/index.js';
import { Health } from './health/index.js';
import type { LlmObserver, LlmService } from './llm/index.js';
import type { Logger } from './log/index.js';
import type { KnowledgeBase } from './knowledge/index.js';
import type { Memory } from './memory/index.js';
import { Observer, type ObservedDaemon } from './observe/index.js';
import type { People } from './people/index.js';
import type { ModelShelf } from './shared-models.js';
import { startSearch } from './search/index.js';
import type { Vectors } from './vectors/index.js';
import type { VisualMemory } from './visual-memory/index.js';
import { createBus, loadModels, openCamera, openRecall, openStores, shutdown, type Started } from './daemon-steps.js';
import { BusPerception, publishAlerts, publishDialogue } from './outlets.js';
import { wireAlertDesk, wireAlertsBus, wireBus, wirePeople, wireVisualMemory } from './wiring.js';

export interface DaemonOptions {
  config: Config;
  log: Logger;
  /** False for the console: the same dialogue, no broker and no bus. */
  mqtt: boolean;
  clock?: Clock;
  /** Also receives every language model call (besides the interaction log). */
  observe?: LlmObserver;
  /** Models already loaded by another daemon of this process (the eval's, one per visit; see ModelShelf). */
  shelf?: ModelShelf;
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
    const models = await loadModels(s, config, log, health, options.observe, options.shelf);
    const recall = await openRecall(s, config, clock, quiet, stores, models, log, health);
    const bus = await createBus(s, config, options.mqtt, log, health);
    const perception = new BusPerception(bus, log, observer.perceptionSent);
    const camera = await openCamera(config, perception, options.mqtt, health);
    const search = startSearch(config, health, log);
    const graph = buildDialogueGraph(config);
    const alerts = (s.alerts = config.agents.alerts ? new AlertDesk({ config: config.alerts, log, now: () => clock.now() }) : null);
    const ports = { config, clock, llm: models.llm, intent: models.intent, perception, visualMemory: stores.visualMemory, affect: stores.affect, embeddings: models.embeddings, vectors: stores.vectors.store, people: stores.people.port, memory: recall.memory, knowledge: recall.knowledge, camera, search, alerts };
    // On MQTT a speech stack reports start_speak/end_speak; the console has none.
    const dialogue = (s.dialogue = createDialogue({ ports, graph, log, health, speechFeedback: options.mqtt, quiet }));
    // A replayed visit answers each call from the recorded turn it lines up with.
    dialogue.turns.on('turn_start', (start) => models.llm.turnStarted(start));
    // Before the bus connects: the first visitor's turn must not pay for first runs (see warmUp).
    if (config.dialogue.warmUp) await warmUpBounded(ports, log, graph);
    const forgetUser = registerForgetting(stores.people, dialogue, stores.visualMemory, recall.memory, observer, bus, alerts);
    if (alerts) wireAlertDesk(alerts, dialogue);
    // Before the bus says the robot is online: the first visitor's turn is logged like any other, and
    // does not share the cores with the HTTP server's start (120 ms of CPU on a loaded 2-core
    // machine). A taken HTTP port stops the start-up like an unreachable broker would. The console
    // serves no HTTP: it would fight a running daemon for the port.
    await observer.start(observed(dialogue, bus, stores.affect, stores.vectors, clock, observer, alerts), { http: options.mqtt });
    if (bus) await connectBus(bus, dialogue, stores, forgetUser, alerts, observer, config, log, health);

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
      alerts,
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

/** The MQTT contract: what comes in wired to the dialogue, what it says published; then the connection. */
async function connectBus(
  bus: MqttBus,
  dialogue: Dialogue,
  stores: Awaited<ReturnType<typeof openStores>>,
  forgetUser: (userId: string) => Promise<ForgetReport>,
  alerts: AlertDesk | null,
  observer: Observer,
  config: Config,
  log: Logger,
  health: Health,
): Promise<void> {
  wireBus(bus, dialogue, health, log, config, stores.people);
  publishDialogue(bus, dialogue, config, health);
  if (stores.visualMemory) wireVisualMemory(bus, stores.visualMemory);
  if (alerts) {
    wireAlertsBus(bus, alerts, log);
    publishAlerts(bus, alerts);
  }
  wirePeople(bus, dialogue, stores.people, forgetUser, log, observer.detected);
  await bus.start();
}

/** Forget-me reaches every store of personal data; returns forget-me itself. */
function registerForgetting(people: People, dialogue: Dialogue, visualMemory: VisualMemory | null, memory: Memory | null, observer: Observer, bus: MqttBus | null, alerts: AlertDesk | null) {
  people.forgetting.register({ name: 'conversations', forget: (id) => dialogue.forget(id), traces: (id) => dialogue.mentions(id) });
  if (visualMemory) people.forgetting.register({ name: 'visual memory', forget: (id) => visualMemory.forget(id), traces: (id) => visualMemory.holds(id) });
  if (memory) people.forgetting.register({ name: 'episodic memory', forget: (id) => memory.forget(id), traces: (id) => memory.traces(id) });
  people.forgetting.register({ name: 'interaction logs', forget: (id) => observer.forget(id), traces: (id) => observer.traces(id) });
  if (alerts) people.forgetting.register({ name: 'alerts', forget: async (id) => alerts.forget(id), traces: async (id) => alerts.traces(id) });
  if (bus) people.forgetting.register({ name: 'MQTT outgoing queue', forget: (id) => bus.forgetQueued(id), traces: (id) => bus.queuedFor(id) });
  return async (userId: string): Promise<ForgetReport> => {
    await dialogue.turns.drain(); // a running turn could otherwise save the profile again after deletion
    return people.forgetting.forget(userId);
  };
}

/** What the observer follows: the turns, the sessions, perception's reports, the mood, the outbox. */
function observed(dialogue: Dialogue, bus: MqttBus | null, affect: AffectPort, vectors: Vectors, clock: Clock, observer: Observer, alerts: AlertDesk | null): ObservedDaemon {
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

/** Warm-up longer than this (a slow model server behind the embedder) goes on beside the start. */
// The warm-up turns took 1-3 s on a loaded 2-core machine (6 s at a load of 16): the first
// visitor would otherwise share the cores with them.
const WARM_UP_WAIT_MS = 15_000;

/** The warm-up, waited for up to WARM_UP_WAIT_MS; it never fails the start (each step logs its own failure). */
async function warmUpBounded(ports: DaemonPorts, log: Logger, graph: DialogueGraph): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), WARM_UP_WAIT_MS)));
  const warm = warmUp(ports, log, graph).catch((err: unknown) => log.warn({ err: (err as Error).message }, 'warm-up failed'));
  if ((await Promise.race([warm, late])) === 'late') log.warn({ waitedMs: WARM_UP_WAIT_MS }, 'warm-up still running; the daemon starts beside it');
  clearTimeout(timer);
}
