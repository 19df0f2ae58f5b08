import { existsSync } from 'node:fs';
import path from 'node:path';
import { affectParams, AffectStore, VolatileAffect, type AffectPort } from './affect/index.js';
import type { AlertDesk } from './alerts/index.js';
import { defaultClientId, MqttBus, startEmbeddedBroker, type EmbeddedBroker } from './bus/index.js';
import type { Config } from './config/index.js';
import type { Clock, Dialogue, PerceptionPort, QuietGate } from './dialogue/index.js';
import { selectEmbedder, type Embedder } from './embeddings/index.js';
import type { Health } from './health/index.js';
import { assertIntentModelFresh, OnnxIntentClassifier, RETRAIN_COMMAND, type IntentClassifier } from './intent/index.js';
import { startKnowledge, type KnowledgeBase } from './knowledge/index.js';
import { createLanguageModel, type LlmObserver, type LlmService } from './llm/index.js';
import type { Logger } from './log/index.js';
import { Memory } from './memory/index.js';
import type { Observer } from './observe/index.js';
import { People } from './people/index.js';
import type { ModelShelf } from './shared-models.js';
import { startVectors, type Vectors } from './vectors/index.js';
import { cleanupFrames, framesDir, PerceptionCamera } from './vision/index.js';
import { startVisualMemory, type VisualMemory } from './visual-memory/index.js';

/**
 * The steps of the daemon's start (see startDaemon), each short, each recording what it started
 * so that a failed start, and stop(), take down exactly that.
 */

/** What has started so far: stop() and a failed start take it down the same way, in this order. */
export interface Started {
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
  alerts?: AlertDesk | null;
}

export async function shutdown(s: Started): Promise<void> {
  s.alerts?.close();
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

/** The stores that need no model: vectors (ChromaDB starts in the background), visual memory, affect, people. */
export async function openStores(s: Started, config: Config, clock: Clock, quiet: QuietGate, log: Logger, health: Health) {
  const vectors = (s.vectors = await startVectors({ config, log, health, quiet }));
  const visualMemory = (s.visualMemory = await startVisualMemory(config, log, health));
  const affect = (s.affect = await openAffect(config, clock, log, health));
  const people = (s.people = new People({ config, log, health, now: () => clock.now() }));
  people.start();
  return { vectors, visualMemory, affect, people };
}

/** The intent model, the language model (reporting each call to the observer), the embedder (chosen once). */
export async function loadModels(s: Started, config: Config, log: Logger, health: Health, also?: LlmObserver, shelf?: ModelShelf) {
  const intent = await loadIntentModel(config, log, health, shelf);
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
export async function openRecall(
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
export async function openCamera(config: Config, perception: PerceptionPort, mqtt: boolean, health: Health): Promise<PerceptionCamera | null> {
  if (!config.agents.vision) return null;
  await cleanupFrames(framesDir(config), config.vision.keepFrames);
  if (mqtt) health.set('vision', 'ok', `frames from perception (capture_current_view) into ${framesDir(config)}`);
  else health.set('vision', 'degraded', 'no perception process (console without MQTT): asked to look, the robot says it cannot');
  return new PerceptionCamera(perception, framesDir(config), config.vision);
}

/** The MQTT bus (on the embedded broker unless mqtt.url names one), not connected yet; none for the console. */
export async function createBus(s: Started, config: Config, mqtt: boolean, log: Logger, health: Health): Promise<MqttBus | null> {
  if (!mqtt) return null;
  let url = config.mqtt.url;
  let broker: EmbeddedBroker | null = null;
  if (!url) {
    broker = s.broker = await startEmbeddedBroker({ host: config.broker.host, port: config.broker.port, ...embeddedBrokerSecurity(config), log });
    url = broker.url;
  }
  return (s.bus = new MqttBus({
    url,
    link: broker ? () => broker.link() : null,
    publishInProcess: broker ? (message, done) => broker.publish(message, done) : null,
    subscribeInProcess: broker ? (topics, deliver) => broker.subscribe(topics, deliver) : null,
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
  }));
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

async function loadIntentModel(config: Config, log: Logger, health: Health, shelf?: ModelShelf): Promise<IntentClassifier | null> {
  const dir = path.join(config.paths.models, 'intent');
  try {
    // Beside its corpus (a checkout), a model older than the corpus is refused: it would answer for a corpus that is gone.
    if (existsSync(path.join(dir, 'corpus'))) assertIntentModelFresh(dir, path.join(dir, 'corpus'));
    const load = (from: string) => OnnxIntentClassifier.load(from);
    const classifier = await (shelf ? shelf.intent(dir, load) : load(dir));
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
