import mqtt, { type IStore, type Packet, type PacketCallback } from 'mqtt';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';

export interface Expiring {
  key: string;
  topic: string;
  body: string;
  /** performance.now() after which it is never sent. */
  deadline: number;
  settle(sent: boolean): void;
}

export interface ExpiringOutgoingOptions {
  maxDelayMs: number;
  /** Hands the message to the client (QoS 1); `done` gets an error when it was not delivered. */
  send(message: Expiring, done: (err?: Error) => void): void;
  connected(): boolean;
  log: Logger;
  health: Health;
  now?: () => number;
}

/**
 * Speech and gestures: worth saying now or never. A message goes out only within maxDelayMs of
 * being handed over; one waiting for a connection past that is dropped, logged and counted. One
 * in flight when the connection drops is taken back from the client (mqtt.js would resend it on
 * reconnection however late) and sent again only if it is still in time.
 */
export class ExpiringOutgoing {
  readonly #o: ExpiringOutgoingOptions;
  readonly #now: () => number;
  #held: Expiring[] = [];
  #closed = false;

  constructor(options: ExpiringOutgoingOptions) {
    this.#o = options;
    this.#now = options.now ?? (() => performance.now());
  }

  /** Resolves true once the broker acknowledged it, false when it expired or the bus stopped. */
  add(key: string, topic: string, body: string): Promise<boolean> {
    return new Promise((settle) => {
      const message = { key, topic, body, deadline: this.#now() + this.#o.maxDelayMs, settle };
      if (this.#o.connected() && this.#held.length === 0) this.#send(message);
      else this.#held.push(message);
      this.#expire();
    });
  }

  /** On (re)connection: what is still in time goes out, in order; the rest is dropped. */
  flush(): void {
    this.#expire();
    for (const message of this.#held.splice(0)) this.#send(message);
  }

  /** The bus stops: nothing held is sent. */
  close(): void {
    this.#closed = true;
    for (const message of this.#held.splice(0)) message.settle(false);
  }

  #send(message: Expiring): void {
    this.#o.send(message, (err) => {
      if (!err) return message.settle(true);
      if (this.#closed || this.#o.connected()) {
        if (!this.#closed) this.#o.log.warn({ topic: message.topic, err: err.message }, 'publish failed');
        return message.settle(false);
      }
      // Taken back, or failed, with a lost connection: held again, ahead of what was handed over
      // later, and sent on reconnection if still in time.
      this.#held.push(message);
      this.#held.sort((a, b) => a.deadline - b.deadline);
    });
  }

  #expire(): void {
    const now = this.#now();
    const late = this.#held.filter((m) => m.deadline < now);
    if (late.length === 0) return;
    this.#held = this.#held.filter((m) => m.deadline >= now);
    for (const message of late) {
      this.#o.health.count('expired_messages');
      this.#o.health.count(`expired_messages.${message.key}`);
      this.#o.log.warn(
        { topic: message.topic, lateMs: Math.round(now - message.deadline + this.#o.maxDelayMs), maxDelayMs: this.#o.maxDelayMs, payload: message.body.slice(0, 80) },
        'not delivered in time: dropped, never sent late',
      );
      message.settle(false);
    }
  }
}

/**
 * mqtt.js's in-memory store of unacknowledged publishes, which also notes those on expiring
 * topics, so that they can be taken back when the connection drops.
 */
export class ExpiryAwareStore extends mqtt.Store {
  readonly expiringIds = new Set<number>();

  constructor(private readonly expiringTopics: ReadonlySet<string>) {
    super();
  }

  override put(packet: Packet, cb: () => void): this {
    if (packet.cmd === 'publish' && packet.messageId !== undefined && this.expiringTopics.has(packet.topic)) this.expiringIds.add(packet.messageId);
    return super.put(packet, cb) as this;
  }

  override del(packet: Pick<Packet, 'messageId'>, cb: PacketCallback): this {
    if (packet.messageId !== undefined) this.expiringIds.delete(packet.messageId);
    return super.del(packet, cb) as this;
  }
}

