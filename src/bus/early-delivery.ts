import type { AedesPublishPacket, Client, PublishPacket } from 'aedes';
import type { Logger } from '../log/index.js';

type Deliver = (topic: string, payload: Buffer) => void;

/** Resent duplicates are recognised among this many of the last messages handed over. */
const REMEMBERED = 1024;

/**
 * A client's QoS 1 message for the daemon, handed over as soon as the embedded broker has it.
 * aedes forwards such a message only once its PUBACK is written and a turn of the event loop
 * later: 0.5 ms of every utterance's way in (in a probe, a message from another process reached an
 * in-process subscription 0.65 ms after its bytes arrived at QoS 1, 0.14 ms at QoS 0).
 * Here it goes to the daemon when the broker authorises it (the last step before that PUBACK),
 * and the broker's own routing skips it. What the broker still does for it is unchanged: its
 * PUBACK, its other subscribers, a retained copy.
 *
 * Handed over before its PUBACK, a message whose PUBACK never reaches its sender (the connection
 * dropped) is sent again, marked as a duplicate: one with the client's id and message id of one
 * handed over is not handed over twice.
 */
export class EarlyDelivery {
  readonly #routes = new Map<string, Deliver>();
  /** Payloads handed over: the broker's routing passes the same buffer on (aedes-packet keeps it). */
  readonly #handedOver = new WeakSet<Buffer>();
  /** Client id and message id of the latest messages handed over, oldest first. */
  readonly #recent = new Set<string>();
  readonly #log: Logger;

  constructor(log: Logger) {
    this.#log = log;
  }

  /** The daemon's subscription to `topic` (a topic name, no wildcard) gets its messages from here too. */
  route(topic: string, deliver: Deliver): void {
    this.#routes.set(topic, deliver);
  }

  unroute(topic: string): void {
    this.#routes.delete(topic);
  }

  /** aedes's authorizePublish: its default rule (no client publishes under $SYS/), then the hand-over. */
  readonly authorizePublish = (client: Client | null, packet: PublishPacket, done: (error?: Error | null) => void): void => {
    if (packet.topic.startsWith('$SYS/')) return done(new Error('$SYS/ topic is reserved'));
    this.#handOver(client, packet);
    done(null);
  };

  /** Whether the broker's routing brings a message already handed over. */
  handedOver(packet: AedesPublishPacket): boolean {
    return Buffer.isBuffer(packet.payload) && this.#handedOver.has(packet.payload);
  }

  #handOver(client: Client | null, packet: PublishPacket): void {
    const deliver = this.#routes.get(packet.topic);
    // An empty payload goes the broker's way: a buffer of nothing is the one mark that could be
    // shared between messages (start_speak and end_speak are empty, and wait for no reply).
    if (!deliver || !client || packet.qos !== 1 || !Buffer.isBuffer(packet.payload) || packet.payload.length === 0) return;
    this.#handedOver.add(packet.payload);
    const id = `${client.id}\u0000${packet.messageId ?? ''}`;
    if (packet.dup && this.#recent.has(id)) return;
    this.#recent.delete(id);
    this.#recent.add(id);
    if (this.#recent.size > REMEMBERED) this.#recent.delete(this.#recent.values().next().value!);
    // A failure stays here: it must neither hold the broker nor reach the publisher's connection.
    try {
      deliver(packet.topic, packet.payload);
    } catch (err) {
      this.#log.error({ topic: packet.topic, err: (err as Error).message }, 'in-process delivery failed');
    }
  }
}
