import type { IPublishPacket, MqttClient } from 'mqtt';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import { decodeInbound, type DecodeLimits } from './decode.js';
import { InboundGate, type Delivery } from './inbound-gate.js';
import { CAUGHT_UP_TOPIC, inbound, type InboundKey, type InboundPayload } from './topics.js';

export type Handler<K extends InboundKey> = (payload: InboundPayload<K>) => void | Promise<void>;

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
    client.on('message', (topic, payload, packet) => this.#dispatch(topic, payload, packet));
  }

  /**
   * Subscribes on every connection, a resumed session too: it may lack a topic this run handles
   * (an optional module switched on since). QoS 1, so that the broker keeps messages for the
   * session. A resumed session starts a catch-up of what the broker kept.
   */
  connected(client: MqttClient, resumed: boolean, subscribed: (err: Error | null) => void): void {
    // Optional topics (e.g. Hermes) only when a module handles them: handlers are added before start().
    const handled = (key: InboundKey) => !(inbound[key] as { optional?: true }).optional || this.#handlers.has(key);
    const topics = (want: boolean) => [...this.#topicToKey].filter(([, key]) => handled(key) === want).map(([t]) => t);
    const unwanted = topics(false);
    // A session from a run with that module on would otherwise keep collecting its messages.
    if (resumed && unwanted.length) client.unsubscribe(unwanted);
    const wanted = Object.fromEntries([...topics(true), this.#caughtUpTopic].map((t) => [t, { qos: 1 as const }]));
    client.subscribe(wanted, (err) => subscribed(err ?? null));
    const marker = this.#gate.connected(resumed);
    if (marker) this.#catchUp(client, marker);
  }

  disconnected(): void {
    this.#gate.disconnected();
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

  #dispatch(topic: string, payload: Buffer, packet: IPublishPacket): void {
    if (topic === this.#caughtUpTopic) return this.#handle(this.#gate.marker(payload.toString('utf8')));
    const key = this.#topicToKey.get(topic);
    if (!key) return;
    const decoded = decodeInbound(key, payload, this.#o.limits);
    this.#handle(this.#gate.pass({ key, topic, messageId: packet.qos > 0 ? packet.messageId : undefined, dup: packet.dup, payload }, decoded));
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
