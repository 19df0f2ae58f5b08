import { writeFileSync } from 'node:fs';
import mqtt, { type MqttClient } from 'mqtt';

/** The topics a scenario talks about, without the prefix. */
export const TOPIC = {
  speech: 'agent/user_speech',
  speak: 'agent/control/speak',
  animation: 'agent/control/animation',
  userInfo: 'face_recognition/user_info',
  turn: 'agent/state/turn',
  session: 'agent/state/session',
  capture: 'perception/capture_current_view',
  stop: 'agent/control/stop_speaking',
} as const;

/** The topic of a transcript note (no MQTT topic has a space). */
export const NOTE = '(note)';

/** One message the daemon published (or the runner sent), in arrival order. */
export interface Heard {
  seq: number;
  /** Milliseconds since the stage opened. */
  at: number;
  /** Topic without the prefix. */
  topic: string;
  text: string;
  /** Sent by the runner (the visitor, perception, the body) rather than by the daemon. */
  ours: boolean;
}

export interface StageOptions {
  url: string;
  prefix: string;
  /** Emulated speaking pace: end_speak follows a sentence after its length / this. */
  charsPerSecond: number;
  /** Answer start_speak/end_speak at all. */
  feedback: boolean;
  /** Image bytes written where perception is asked to put a frame (null: perception does not answer). */
  cameraFrame: Buffer | null;
  /** How often a detection is repeated, as perception does. */
  detectEveryMs: number;
}

/**
 * What surrounds the daemon during a scenario, over MQTT: the visitor's voice, perception (who is
 * in front of the robot, repeated; the camera), the robot's body (speaks each sentence at a
 * speaking pace, then reports end_speak) and a recorder of everything published under the prefix.
 */
export class Stage {
  readonly heard: Heard[] = [];
  #seq = 0;
  #t0 = performance.now();
  #waiters = new Set<() => void>();
  #speaking = 0;
  #lastSpeechEnd = 0;
  #detectTimer: NodeJS.Timeout | null = null;
  #timers = new Set<NodeJS.Timeout>();

  private constructor(
    readonly client: MqttClient,
    readonly options: StageOptions,
  ) {
    client.on('message', (topic, payload) => {
      if (!topic.startsWith(options.prefix)) return;
      const t = topic.slice(options.prefix.length);
      // The voice starts before waiters hear of the sentence: none may see it heard yet unspoken.
      if (t === TOPIC.speak) this.#speak(payload.toString('utf8'));
      this.#record(t, payload.toString('utf8'), this.#sentByUs.delete(`${t}\u0000${payload.toString('utf8')}`));
      if (t === TOPIC.capture && options.cameraFrame) {
        const file = payload.toString('utf8');
        this.#later(30, () => writeFileSync(file, options.cameraFrame!));
      }
    });
  }

  /** Messages we publish come back through the subscription; they are marked as ours. */
  #sentByUs = new Set<string>();

  static async open(options: StageOptions): Promise<Stage> {
    const client = await mqtt.connectAsync(options.url, { reconnectPeriod: 0, clientId: `nadine-eval-${process.pid}-${Math.random().toString(36).slice(2, 8)}` });
    const stage = new Stage(client, options);
    await client.subscribeAsync(`${options.prefix}#`, { qos: 1 });
    return stage;
  }

  now(): number {
    return performance.now() - this.#t0;
  }

  #record(topic: string, text: string, ours: boolean): void {
    this.heard.push({ seq: ++this.#seq, at: this.now(), topic, text, ours });
    for (const w of [...this.#waiters]) w();
  }

  #later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      fn();
    }, ms);
    this.#timers.add(timer);
  }

  /** The body: start_speak at once, end_speak after the sentence's speaking time. */
  #speak(sentence: string): void {
    this.#speaking++;
    const done = () => {
      this.#speaking--;
      this.#lastSpeechEnd = this.now();
      for (const w of [...this.#waiters]) w();
    };
    const ms = Math.max(50, (sentence.length / this.options.charsPerSecond) * 1000);
    if (!this.options.feedback) return this.#later(ms, done);
    // The stage may close while a sentence is still being spoken: a lost feedback message is fine then.
    this.publish('agent/feedback/start_speak', '').catch(() => {});
    this.#later(ms, () => {
      this.publish('agent/feedback/end_speak', '')
        .catch(() => {})
        .finally(done);
    });
  }

  /** The robot's voice is silent, and has been for `graceMs` (a next sentence would have come by then). */
  silentFor(graceMs: number): boolean {
    return this.#speaking === 0 && this.now() - this.#lastSpeechEnd >= graceMs;
  }

  async publish(topic: string, payload: string, retain = false): Promise<void> {
    this.#sentByUs.add(`${topic}\u0000${payload}`);
    await this.client.publishAsync(`${this.options.prefix}${topic}`, payload, { qos: 1, retain });
  }

  /** A line of the transcript that is no message (perception falling silent). */
  note(text: string): void {
    this.#record(NOTE, text, true);
  }

  /** Perception reports this person now and every `detectEveryMs` until the next detect or leave. */
  async detect(id: string | null, name: string, confidence: number): Promise<void> {
    this.stopDetecting();
    const payload = JSON.stringify({ user_name: name, user_id: id, confidence });
    await this.publish('graph/user_detected', payload);
    this.#detectTimer = setInterval(() => void this.publish('graph/user_detected', payload).catch(() => {}), this.options.detectEveryMs);
  }

  stopDetecting(): void {
    if (this.#detectTimer) clearInterval(this.#detectTimer);
    this.#detectTimer = null;
  }

  /**
   * Resolves when `check` returns a value (checked now, on every message and every end of speech,
   * and every 50 ms for checks that depend on time); null after `timeoutMs`.
   */
  waitFor<T>(check: () => T | null | undefined, timeoutMs: number): Promise<T | null> {
    return new Promise((resolve) => {
      let finished = false;
      const finish = (v: T | null) => {
        if (finished) return;
        finished = true;
        this.#waiters.delete(test);
        clearTimeout(timer);
        clearInterval(tick);
        resolve(v);
      };
      const test = () => {
        const v = check();
        if (v !== null && v !== undefined) finish(v);
      };
      const timer = setTimeout(() => finish(null), timeoutMs);
      const tick = setInterval(test, 50);
      this.#waiters.add(test);
      test();
    });
  }

  async close(): Promise<void> {
    this.stopDetecting();
    for (const t of this.#timers) clearTimeout(t);
    this.#timers.clear();
    await this.client.endAsync(true);
  }
}
