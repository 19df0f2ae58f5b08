import type { MqttClient } from 'mqtt';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import { decodeInbound, type DecodeLimits } from './decode.js';
import { InboundGate, type Delivery } from './inbound-gate.js';
import { CAUGHT_UP_TOPIC, inbound, type InboundKey, type InboundPayload } from './topics.js';

export type Handler<K extends InboundKey> = (payload: InboundPayload<K>) => void | Promise<void>;

/** The embedded broker's subscriptions in the process (EmbeddedBroker.subscribe). */
export type SubscribeInProcess = (topics: string[], deliver: (topic: string, payload: Buffer) => void) => Promise<() => Promise<void>>;

export interface InboundRouterOptions {
  prefix: string;
  /** The full topic name of a key (with the prefix, or another protocol's own). */
  topic(key: InboundKey): string;
  limits: DecodeLimits;
  maxSpeechAgeMs: number;
  keepaliveMs: number;
  /** How long a catch-up waits for its marker before taking messages as live (mqtt.connectTimeoutMs). */
  catchUpLimitMs: number;
  log: Logger;
  health: Health;
}

/**
 * The inbound half of the bus: what the daemon subscribes to, and the path of every message to
 * its handlers, one way: the payload is decoded and validated, the gate (InboundGate) says what
 * passes (not a redelivery, valid, not too late; bad ones logged, counted and dropped), then
 * handlers run.
 */
export class InboundRouter {
  readonly #o: InboundRouterOptions;
  readonly #handlers = new Map<InboundKey, Handler<InboundKey>[]>();
  readonly #topicToKey = new Map<string, InboundKey>();
  readonly #gate: InboundGate;
  readonly #caughtUpTopic: string;
  #catchUpTimer: NodeJS.Timeout | null = null;
  /** Ends the in-process subscriptions; null: the topics are subscribed through the client. */
  #inProcess: (() => Promise<void>) | null = null;

  constructor(options: InboundRouterOptions) {
    this.#o = options;
    for (const key of Object.keys(inbound) as InboundKey[]) this.#topicToKey.set(options.topic(key), key);
    this.#caughtUpTopic = `${options.prefix}${CAUGHT_UP_TOPIC}`;
    this.#gate = new InboundGate({
      maxSpeechAgeMs: options.maxSpeechAgeMs,
      keepaliveMs: options.keepaliveMs,
      log: options.log,
      health: options.health,
    });
    // zod compiles a schema's parser on its first use (1-2 ms in the first visitor's first turn
    // on the bench): an utterance is decoded once now, and dropped.
    decodeInbound('user_speech', Buffer.from('{"text": "Hello!"}'), options.limits);
  }

  on<K extends InboundKey>(key: K, handler: Handler<K>): void {
    const list = this.#handlers.get(key) ?? [];
    list.push(handler as Handler<InboundKey>);
    this.#handlers.set(key, list);
  }

  /** Listens to a new client before it connects: a resumed session's backlog follows the CONNACK at once. */
  attach(client: MqttClient): void {
    client.on('packetreceive', () => this.#gate.heard());
    client.on('message', (topic, payload, packet) => this.#dispatch(topic, payload, packet.qos > 0 ? packet.messageId : undefined, packet.dup));
  }

  /**
   * The embedded broker's route in the process: the handled topics are subscribed there, once,
   * for the broker's life, and not through the client. Nothing on it is redelivered, and no
   * backlog builds up behind a lost link: every message is live. Handlers are added before.
   */
  async attachInProcess(subscribe: SubscribeInProcess): Promise<void> {
    this.#gate.connected(false);
    this.#inProcess = await subscribe(this.#topics(true), (topic, payload) => {
      this.#gate.heard();
      this.#dispatch(topic, payload, undefined, false);
    });
  }

  /** The in-process subscriptions end (the bus stops): nothing more reaches a handler. */
  async detach(): Promise<void> {
    const end = this.#inProcess;
    this.#inProcess = null;
    await end?.();
  }

  /**
   * Subscribes on every connection, a resumed session too: it may lack a topic this run handles
   * (an optional module switched on since). QoS 1, so that the broker keeps messages for the
   * session. A resumed session starts a catch-up of what the broker kept.
   */
  connected(client: MqttClient, resumed: boolean, subscribed: (err: Error | null) => void): void {
    // A session from a run with that module on would otherwise keep collecting its messages (and
    // on the in-process route, the client subscribes to none of them).
    const unwanted = this.#inProcess ? [...this.#topicToKey.keys()] : this.#topics(false);
    if (resumed && unwanted.length) client.unsubscribe(unwanted);
    if (this.#inProcess) return subscribed(null);
    const wanted = Object.fromEntries([...this.#topics(true), this.#caughtUpTopic].map((t) => [t, { qos: 1 as const }]));
    client.subscribe(wanted, (err) => subscribed(err ?? null));
    const marker = this.#gate.connected(resumed);
    if (marker) this.#catchUp(client, marker);
  }

  /** The inbound topics handled (true) or not (false) this run: optional ones (e.g. Hermes) only when a module handles them. */
  #topics(handled: boolean): string[] {
    const isHandled = (key: InboundKey) => !(inbound[key] as { optional?: true }).optional || this.#handlers.has(key);
    return [...this.#topicToKey].filter(([, key]) => isHandled(key) === handled).map(([t]) => t);
  }

  disconnected(): void {
    if (!this.#inProcess) this.#gate.disconnected();
    this.stop();
  }

  stop(): void {
    if (this.#catchUpTimer) clearTimeout(this.#catchUpTimer);
    this.#catchUpTimer = null;
  }

  /**
   * The backlog of a resumed session ends where the marker comes back: published after the
   * subscription (the broker handles packets in order), it is queued behind what the broker kept.
   * A broker that never echoes it (its ACL forbids the topic) ends the catch-up with a warning.
   */
  #catchUp(client: MqttClient, marker: string): void {
    client.publish(this.#caughtUpTopic, marker, { qos: 1 });
    this.#catchUpTimer = setTimeout(() => {
      this.#catchUpTimer = null;
      if (!this.#gate.catchingUp) return;
      this.#o.log.warn({ topic: this.#caughtUpTopic, afterMs: this.#o.catchUpLimitMs }, 'MQTT: own catch-up marker not received back (does the broker allow the topic?); taking messages as live');
      this.#handle(this.#gate.caughtUp());
    }, this.#o.catchUpLimitMs);
  }

  #dispatch(topic: string, payload: Buffer, messageId: number | undefined, dup: boolean): void {
    if (topic === this.#caughtUpTopic) return this.#handle(this.#gate.marker(payload.toString('utf8')));
    const key = this.#topicToKey.get(topic);
    if (!key) return;
    const decoded = decodeInbound(key, payload, this.#o.limits);
    this.#handle(this.#gate.pass({ key, topic, messageId, dup, payload }, decoded));
  }

  /** Messages that passed the gate go to every handler of their topic; one failing does not stop the others. */
  #handle(deliveries: Delivery[]): void {
    for (const { key, value } of deliveries) this.#run(key, value);
  }

  #run(key: InboundKey, value: unknown): void {
    const topic = this.#o.topic(key);
    for (const handler of this.#handlers.get(key) ?? []) {
      try {
        const result = handler(value as InboundPayload<InboundKey>);
        if (result instanceof Promise) {
          result.catch((err: Error) => this.#o.log.error({ topic, err: err.message, stack: err.stack }, 'handler failed'));
        }
      } catch (err) {
        this.#o.log.error({ topic, err: (err as Error).message, stack: (err as Error).stack }, 'handler failed');
      }
    }
  }
}
