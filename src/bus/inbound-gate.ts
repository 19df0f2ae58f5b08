import { createHash, randomUUID } from 'node:crypto';
import type { Health } from '../health/index.js';
import { preview, type Logger } from '../log/index.js';
import type { Decoded } from './decode.js';
import { inbound, type InboundKey } from './topics.js';

/**
 * Only the messages in flight when the link dropped are redelivered, and a broker keeps a few
 * tens in flight per client (Mosquitto 20, EMQX 32): the last 256 received cover them.
 */
const REMEMBERED = 256;

/** One QoS 1 message as it came off the wire. */
export interface Arrival {
  key: InboundKey;
  /** The full topic name, for the log. */
  topic: string;
  /** The broker's packet id (none for QoS 0). A redelivery keeps it. */
  messageId: number | undefined;
  /** Set by the broker on a redelivery (Mosquitto and EMQX do; aedes does not): logged. */
  dup: boolean;
  payload: Uint8Array;
}

/** A message that passed the gate, for its topic's handlers. */
export interface Delivery {
  key: InboundKey;
  value: unknown;
}

/** How old an utterance is, and how that is known; null when it cannot be known. */
export type Age = { ms: number; by: 'ts' | 'link' } | { ms: null; by: 'unknown' };

export interface InboundGateOptions {
  /** Utterances older than this are not answered (mqtt.maxSpeechAgeMs). */
  maxSpeechAgeMs: number;
  log: Logger;
  health: Health;
  /** The MQTT keepalive: a healthy link hears from the broker at least this often. */
  keepaliveMs: number;
  /** Monotonic milliseconds, for how long the link was down. */
  clock?: () => number;
  /** Wall-clock milliseconds since the epoch, for a payload's `ts`. */
  wallClock?: () => number;
}

/**
 * Decides what of the messages off the wire reaches a handler: redeliveries and invalid payloads
 * are dropped, then each inbound topic's policy for what comes late (`late` in topics.ts)
 * applies. It hands nothing on itself: each call returns the messages that pass, in order, and
 * the bus delivers them (the walk of a message goes one way). The daemon's MQTT session is persistent: after a reconnection, and
 * after a restart, the broker first delivers what it kept while the daemon was away (the backlog),
 * then the messages in flight when the link dropped again. The backlog of a resumed session
 * ends with the daemon's own marker (CAUGHT_UP_TOPIC), which the broker queues behind it.
 */
export class InboundGate {
  readonly #o: InboundGateOptions;
  readonly #clock: () => number;
  readonly #wallClock: () => number;
  /** Insertion-ordered: the oldest key goes first once the set is full. */
  readonly #recent = new Set<string>();
  /** The marker of the backlog being caught up; null: messages are live. */
  #catchingUp: string | null = null;
  /** When the link was lost, until the backlog after it is caught up (null: not lost in this process). */
  #lostAt: number | null = null;
  #lastHeard: number;
  #connected = false;
  /** A `latest` message held back while its backlog is caught up. */
  #held: { key: InboundKey; value: unknown } | null = null;

  constructor(options: InboundGateOptions) {
    this.#o = options;
    this.#clock = options.clock ?? (() => performance.now());
    this.#wallClock = options.wallClock ?? Date.now;
    this.#lastHeard = this.#clock();
  }

  get catchingUp(): boolean {
    return this.#catchingUp !== null;
  }

  /** Anything came from the broker: the link was alive then. */
  heard(): void {
    this.#lastHeard = this.#clock();
  }

  /**
   * The link is down. A link closed at once is lost now; one that died silently (nothing heard
   * for longer than the keepalive, which a healthy link never is) was lost when the broker was
   * last heard. After several losses in a row, the first counts.
   */
  disconnected(): void {
    // A connection attempt that failed loses nothing: what the broker keeps from before it is
    // dated by the loss before (or unknown, before this process's first connection).
    if (!this.#connected) return;
    this.#connected = false;
    const now = this.#clock();
    this.#lostAt ??= now - this.#lastHeard > this.#o.keepaliveMs ? this.#lastHeard : now;
  }

  /**
   * Connected. A resumed session starts a catch-up: returns the marker to publish to the
   * daemon's own topic. A new session holds nothing from before (nor can anything be redelivered).
   */
  connected(sessionPresent: boolean): string | null {
    this.heard();
    this.#connected = true;
    if (!sessionPresent) {
      this.#recent.clear();
      this.caughtUp();
      return null;
    }
    this.#catchingUp = randomUUID();
    return this.#catchingUp;
  }

  /** A marker came back: the one of the current catch-up ends it (an older one is ignored). */
  marker(token: string): Delivery[] {
    return token === this.#catchingUp ? this.caughtUp() : [];
  }

  /** The backlog is behind: what was held goes out, and messages are live again. */
  caughtUp(): Delivery[] {
    this.#catchingUp = null;
    this.#lostAt = null;
    return this.#release();
  }

  /**
   * One message as it came off the wire, and its decoded payload: what of it (and of what was
   * held back) goes to the handlers now, in order.
   */
  pass(arrival: Arrival, decoded: Decoded<unknown>): Delivery[] {
    if (this.#duplicate(arrival)) return [];
    if (!decoded.ok) {
      this.#o.health.count('invalid_payloads');
      this.#o.health.count(`invalid_payloads.${arrival.key}`);
      this.#o.log.warn({ topic: arrival.topic, reason: decoded.reason, payload: preview(arrival.payload) }, 'dropped invalid payload');
      return [];
    }
    return this.#admit(arrival.key, decoded.value);
  }

  /**
   * A redelivery of a message already received: the same topic, packet id and payload as one of
   * the last ones received. Brokers resend with the original packet id: Mosquitto and EMQX after a
   * reconnection, flagged DUP; aedes without the flag, not always before the catch-up marker, and
   * at times twice on one connection. A broker numbers a session's messages in sequence, so a new
   * message takes an earlier one's id only 65,535 messages later: a sentence said twice ("yes",
   * "yes") is two messages. (aedes starts each connection at a random number: after a
   * reconnection, odds of n in 65,535 for a payload repeated n times among those remembered.)
   * A new session starts the memory afresh.
   */
  #duplicate(arrival: Arrival): boolean {
    if (arrival.messageId === undefined) return false;
    const hash = createHash('sha256').update(arrival.payload).digest('base64');
    const id = `${arrival.key}\u0000${arrival.messageId}\u0000${hash}`;
    const seen = this.#recent.delete(id);
    this.#recent.add(id);
    if (this.#recent.size > REMEMBERED) this.#recent.delete(this.#recent.values().next().value!);
    if (!seen) return false;
    this.#o.health.count('duplicate_messages');
    this.#o.health.count(`duplicate_messages.${arrival.key}`);
    this.#o.log.info({ topic: arrival.key, messageId: arrival.messageId, dup: arrival.dup }, 'redelivery of a message already handled: dropped');
    return true;
  }

  /** How old a message is: by its `ts`, else, in a backlog, at most as old as the link's loss. */
  age(ts: number | undefined): Age {
    if (ts !== undefined) return { ms: Math.max(0, this.#wallClock() - ts), by: 'ts' };
    if (!this.catchingUp) return { ms: 0, by: 'link' };
    // The first connection of this process: the broker kept it while the daemon was not running.
    if (this.#lostAt === null) return { ms: null, by: 'unknown' };
    return { ms: this.#clock() - this.#lostAt, by: 'link' };
  }

  /** A valid message: handled now, held back, or dropped by its topic's policy. */
  #admit(key: InboundKey, value: unknown): Delivery[] {
    const policy = inbound[key].late;
    if (policy === 'latest' && this.catchingUp) {
      if (this.#held) {
        this.#o.health.count('superseded_messages');
        this.#o.health.count(`superseded_messages.${key}`);
      }
      this.#held = { key, value };
      return [];
    }
    // A held message goes before the next one of another topic: the order of events is kept.
    const released = this.#release();
    if (policy === 'fresh') {
      const age = this.age((value as { ts?: number } | null)?.ts);
      if (age.ms === null || age.ms > this.#o.maxSpeechAgeMs) {
        this.#o.health.count('late_utterances');
        this.#o.health.count(`late_utterances.${key}`);
        this.#o.log.warn(
          { topic: key, ageMs: age.ms === null ? null : Math.round(age.ms), measuredBy: age.by, maxSpeechAgeMs: this.#o.maxSpeechAgeMs },
          age.ms === null ? 'utterance heard while the daemon was not running, age unknown: not answered' : 'utterance heard too long ago: not answered',
        );
        return released;
      }
    }
    return [...released, { key, value }];
  }

  #release(): Delivery[] {
    const held = this.#held;
    this.#held = null;
    return held ? [held] : [];
  }
}
