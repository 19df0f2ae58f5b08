import { readFileSync } from 'node:fs';
import type { Duplex } from 'node:stream';
import mqtt, { MqttClient, type IClientOptions } from 'mqtt';
import type { Health, HealthReport } from '../health/index.js';
import type { Logger } from '../log/index.js';
import type { InProcessMessage } from './broker.js';
import type { DecodeLimits } from './decode.js';
import { DurableOutgoing, type Outgoing } from './durable-outgoing.js';
import { ExpiringOutgoing, ExpiryAwareStore } from './expiring-outgoing.js';
import { InboundRouter, type Handler, type SubscribeInProcess } from './inbound-router.js';
import {
  inbound,
  outbound,
  type InboundKey,
  type OutboundKey,
  type OutboundPayload,
  type Status,
} from './topics.js';
import { oneLineZodError } from '../log/index.js';

/** How long a stop waits for the broker to acknowledge the last messages. */
const STOP_GRACE_MS = 2_000;
const KEEPALIVE_S = 30;

export interface MqttBusOptions {
  url: string;
  /** The embedded broker's in-process connection, used instead of `url`'s socket (url still names it in logs). */
  link?: (() => Duplex) | null;
  /** The embedded broker's way in for what the daemon sends on a topic of speech, gestures or state (see EmbeddedBroker.publish). */
  publishInProcess?: ((message: InProcessMessage, done: (err?: Error) => void) => void) | null;
  /** The embedded broker's subscriptions in the process, for what the daemon hears (see EmbeddedBroker.subscribe). */
  subscribeInProcess?: SubscribeInProcess | null;
  prefix: string;
  clientId: string;
  username?: string | null;
  password?: string | null;
  tls?: { ca: string | null; cert: string | null; key: string | null; rejectUnauthorized: boolean };
  limits: DecodeLimits;
  connectTimeoutMs: number;
  reconnect: { initialMs: number; maxMs: number };
  /** Where durable messages wait for the broker's acknowledgement (under paths.data). */
  outgoingDir: string;
  /** Speech and gestures not delivered this long after being handed over are dropped (speech.maxDelayMs). */
  maxDelayMs: number;
  /** Utterances heard longer ago than this are not answered (mqtt.maxSpeechAgeMs). */
  maxSpeechAgeMs: number;
  log: Logger;
  health: Health;
}

/**
 * The daemon's only MQTT client. It owns the topic contract at run time: inbound payloads are
 * decoded and validated before any handler sees them (bad ones are logged, counted and dropped),
 * outbound payloads are validated before they leave, then delivered by their topic's class
 * (durable, expiring or best effort).
 */
export class MqttBus {
  readonly #options: MqttBusOptions;
  readonly #log: Logger;
  readonly #inbound: InboundRouter;
  #client: MqttClient | null = null;
  #reconnectDelay: number;
  #reconnectTimer: NodeJS.Timeout | null = null;
  #stopping = false;
  /** Resolves the first start() once the first subscription is acknowledged. */
  #subscribed: (() => void) | null = null;
  readonly #durable: DurableOutgoing;
  readonly #expiring: ExpiringOutgoing;
  readonly #store: ExpiryAwareStore;

  constructor(options: MqttBusOptions) {
    this.#options = options;
    this.#log = options.log.child({ component: 'bus' });
    this.#reconnectDelay = options.reconnect.initialMs;
    this.#inbound = new InboundRouter({
      prefix: options.prefix,
      topic: (key) => this.topic(key),
      limits: options.limits,
      maxSpeechAgeMs: options.maxSpeechAgeMs,
      keepaliveMs: KEEPALIVE_S * 1000,
      catchUpLimitMs: options.connectTimeoutMs,
      log: this.#log,
      health: options.health,
    });
    const keys = Object.keys(outbound) as OutboundKey[];
    // zod compiles a schema's parser on its first use: the first visit's session event and the
    // first reply's sentence paid for it in the middle of the first turn (1-2 ms each, bench CPU
    // profile). An empty object compiles an object schema's own level; the sentence is one.
    for (const key of keys) outbound[key].schema.safeParse({});
    outbound.speak.schema.safeParse('Hello!');
    const connected = () => this.connected;
    this.#durable = new DurableOutgoing({
      dir: options.outgoingDir,
      send: (message) => this.#sendDurable(message),
      connected,
      latestOnly: new Set(keys.filter((k) => outbound[k].retain)),
      log: this.#log,
      health: options.health,
    });
    this.#expiring = new ExpiringOutgoing({
      maxDelayMs: options.maxDelayMs,
      send: ({ topic, body }, done) => this.#send({ topic, body, qos: 1, retain: false }, done),
      connected: () => this.#canSend(),
      log: this.#log,
      health: options.health,
    });
    this.#store = new ExpiryAwareStore(new Set(keys.filter((k) => outbound[k].delivery === 'expiring').map((k) => this.topic(k))));
  }

  /** Full topic name with the prefix (none for another protocol's own topics, e.g. Hermes). */
  topic(key: InboundKey | OutboundKey): string {
    const spec: { topic: string; absolute?: true } = key in inbound ? inbound[key as InboundKey] : outbound[key as OutboundKey];
    return spec.absolute ? spec.topic : `${this.#options.prefix}${spec.topic}`;
  }

  get connected(): boolean {
    return this.#client?.connected ?? false;
  }

  /**
   * Forget-me: a user_info about the person still waiting to be sent is dropped, so perception is
   * not told about them after they asked to be forgotten (one already in flight may still arrive).
   */
  async forgetQueued(userId: string): Promise<string[]> {
    const dropped = await this.#durable.discard(aboutUser(userId));
    return dropped ? [`${dropped} message(s) to perception that were waiting to be sent`] : [];
  }

  async queuedFor(userId: string): Promise<string[]> {
    const waiting = await this.#durable.count(aboutUser(userId));
    return waiting ? [`${waiting} message(s) to perception waiting to be sent`] : [];
  }

  /** Durable messages on disk waiting for the broker's acknowledgement. */
  get outgoingPending(): number {
    return this.#durable.pending;
  }

  /** Resolves once every durable message handed over before the call is acknowledged by the broker. */
  delivered(): Promise<void> {
    return this.#durable.delivered();
  }

  on<K extends InboundKey>(key: K, handler: Handler<K>): void {
    this.#inbound.on(key, handler);
  }

  /**
   * Connects and subscribes. Resolves once subscribed on the first connection, or after connectTimeoutMs with a
   * warning: robots boot in any order, so the bus keeps retrying in the background.
   */
  async start(): Promise<void> {
    const o = this.#options;
    await this.#durable.open();
    // Before the client connects: it then subscribes to none of what the daemon hears.
    if (o.subscribeInProcess) await this.#inbound.attachInProcess(o.subscribeInProcess);
    const link = o.link;
    const client = link ? new MqttClient(() => link(), this.#clientOptions()) : mqtt.connect(o.url, this.#clientOptions());
    this.#client = client;
    this.#options.health.set('mqtt', 'down', `connecting to ${redactUrl(o.url)}`);

    this.#inbound.attach(client);
    client.on('connect', (connack) => {
      // Small packets, latency-critical: don't let Nagle hold a reply back (TCP and TLS sockets).
      (client.stream as { setNoDelay?: (on: boolean) => void }).setNoDelay?.(true);
      this.#reconnectDelay = o.reconnect.initialMs;
      const resumed = connack.sessionPresent;
      this.#log.info({ url: redactUrl(o.url), sessionResumed: resumed }, 'connected to MQTT broker');
      this.#inbound.connected(client, resumed, (err) => {
        if (err) this.#log.error({ err: err.message }, 'subscribe failed');
        // Healthy (and so "online" on the retained status) once the robot hears its topics: a
        // process that speaks as soon as it sees "online" is not lost.
        else this.#options.health.set('mqtt', 'ok', `connected to ${redactUrl(o.url)}`);
        this.#subscribed?.();
        this.#subscribed = null;
      });
      this.#expiring.flush();
      this.#durable.pump();
    });
    client.on('close', () => {
      this.#inbound.disconnected();
      // Speech in flight is taken back: mqtt.js would resend it on reconnection, however late.
      // (One whose callback mqtt.js already failed is only deleted from its store.)
      for (const id of [...this.#store.expiringIds]) {
        if (client.outgoing[id]) client.removeOutgoingMessage(id);
        else this.#store.del({ messageId: id }, () => undefined);
      }
      this.#scheduleReconnect(client);
    });
    client.on('error', (err) => this.#log.warn({ err: err.message }, 'MQTT error'));

    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.#log.warn({ url: redactUrl(o.url), afterMs: o.connectTimeoutMs }, 'MQTT broker not reachable yet; still trying');
        resolve();
      }, o.connectTimeoutMs);
      // Ready means subscribed: an utterance published right after the start is not missed.
      this.#subscribed = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  /**
   * Validates and publishes by the topic's delivery class. Never throws. Resolves true when a
   * durable message is on disk, or when an expiring or best-effort one was acknowledged (QoS 1)
   * or written (QoS 0); false when it was invalid, expired, or dropped while disconnected.
   */
  async publish<K extends OutboundKey>(key: K, payload: OutboundPayload<K>): Promise<boolean> {
    const spec = outbound[key];
    const parsed = spec.schema.safeParse(payload);
    const topic = this.topic(key);
    if (!parsed.success) {
      this.#log.error({ topic, reason: oneLineZodError(parsed.error) }, 'refusing to publish an invalid payload');
      return false;
    }
    const body = spec.encoding === 'json' ? JSON.stringify(parsed.data) : String(parsed.data);
    if (spec.delivery === 'durable') {
      try {
        await this.#durable.add({ key, body });
        return true;
      } catch (err) {
        this.#options.health.count('outgoing_queue_failed');
        this.#log.error({ topic, err: (err as Error).message }, 'durable message could not be queued on disk: not published');
        return false;
      }
    }
    if (spec.delivery === 'expiring') return this.#client ? this.#expiring.add(key, topic, body) : false;
    if (!this.#canSend()) {
      this.#options.health.count('unsent_best_effort');
      this.#log.debug({ topic }, 'not connected: best-effort message not published');
      return false;
    }
    try {
      await new Promise<void>((resolve, reject) => this.#send({ topic, body, qos: spec.qos, retain: spec.retain }, (err) => (err ? reject(err) : resolve())));
      return true;
    } catch (err) {
      this.#log.warn({ topic, err: (err as Error).message }, 'publish failed');
      return false;
    }
  }

  /** Republishes the retained status with the latest health; not once the daemon is stopping. */
  publishStatus(report: HealthReport): Promise<boolean> {
    if (this.#stopping) return Promise.resolve(false);
    return this.publish('status', statusPayload('online', report));
  }

  /**
   * The daemon begins to stop: components going down one by one must not announce an "online"
   * robot after the fact. The bus keeps carrying what the last turns publish until stop().
   */
  stopping(): void {
    this.#stopping = true;
  }

  async stop(): Promise<void> {
    const client = this.#client;
    if (!client) return;
    this.#stopping = true;
    if (this.#reconnectTimer) clearTimeout(this.#reconnectTimer);
    this.#inbound.stop();
    await this.#inbound.detach();
    // A stop must end: a broker that stops acknowledging (gone, overloaded, just restarted) gets
    // a bounded grace period, then the connection is closed without waiting.
    const settled = (work: Promise<unknown>) =>
      new Promise<boolean>((resolve) => {
        const timer = setTimeout(() => resolve(false), STOP_GRACE_MS);
        work.then(
          () => (clearTimeout(timer), resolve(true)),
          () => (clearTimeout(timer), resolve(false)),
        );
      });
    if (client.connected) {
      // A clean stop says "offline" itself: the broker only sends the last will on a lost connection.
      await this.publish('status', statusPayload('offline'));
      await settled(this.#durable.delivered());
    }
    this.#expiring.close();
    if (!(await settled(client.endAsync()))) {
      // mqtt.js ignores a second end() while the first waits for acknowledgements: close the socket.
      this.#log.warn({ graceMs: STOP_GRACE_MS }, 'MQTT: the broker did not acknowledge in time; connection closed without waiting');
      client.stream?.destroy();
    }
    this.#client = null;
  }

  #clientOptions(): IClientOptions {
    const o = this.#options;
    const read = (file: string | null | undefined) => (file ? readFileSync(file) : undefined);
    return {
      clientId: o.clientId,
      username: o.username ?? undefined,
      password: o.password ?? undefined,
      ca: read(o.tls?.ca),
      cert: read(o.tls?.cert),
      key: read(o.tls?.key),
      rejectUnauthorized: o.tls?.rejectUnauthorized ?? true,
      // A persistent session under the robot's own client id: the broker keeps what is published
      // to the daemon's topics while it is away (a cut link, a broker or daemon restart) and
      // delivers it on reconnection; src/bus/inbound-gate.ts decides what of it is still worth handling.
      clean: false,
      // The bus subscribes on every connection itself (InboundRouter.connected).
      resubscribe: false,
      outgoingStore: this.#store,
      keepalive: KEEPALIVE_S,
      connectTimeout: o.connectTimeoutMs,
      // mqtt.js retries at a fixed period; #scheduleReconnect backs off instead.
      reconnectPeriod: 0,
      will: {
        topic: this.topic('status'),
        payload: Buffer.from(JSON.stringify(statusPayload('offline'))),
        qos: 1,
        retain: true,
      },
    };
  }

  /** Exponential backoff with jitter, reset by a successful connection. */
  #scheduleReconnect(client: MqttClient): void {
    if (this.#stopping || this.#reconnectTimer) return;
    const o = this.#options;
    const delay = Math.round(this.#reconnectDelay * (0.8 + Math.random() * 0.4));
    this.#reconnectDelay = Math.min(this.#reconnectDelay * 2, o.reconnect.maxMs);
    o.health.set('mqtt', 'down', `disconnected from ${redactUrl(o.url)}, retrying`);
    this.#log.warn({ retryInMs: delay }, 'MQTT connection closed');
    this.#reconnectTimer = setTimeout(() => {
      this.#reconnectTimer = null;
      // Without the stores, mqtt.js starts afresh and forgets the publishes waiting for a PUBACK.
      if (!this.#stopping) client.reconnect({ incomingStore: client.incomingStore, outgoingStore: this.#store });
    }, delay);
  }

  /** Whether speech, gestures and state can go out now: in the process, once started; through the client, while connected. */
  #canSend(): boolean {
    return this.#options.publishInProcess ? this.#client !== null : this.connected;
  }

  /**
   * Speech, gestures and state: in the process when the broker is embedded, else through the
   * client. Durable messages always go through the client: mqtt.js keeps an unacknowledged one
   * across reconnections, and the status's last will is the client's.
   */
  #send(message: InProcessMessage, done: (err?: Error) => void): void {
    if (this.#options.publishInProcess) return this.#options.publishInProcess(message, done);
    this.#client!.publish(message.topic, message.body, { qos: message.qos, retain: message.retain }, (err) => done(err));
  }

  /** Resolves on the broker's PUBACK; an unacknowledged one waits across reconnections (mqtt.js resends it). */
  async #sendDurable(message: Outgoing): Promise<void> {
    if (!(message.key in outbound)) throw new Error(`unknown key ${message.key}`);
    const spec = outbound[message.key as OutboundKey];
    await this.#client!.publishAsync(this.topic(message.key as OutboundKey), message.body, { qos: 1, retain: spec.retain });
  }
}

/** A queued user_info naming the person. */
function aboutUser(userId: string) {
  return (message: Outgoing) => message.key === 'user_info' && (JSON.parse(message.body) as { user_id?: unknown }).user_id === userId;
}

function statusPayload(status: Status['status'], report?: HealthReport): Status {
  return {
    status,
    ts: new Date().toISOString(),
    ...(report && {
      health: report.status,
      components: Object.fromEntries(
        Object.entries(report.components).map(([name, c]) => [name, { status: c.status, detail: c.detail }]),
      ),
    }),
  };
}

/** Never log credentials embedded in a broker URL. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url;
  }
}
