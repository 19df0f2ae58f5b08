import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { TurnEvent } from '../bus/index.js';
import type { Health } from '../health/index.js';
import { supportedLanguageFromTag } from '../intent/index.js';
import { preview, type Logger } from '../log/index.js';
import { joinSentences, SpeechDelivery, SpokenReply, type SpeechItem } from '../speech/index.js';
import { runGraph, type GraphRun } from './engine.js';
import type { DialogueGraph } from './graph.js';
import { line } from './offline/responder.js';
import { buildTurnEvent } from './turn-event.js';
import type { DaemonPorts, Ports } from './ports.js';
import { replaceReply, SpokenHistory } from './spoken.js';
import { endTurn, newSession, startTurn, type Session, type TurnState, type UserInfo } from './state.js';

export interface Utterance {
  text: string;
  /** Language tag from speech-to-text, if it knows. */
  language?: string | undefined;
  /** The voice stack's dialogue session (Hermes): echoed with each sentence of the reply. */
  sessionId?: string | null | undefined;
}

export interface TurnResult {
  event: TurnEvent;
  state: TurnState;
  run: GraphRun;
}

export interface BrainEvents {
  /** Text for the robot to say: a sentence (speech.streaming), or the whole reply. */
  speak: [text: string, turnId: string, item: SpeechItem];
  /** The robot should stop speaking at once: the rest of its reply was cancelled (barge-in). */
  stop_speaking: [cut: { turnId: string }];
  gesture: [name: string, turnId: string];
  /** A turn begins: monitors and the interaction log open their record of it. */
  turn_start: [start: { turn_id: string; session_id: string | null; user_id: string | null; user_text: string; ts: string }];
  turn: [event: TurnEvent];
}

export interface BrainOptions {
  ports: DaemonPorts;
  graph: DialogueGraph;
  log: Logger;
  health: Health;
  /**
   * Whether a speech stack reports when it starts and ends speaking (the daemon on MQTT). Without
   * one (the console), a sentence counts as said when it is handed over.
   */
  speechFeedback?: boolean;
}

const ANONYMOUS = '__anonymous__';

/**
 * Runs turns: one at a time, in arrival order, each through the dialogue graph with its own
 * turn id, logger and abort signal. Keeps each user's session between turns. Never throws at
 * its callers: whatever happens, a turn ends with something said and a turn event.
 */
export class Brain extends EventEmitter<BrainEvents> {
  readonly #ports: DaemonPorts;
  readonly #graph: DialogueGraph;
  readonly #log: Logger;
  readonly #health: Health;
  readonly #sessions = new Map<string, Session>();
  #user: UserInfo = { user_id: null, user_name: null };
  // Each utterance remembers who was in front of the robot when it arrived.
  readonly #waiting: { utterance: Utterance; user: UserInfo; resolve: (result: TurnResult | null) => void }[] = [];
  #running: Promise<void> | null = null;
  #current: AbortController | null = null;
  #lastTurn: TurnResult | null = null;
  // Delivery, barge-in, and what was actually said of each reply.
  readonly #speech: SpeechDelivery;
  #turnId: string | null = null;
  readonly #spoken = new SpokenHistory();
  // Sessions moved by a turn that settled who the person is (key → them).
  readonly #moved = new Map<string, UserInfo>();

  constructor(options: BrainOptions) {
    super();
    this.#ports = options.ports;
    this.#graph = options.graph;
    this.#log = options.log;
    this.#health = options.health;
    this.#speech = new SpeechDelivery({
      config: options.ports.config.speech,
      feedback: options.speechFeedback ?? false,
      say: (item) => this.emit('speak', item.text, item.turnId, item),
      stop: (cut) => this.emit('stop_speaking', cut),
      log: options.log,
      health: options.health,
    });
  }

  get user(): UserInfo {
    return this.#user;
  }

  get lastTurn(): TurnResult | null {
    return this.#lastTurn;
  }

  session(): Session {
    return structuredClone(this.#sessionOf(this.#user));
  }

  /**
   * Who is in front of the robot now. Each user has their own session (history, language), kept
   * while others talk and restored when they come back. Takes effect from the next turn.
   */
  switchUser(user: UserInfo): void {
    if (this.#key(user) === this.#key(this.#user) && user.user_name === this.#user.user_name) return;
    const session = this.#sessions.get(this.#key(user));
    if (session) this.#sessions.set(this.#key(user), { ...session, user_info: { ...session.user_info, ...user } });
    this.#log.info({ user_id: user.user_id, user_name: user.user_name }, 'current user changed');
    this.#user = { ...user };
    // Someone (new) is now in front under this key; earlier moves no longer apply.
    this.#moved.delete(this.#key(user));
  }

  /** Forgets the current user's conversation. */
  reset(): void {
    this.#sessions.delete(this.#key(this.#user));
  }

  /**
   * Queues an utterance. Resolves when its turn is done, or with null when it was dropped: when
   * too many wait, the oldest waiting one goes, because the newest is what the person means now.
   * With speech.bargeIn it first cuts the reply in progress, if any (see #bargeIn).
   */
  submit(utterance: Utterance): Promise<TurnResult | null> {
    if (this.#ports.config.speech.bargeIn) this.#bargeIn(utterance);
    return new Promise((resolve) => {
      if (this.#waiting.length >= this.#ports.config.dialogue.maxQueuedUtterances) {
        const dropped = this.#waiting.shift()!;
        this.#health.count('dropped_utterances');
        this.#log.warn({ text: preview(dropped.utterance.text), waiting: this.#waiting.length }, 'too many utterances waiting; dropping the oldest');
        dropped.resolve(null);
      }
      this.#waiting.push({ utterance, user: this.#user, resolve });
      if (!this.#running) this.#running = this.#work();
    });
  }

  /** Resolves when no turn is running or waiting: when background work may have the CPU. */
  async whenIdle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  /** Waits for the queued turns; aborts the running one (and forgets queued speech) when asked. */
  async drain(abort = false): Promise<void> {
    if (abort) {
      this.#current?.abort();
      this.#speech.close();
    }
    await this.#running;
  }

  /** The speech stack started speaking (agent/feedback/start_speak). */
  speechStarted(): void {
    this.#speech.started();
  }

  /** The speech stack finished speaking (end_speak), or finished the sentence with this id (Hermes). */
  speechFinished(id?: string): void {
    this.#speech.finished(id);
  }

  /**
   * A new utterance while the robot still generates or speaks: the rest of the reply is
   * cancelled (model stream aborted, queued sentences dropped, the speech stack told to stop),
   * and only what was said stays in the history.
   */
  #bargeIn(utterance: Utterance): void {
    const generating = this.#current !== null && !this.#current.signal.aborted;
    if (!generating && !this.#speech.busy) return;
    this.#current?.abort();
    this.#health.count('barge_ins');
    for (const cut of this.#speech.interrupt()) {
      this.#log.info(
        { turn_id: cut.turnId, spoken: cut.spoken.length, dropped: cut.dropped, text: preview(utterance.text) },
        'barge-in: the rest of the reply is cancelled',
      );
      this.#spoken.cut(cut, this.#turnId, this.#sessions);
    }
  }

  async #work(): Promise<void> {
    for (let next = this.#waiting.shift(); next; next = this.#waiting.shift()) {
      next.resolve(await this.#turn(next.utterance, this.#settledAs(next.user)));
    }
    this.#running = null;
  }

  #key(user: UserInfo): string {
    return user.user_id ?? ANONYMOUS;
  }

  #sessionOf(user: UserInfo): Session {
    return this.#sessions.get(this.#key(user)) ?? newSession(this.#ports.config.language, user);
  }

  async #turn(utterance: Utterance, user: UserInfo): Promise<TurnResult> {
    const turnId = randomUUID();
    const log = this.#log.child({ turn_id: turnId });
    const started = performance.now();
    const controller = new AbortController();
    this.#current = controller;
    const modelMs: Record<string, number> = {};
    // The turn belongs to whoever was in front of the robot when it was said,
    // even if perception reports someone else before it runs or ends.
    const initial = startTurn(this.#sessionOf(user), turnId, utterance.text, supportedLanguageFromTag(utterance.language));
    let latest = initial;
    const seq = this.#speech.begin(turnId, utterance.sessionId ?? null);
    this.#turnId = turnId;
    let firstSentenceMs: number | null = null;
    const speech = this.#ports.config.speech;
    const reply = new SpokenReply({
      streaming: speech.streaming,
      minSentenceChars: speech.minSentenceChars,
      maxSentenceChars: speech.maxSentenceChars,
      language: () => latest.language,
      say: (text, language) => {
        firstSentenceMs ??= performance.now() - started;
        this.#speech.say(seq, text, language);
      },
    });
    const ports: Ports = {
      ...this.#ports,
      log,
      signal: controller.signal,
      reply,
      metrics: { model: (agent, ms) => void (modelMs[agent] = (modelMs[agent] ?? 0) + ms) },
    };
    log.info({ text: preview(utterance.text), user_id: user.user_id }, 'turn started');
    this.emit('turn_start', { turn_id: turnId, session_id: initial.conversation_id, user_id: user.user_id, user_text: utterance.text, ts: this.#ports.clock.now().toISOString() });

    let run: GraphRun;
    try {
      // Agents append gestures; each new one is performed as soon as it is decided.
      let performed = 0;
      run = await runGraph(this.#graph, initial, ports, {
        onPatch: (agent, patch, state) => {
          latest = state;
          if (!patch.gestures) return;
          for (const gesture of state.gestures.slice(performed)) {
            this.emit('gesture', gesture, turnId);
            log.debug({ agent, gesture }, 'gesture');
          }
          performed = state.gestures.length;
        },
      });
    } catch (err) {
      // runGraph contains agent failures; reaching here is a bug in the engine itself.
      log.error({ err: (err as Error).message, stack: (err as Error).stack }, 'turn failed');
      run = { state: initial, timings: {}, spans: [], path: [], errors: [{ agent: 'engine', message: (err as Error).message }], cancelled: false };
    } finally {
      if (this.#current === controller) this.#current = null;
    }

    let state = run.state;
    const cut = this.#spoken.takeCut(turnId);
    if (cut || run.cancelled) {
      // The turn event keeps what was generated; the history only what was said.
      reply.cancel();
      const generated = reply.text.trim();
      const messages = cut && replaceReply(state.messages, state.final_message, joinSentences(cut.spoken), true);
      state = { ...state, final_message: generated, ...(messages && { messages: messages.slice(-this.#ports.config.dialogue.historyTurns * 2) }) };
    } else if (!state.final_message) {
      const text = line('error', state.language, { robotName: this.#ports.config.persona.name });
      state = { ...state, final_message: text };
      reply.write(text);
    }
    reply.end();
    if (reply.handedOn === 0 && !run.cancelled) log.warn('empty reply: nothing to say');
    this.#speech.end(seq);
    this.#turnId = null;
    const key = this.#keep(user, endTurn(state));
    if (!cut && !run.cancelled) this.#spoken.finished(turnId, key, state.final_message);

    const event = buildTurnEvent({
      state,
      run,
      userText: utterance.text,
      sessionId: initial.conversation_id,
      ts: this.#ports.clock.now(),
      totalMs: performance.now() - started,
      modelMs,
      degraded: this.#health.degraded(),
      speech: {
        streamed: speech.streaming,
        sentences: reply.handedOn,
        first_sentence_ms: firstSentenceMs,
        interrupted: cut !== undefined || run.cancelled,
        ...(cut && { spoken: joinSentences(cut.spoken) }),
      },
    });
    log.info(
      { intent: event.intent.name, confidence: Math.round(event.intent.confidence * 100) / 100, ms: event.timings_ms.total, reply: preview(event.reply) },
      'turn done',
    );
    this.emit('turn', event);
    this.#lastTurn = { event, state, run };
    return this.#lastTurn;
  }

  /**
   * Stores a turn's session and says under which key. A turn may settle who the person is
   * (memory_update gives an anonymous person an id, or links them to a known one): their
   * conversation moves with them, and they become the current user unless perception has
   * switched to someone else meanwhile.
   */
  #keep(user: UserInfo, session: Session): string {
    const settled = session.user_info;
    if (settled.user_id === user.user_id) {
      this.#sessions.set(this.#key(user), session);
      return this.#key(user);
    }
    this.#sessions.delete(this.#key(user));
    this.#sessions.set(this.#key(settled), session);
    this.#moved.set(this.#key(user), { user_id: settled.user_id, user_name: settled.user_name });
    if (this.#key(this.#user) === this.#key(user)) {
      this.#log.info({ from: user.user_id, to: settled.user_id }, 'current user settled by the conversation');
      this.#user = { user_id: settled.user_id, user_name: settled.user_name };
    }
    return this.#key(settled);
  }

  /**
   * Who an utterance's speaker turned out to be: an anonymous person who has since told their
   * name, for utterances they said before that turn ended.
   */
  #settledAs(user: UserInfo): UserInfo {
    let resolved = user;
    for (let hops = 0; hops < 8; hops++) {
      const next = this.#moved.get(this.#key(resolved));
      if (!next) break;
      resolved = next;
    }
    return resolved;
  }

  /** Forget-me: drops the person's conversation and every mention of them in other sessions. */
  forget(userId: string): string[] {
    const removed: string[] = [];
    if (this.#sessions.delete(userId)) removed.push('conversation');
    for (const [key, session] of this.#sessions) {
      const pending = session.name_confirmation;
      if (!pending?.candidates.some((c) => c.user_id === userId)) continue;
      const candidates = pending.candidates.filter((c) => c.user_id !== userId);
      // Without candidates the question is void; the person's own name is resolved anew next time.
      this.#sessions.set(key, { ...session, name_confirmation: candidates.length ? { ...pending, candidates } : null });
      removed.push(`candidate in the name confirmation of ${key === ANONYMOUS ? 'an anonymous person' : key}`);
    }
    for (const [key, to] of this.#moved) if (key === userId || to.user_id === userId) this.#moved.delete(key);
    if (this.#user.user_id === userId) {
      this.#user = { user_id: null, user_name: null };
      this.#sessions.delete(ANONYMOUS);
      removed.push('current user');
    }
    return removed;
  }

  /** Where the brain still holds something about the person (searching every session). */
  mentions(userId: string): string[] {
    const found = [...this.#sessions].filter(([key, s]) => key === userId || JSON.stringify(s).includes(userId)).map(([key]) => `session ${key}`);
    if (this.#user.user_id === userId) found.push('current user');
    if ([...this.#moved].some(([key, to]) => key === userId || to.user_id === userId)) found.push('a settled name');
    return found;
  }
}
