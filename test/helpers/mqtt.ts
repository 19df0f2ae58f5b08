import mqtt, { type MqttClient } from 'mqtt';

export interface Received {
  topic: string;
  text: string;
  retain: boolean;
}

let sentinels = 0;

/** A test-side MQTT client that records everything under a prefix and can wait for a message. */
export class Probe {
  readonly messages: Received[] = [];
  #waiters: { match: (m: Received) => boolean; resolve: (m: Received) => void }[] = [];

  private constructor(readonly client: MqttClient) {
    client.on('message', (topic, payload, packet) => {
      const m = { topic, text: payload.toString('utf8'), retain: packet.retain };
      this.messages.push(m);
      this.#waiters = this.#waiters.filter((w) => (w.match(m) ? (w.resolve(m), false) : true));
    });
  }

  static async connect(url: string, subscribe: string): Promise<Probe> {
    const client = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
    const probe = new Probe(client);
    await client.subscribeAsync(subscribe, { qos: 1 });
    return probe;
  }

  /**
   * Resolves with the first message (already received or future) on `topic` that matches. The
   * default limit only catches a message that never comes: a loaded machine (two test files at
   * once beside a CPU hog) can take seconds for one that does.
   */
  next(topic: string, match: (m: Received) => boolean = () => true, timeoutMs = 30_000): Promise<Received> {
    const done = this.messages.find((m) => m.topic === topic && match(m));
    if (done) return Promise.resolve(done);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no message on ${topic} within ${timeoutMs} ms`)), timeoutMs);
      this.#waiters.push({
        match: (m) => m.topic === topic && match(m),
        resolve: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }

  /**
   * Publishes a unique message on `topic` (one this probe hears) and waits for it: whatever the
   * broker took before the call has reached this probe by then (a sentinel, not a sleep).
   */
  async echo(topic: string): Promise<void> {
    const token = `sentinel-${++sentinels}-${Math.random().toString(36).slice(2)}`;
    const heard = this.next(topic, (m) => m.text === token);
    await this.publish(topic, token);
    await heard;
  }

  /** Forgets what was received so far. */
  clear(): void {
    this.messages.length = 0;
  }

  async publish(topic: string, payload: string | Buffer): Promise<void> {
    await this.client.publishAsync(topic, payload, { qos: 1 });
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}
