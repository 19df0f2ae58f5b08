import { z } from 'zod';
import { DurableQueue } from '../durable/index.js';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';

const OutgoingSchema = z.strictObject({ key: z.string().min(1), body: z.string() });
/** A message as queued: its contract key (the topic is looked up when it is sent) and its encoded payload. */
export type Outgoing = z.infer<typeof OutgoingSchema>;

export interface DurableOutgoingOptions {
  dir: string;
  /** Publishes with QoS 1; resolves on the broker's PUBACK. */
  send(message: Outgoing): Promise<void>;
  connected(): boolean;
  /** Keys whose newest message replaces any still waiting (the retained status: only the latest matters). */
  latestOnly: ReadonlySet<string>;
  log: Logger;
  health: Health;
}

/**
 * State another process relies on (a settled name, a forget-me report, the retained status),
 * kept in a durable queue on disk until the broker acknowledges it, then deleted. Sent one at a
 * time in the order queued, from the head again after a reconnect or a restart: receivers get
 * each message at least once (a PUBACK lost with the connection means it is sent again).
 */
export class DurableOutgoing {
  readonly #o: DurableOutgoingOptions;
  readonly #queue: DurableQueue<Outgoing>;
  #pumping: Promise<void> | null = null;
  #idle: (() => void)[] = [];
  readonly #adding = new Set<Promise<void>>();
  // Messages handed over before open() (the bus is wired before it starts) wait for it: an append
  // to an unopened queue could take the number of an entry left by an earlier run.
  #opened!: () => void;
  readonly #ready = new Promise<void>((resolve) => (this.#opened = resolve));

  constructor(options: DurableOutgoingOptions) {
    this.#o = options;
    this.#queue = new DurableQueue(options.dir, { schema: OutgoingSchema, field: 'message' });
  }

  get pending(): number {
    return this.#queue.pending;
  }

  async open(): Promise<void> {
    const { pending, removedPartial } = await this.#queue.open();
    // The retained status of an earlier run is obsolete: this run publishes its own.
    const obsolete = await this.#queue.discard((m) => this.#o.latestOnly.has(m.key));
    this.#opened();
    if (pending || removedPartial) this.#o.log.info({ pending: pending - obsolete, removedPartial, dir: this.#queue.dir }, 'MQTT messages of an earlier run waiting to be sent');
  }

  /** Resolves once the message is on disk (it is sent when the broker is reachable). */
  add(message: Outgoing): Promise<void> {
    const adding = this.#add(message).finally(() => this.#adding.delete(adding));
    this.#adding.add(adding);
    return adding;
  }

  /** Resolves once every message handed over before the call has been acknowledged (tests, a stop). */
  async delivered(): Promise<void> {
    await Promise.allSettled([...this.#adding]);
    await this.idle();
  }

  async #add(message: Outgoing): Promise<void> {
    await this.#ready;
    if (this.#o.latestOnly.has(message.key)) await this.#queue.discard((m) => m.key === message.key);
    await this.#queue.append(message);
    this.pump();
  }

  /** Drops the waiting messages that match (forget-me), those still being written included; returns how many. */
  async discard(match: (message: Outgoing) => boolean): Promise<number> {
    await Promise.allSettled([...this.#adding]);
    return this.#queue.discard(match);
  }

  /** Waiting messages (and ones set aside) that match. */
  async count(match: (message: Outgoing) => boolean): Promise<number> {
    const { pending, rejected } = await this.#queue.find(match);
    return pending.length + rejected.length;
  }

  /** Sends what waits, while connected; called again on every (re)connection. */
  pump(): void {
    if (this.#pumping || !this.#o.connected()) return;
    this.#pumping = this.#drain().finally(() => {
      this.#pumping = null;
      if (this.#queue.pending === 0) for (const resolve of this.#idle.splice(0)) resolve();
    });
  }

  /** Resolves when nothing waits (used by a stop, under its grace period). */
  idle(): Promise<void> {
    if (this.#queue.pending === 0 && !this.#pumping) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  async #drain(): Promise<void> {
    const { log, health } = this.#o;
    while (this.#o.connected()) {
      const entry = await this.#queue.peek();
      if (!entry) return;
      if (!entry.ok) {
        log.error({ file: entry.file, err: entry.error }, 'queued MQTT message is damaged: set aside in rejected/');
        health.count('outgoing_rejected');
        await this.#queue.reject(entry.file, entry.error);
        continue;
      }
      try {
        // mqtt.js keeps an unacknowledged publish across a reconnection and resends it itself.
        await this.#o.send(entry.value);
      } catch (err) {
        const message = (err as Error).message;
        if (message.startsWith('unknown key')) {
          log.error({ file: entry.file, key: entry.value.key }, 'queued MQTT message for a topic this version does not know: set aside in rejected/');
          await this.#queue.reject(entry.file, message);
          continue;
        }
        // Sent again from the head on the next connection.
        log.warn({ key: entry.value.key, err: message }, 'queued MQTT message not acknowledged; it stays queued');
        return;
      }
      await this.#queue.done(entry.file);
      log.debug({ key: entry.value.key, seq: entry.seq }, 'queued MQTT message acknowledged by the broker');
    }
  }
}
