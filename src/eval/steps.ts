import { isRegexLiteral, mismatches, toRegex } from './match.js';
import type { Expectation, Scenario, Step } from './scenario.js';
import { TOPIC, type Heard, type Stage } from './stage.js';
import { transcript } from './transcript.js';
import { visitChecks } from './visit-checks.js';

export interface StepResult {
  index: number;
  step: Step;
  ok: boolean;
  ms: number;
  failures: string[];
}

export interface StepRunOptions {
  /** Default bound of an expectation's wait. */
  withinMs: number;
  /** Silence after the last sentence from which the robot counts as done speaking. */
  quietGraceMs: number;
  /** How long a visitor waits at most for the robot to finish before speaking anyway. */
  maxWaitQuietMs: number;
  /** Run every step even after a failed one (generated visits: each expectation tells something of its own). */
  keepGoing?: boolean;
  /** Decide a failing check of an utterance's answer once the robot has answered and gone quiet (see #decidedEarly). */
  decideOnceAnswered?: boolean;
  /** How many ended conversations are not yet recallable (memory_written); absent against a daemon run elsewhere. */
  memoryWaiting?: () => Promise<number>;
}


const quote = (s: string, max = 400) => JSON.stringify(s.length > max ? `${s.slice(0, max - 1)}…` : s);
const json = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
};

/** Runs a scenario's steps against a stage; stops at the first failed step (later steps would only fail with it), unless told to keep going. */
export class StepRunner {
  /** The window of expectations: messages after this sequence number (moved by every step that is not an expect). */
  #cursor = 0;
  #lastSay: { text: string; seq: number; at: number } | null = null;
  #lastAct: { seq: number; at: number } = { seq: 0, at: 0 };
  /** The last say or detect: what the robot's first sentence answers (first_speak_ms). */
  #lastCue: { seq: number; at: number } = { seq: 0, at: 0 };

  constructor(
    readonly stage: Stage,
    readonly scenario: Scenario,
    readonly options: StepRunOptions,
  ) {}

  get #seq(): number {
    return this.stage.heard.at(-1)?.seq ?? 0;
  }

  #window(topic: string): Heard[] {
    return this.stage.heard.filter((h) => h.seq > this.#cursor && h.topic === topic && !h.ours);
  }

  /** The id the daemon gave a name in its last user_info ("@Dana"). */
  idOf(name: string): string | null {
    for (let i = this.stage.heard.length - 1; i >= 0; i--) {
      const h = this.stage.heard[i]!;
      if (h.topic !== TOPIC.userInfo || h.ours) continue;
      const info = json(h.text) as { user_name?: string; user_id?: string };
      if (info.user_name?.toLowerCase() === name.toLowerCase() && info.user_id) return info.user_id;
    }
    return null;
  }

  /** Replaces "@Name" strings by the id the daemon gave that name (when it gave one). */
  #resolve<T>(value: T): T {
    if (typeof value === 'string' && value.startsWith('@')) return (this.idOf(value.slice(1)) ?? value) as T;
    if (Array.isArray(value)) return value.map((v) => this.#resolve(v)) as T;
    if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.#resolve(v)])) as T;
    return value;
  }

  /** The turn of the last utterance has been reported, and the robot has finished speaking. */
  quiet(): boolean {
    if (!this.stage.silentFor(this.options.quietGraceMs)) return false;
    if (!this.#lastSay) return this.stage.now() - this.#lastAct.at >= this.options.quietGraceMs;
    const say = this.#lastSay;
    // Sentences may still arrive just after the turn event: the grace runs from it too.
    const turn = this.stage.heard.find((h) => h.seq > say.seq && h.topic === TOPIC.turn && !h.ours);
    if (turn === undefined || this.stage.now() - turn.at < this.options.quietGraceMs) return false;
    // The reply's next sentence is sent when the body reports the last one spoken: on a loaded
    // machine that round trip outlasts any grace. The turn event says how many were handed over.
    const speech = (json(turn.text) as { speech?: { sentences?: number; interrupted?: boolean } }).speech;
    if (!speech?.sentences || speech.interrupted) return true;
    return this.stage.heard.filter((h) => h.seq > say.seq && h.topic === TOPIC.speak && !h.ours).length >= speech.sentences;
  }

  async run(): Promise<StepResult[]> {
    const results: StepResult[] = [];
    for (const [index, step] of this.scenario.steps.entries()) {
      const started = performance.now();
      let failures: string[];
      try {
        failures = await this.#step(step);
      } catch (err) {
        failures = [`error: ${(err as Error).message}`];
      }
      results.push({ index: index + 1, step, ok: failures.length === 0, ms: Math.round(performance.now() - started), failures });
      if (failures.length && !this.options.keepGoing) break;
    }
    // The rest of the last reply belongs in the transcript.
    // (Perception goes on reporting whoever is there: a simulated visitor may talk on.)
    await this.stage.waitFor(() => this.quiet() || null, Math.min(this.options.withinMs, 3_000));
    return results;
  }

  async #step(step: Step): Promise<string[]> {
    if ('expect' in step) return this.#expect(step.expect);
    // Time passing is no action: what the robot does meanwhile stays in the next expectation's window.
    if ('wait_ms' in step) {
      await new Promise((r) => setTimeout(r, step.wait_ms));
      return [];
    }
    this.#cursor = this.#seq;
    if ('detect' in step) {
      const d = step.detect;
      const spec = d === null || typeof d === 'string' ? { id: d, name: undefined, confidence: undefined } : d;
      let id = spec.id;
      if (id?.startsWith('@')) {
        id = this.idOf(id.slice(1));
        if (!id) return [`${spec.id}: the daemon has published no user_info for ${spec.id!.slice(1)} so far`];
      }
      const name = spec.name ?? (id ? (this.scenario.people[id] ?? (spec.id?.startsWith('@') ? spec.id.slice(1) : id)) : 'unknown');
      await this.stage.detect(id, name, spec.confidence ?? 95);
      this.#lastAct = { seq: this.#seq, at: this.stage.now() };
      this.#lastCue = this.#lastAct;
      return [];
    }
    if ('leave' in step) {
      this.stage.stopDetecting();
      this.stage.note('perception: nobody (no more detections)');
      this.#lastAct = { seq: this.#seq, at: this.stage.now() };
      return [];
    }
    if ('say' in step) {
      const say = typeof step.say === 'string' ? { text: step.say } : step.say;
      if (!('interrupt' in say && say.interrupt)) await this.stage.waitFor(() => this.quiet() || null, this.options.maxWaitQuietMs);
      this.#cursor = this.#seq;
      const payload = 'language' in say && say.language ? JSON.stringify({ text: say.text, language: say.language }) : say.text;
      await this.stage.publish(TOPIC.speech, payload);
      this.#lastSay = { text: say.text, seq: this.#seq, at: this.stage.now() };
      this.#lastAct = this.#lastSay;
      this.#lastCue = this.#lastSay;
      return [];
    }
    const p = step.publish;
    const payload = this.#resolve(p.payload);
    await this.stage.publish(p.topic, typeof payload === 'string' ? payload : JSON.stringify(payload), p.retain);
    this.#lastAct = { seq: this.#seq, at: this.stage.now() };
    return [];
  }

  /** Each check: null when met, else what went wrong, quoting what was published. */
  #checks(e: Expectation): { positive: (() => string | null)[]; negative: (() => string | null)[] } {
    const positive: (() => string | null)[] = [];
    const negative: (() => string | null)[] = [];
    const spoken = () => this.#window(TOPIC.speak).map((h) => h.text);
    const saidSoFar = () => (spoken().length ? spoken().map((s) => quote(s)).join(' ') : 'nothing');
    if (e.speak !== undefined) {
      const re = toRegex(e.speak);
      positive.push(() => (re.test(spoken().join(' ')) ? null : `speak ${re}: the robot said ${saidSoFar()}`));
    }
    if (e.not_speak !== undefined) {
      const re = toRegex(e.not_speak);
      negative.push(() => (re.test(spoken().join(' ')) ? `not_speak ${re}: the robot said ${saidSoFar()}` : null));
    }
    const fieldsOf = (topic: string) => this.#window(topic).map((h) => json(h.text));
    const anyMatching = (what: string, topic: string, fields: Record<string, unknown>) => () => {
      const events = fieldsOf(topic);
      const resolved = this.#resolve(fields);
      if (events.some((ev) => mismatches(ev, resolved).length === 0)) return null;
      if (!events.length) return `${what}: nothing was published on ${topic}`;
      return `${what}: ${mismatches(events.at(-1), resolved).join('; ')} (published: ${events.map((ev) => quote(JSON.stringify(ev), 300)).join(', ')})`;
    };
    if (e.user_info) positive.push(anyMatching('user_info', TOPIC.userInfo, e.user_info));
    if (e.session) positive.push(anyMatching('session', TOPIC.session, e.session));
    if (e.no_user_info) negative.push(() => (fieldsOf(TOPIC.userInfo).length ? `no_user_info: published ${this.#window(TOPIC.userInfo).map((h) => h.text).join(', ')}` : null));
    if (e.turn) {
      const fields = e.turn;
      positive.push(() => {
        const turns = this.#window(TOPIC.turn).map((h) => json(h.text) as Record<string, unknown>);
        const said = this.#lastSay?.text.trim();
        const turn = turns.filter((t) => t.user_text === said).at(-1) ?? turns.at(-1);
        if (!turn) return `turn: no turn event since the last step`;
        const bad = mismatches(turn, this.#resolve(fields));
        if (!bad.length) return null;
        return `turn: ${bad.join('; ')} (turn of ${quote(String(turn.user_text))}: intent ${JSON.stringify(turn.intent)}, reply ${quote(String(turn.reply ?? ''), 200)})`;
      });
    }
    if (e.animation !== undefined) {
      const re = toRegex(e.animation);
      positive.push(() => {
        const played = this.#window(TOPIC.animation).map((h) => h.text);
        return played.some((a) => re.test(a)) ? null : `animation ${re}: played ${played.length ? played.map((a) => quote(a)).join(', ') : 'nothing'}`;
      });
    }
    if (e.not_animation !== undefined) {
      const re = toRegex(e.not_animation);
      negative.push(() => {
        const played = this.#window(TOPIC.animation).map((h) => h.text);
        return played.some((a) => re.test(a)) ? `not_animation ${re}: played ${played.map((a) => quote(a)).join(', ')}` : null;
      });
    }
    if (e.capture) positive.push(() => (this.#window(TOPIC.capture).length ? null : 'capture: the robot did not ask perception for a frame'));
    if (e.stop_speaking) positive.push(() => (this.#window(TOPIC.stop).length ? null : `stop_speaking: not published (the robot said ${saidSoFar()})`));
    if (e.published) {
      const { topic, payload } = e.published;
      const re = payload === undefined ? null : isRegexLiteral(payload) ? toRegex(payload) : new RegExp(payload);
      positive.push(() => {
        const got = this.#window(topic).map((h) => h.text);
        if (got.some((t) => !re || re.test(t))) return null;
        return `published ${topic}${re ? ` ${re}` : ''}: ${got.length ? got.map((t) => quote(t, 200)).join(', ') : 'nothing'}`;
      });
    }
    if (e.first_speak_ms !== undefined) {
      const limit = e.first_speak_ms;
      positive.push(() => {
        const from = this.#lastCue;
        const first = this.stage.heard.find((h) => h.seq > from.seq && h.topic === TOPIC.speak && !h.ours);
        if (!first) return `first_speak_ms ≤ ${limit}: nothing spoken yet`;
        const ms = Math.round(first.at - from.at);
        return ms <= limit ? null : `first_speak_ms ≤ ${limit}: the first sentence (${quote(first.text)}) came after ${ms} ms`;
      });
    }
    negative.push(
      ...visitChecks(e, {
        window: (topic) => this.#window(topic),
        all: (topic) => this.stage.heard.filter((h) => h.topic === topic && !h.ours),
        resolve: (v) => this.#resolve(v),
      }),
    );
    return { positive, negative };
  }

  async #expect(e: Expectation): Promise<string[]> {
    const { positive, negative } = this.#checks(e);
    const within = e.within_ms ?? this.options.withinMs;
    const failing = () => positive.map((c) => c()).filter((f): f is string => f !== null);
    const decided = this.#decidedEarly(e);
    const deadline = this.stage.now() + within;
    await this.stage.waitFor(() => (failing().length === 0 || decided() ? true : null), within);
    const failures = failing();
    // After the other checks: a session end in the same expectation means its conversation is queued.
    const memory = e.memory_written ? await this.#memoryWritten(deadline) : null;
    if (memory) failures.push(memory);
    if (negative.length) {
      // "Nothing of the kind": proven by the robot having finished (the turn event of the last
      // utterance is the sentinel), not by a pause.
      await this.stage.waitFor(() => this.quiet() || null, within);
      failures.push(...negative.map((c) => c()).filter((f): f is string => f !== null));
    }
    return failures;
  }

  /** memory_written: null once nothing waits to be remembered, else why not by the deadline. */
  async #memoryWritten(deadline: number): Promise<string | null> {
    const waiting = this.options.memoryWaiting;
    if (!waiting) return 'memory_written: the runner cannot see this daemon\'s memory (run without --url)';
    let left = await waiting();
    while (left > 0 && this.stage.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      left = await waiting();
    }
    return left > 0 ? `memory_written: ${left} conversation(s) or write(s) still waiting to be remembered` : null;
  }

  /**
   * With `decideOnceAnswered`: the checks of what answers an utterance (speak, user_info, turn)
   * are decided once its turn has been reported and the robot has been quiet for three seconds since (sentences and user_info may follow the turn event, late on a loaded machine);
   * waiting out `within_ms` could not change them. Checks of what comes by itself (a session
   * end, a greeting on arrival) always wait.
   */
  #decidedEarly(e: Expectation): () => boolean {
    const answering = e.memory_written === undefined && e.session === undefined && e.animation === undefined && e.capture === undefined && e.stop_speaking === undefined && e.published === undefined && e.first_speak_ms === undefined;
    const say = this.#lastSay;
    if (!this.options.decideOnceAnswered || !answering || !say || this.#lastAct !== say) return () => false;
    const grace = Math.max(3000, this.options.quietGraceMs);
    return () => {
      const turn = this.stage.heard.find((h) => h.seq > say.seq && h.topic === TOPIC.turn && !h.ours);
      return turn !== undefined && this.stage.now() - turn.at >= grace && this.stage.silentFor(grace);
    };
  }

  /** A simulated visitor's utterance: said when the robot is quiet; resolves with what the robot answered. */
  async converse(text: string): Promise<string> {
    await this.#step({ say: text });
    await this.stage.waitFor(() => this.quiet() || null, this.options.maxWaitQuietMs);
    return this.#window(TOPIC.speak)
      .map((h) => h.text)
      .join(' ');
  }

  /** Everything that was said and done, for the report. */
  transcript(): string[] {
    return transcript(this.stage.heard);
  }
}
