import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { TurnEvent } from '../bus/index.js';
import type { Health } from '../health/index.js';
import { supportedLanguageFromTag } from '../intent/index.js';
import { preview, type Logger } from '../log/index.js';
import { runGraph, type GraphRun } from './engine.js';
import type { DialogueGraph } from './graph.js';
import { line } from './offline/responder.js';
import { buildTurnEvent } from './turn-event.js';
import type { DaemonPorts, Ports, ReplySink } from './ports.js';
import { endTurn, newSession, startTurn, type Session, type TurnState, type UserInfo } from './state.js';

export interface Utterance {
  text: string;
  /** Language tag from speech-to-text, if it knows. */
  language?: string | undefined;
}

export interface TurnResult {
  event: TurnEvent;
  state: TurnState;
  run: GraphRun;
}

export interface BrainEvents {
  /** Text for the robot to say. */
  speak: [text: string, turnId: string];
  gesture: [name: string, turnId: string];
  turn: [event: TurnEvent];
}

export interface BrainOptions {
  ports: DaemonPorts;
  graph: DialogueGraph;
  log: Logger;
  health: Health;
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
  readonly #waiting: { utterance: Utterance; resolve: (result: TurnResult | null) => void }[] = [];
  #running: Promise<void> | null = null;
  #current: AbortController | null = null;
  #lastTurn: TurnResult | null = null;

  constructor(options: BrainOptions) {
    super();
    this.#ports = options.ports;
    this.#graph = options.graph;
    this.#log = options.log;
    this.#health = options.health;
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
  }

  /** Forgets the current user's conversation. */
  reset(): void {
    this.#sessions.delete(this.#key(this.#user));
  }

  /**
   * Queues an utterance. Resolves when its turn is done, or with null when it was dropped: when
   * too many wait, the oldest waiting one goes, because the newest is what the person means now.
   */
  submit(utterance: Utterance): Promise<TurnResult | null> {
    return new Promise((resolve) => {
      if (this.#waiting.length >= this.#ports.config.dialogue.maxQueuedUtterances) {
        const dropped = this.#waiting.shift()!;
        this.#health.count('dropped_utterances');
        this.#log.warn({ text: preview(dropped.utterance.text), waiting: this.#waiting.length }, 'too many utterances waiting; dropping the oldest');
        dropped.resolve(null);
      }
      this.#waiting.push({ utterance, resolve });
      if (!this.#running) this.#running = this.#work();
    });
  }

  /** Waits for the queued turns; aborts the running one when asked. */
  async drain(abort = false): Promise<void> {
    if (abort) this.#current?.abort();
    await this.#running;
  }

  async #work(): Promise<void> {
    for (let next = this.#waiting.shift(); next; next = this.#waiting.shift()) {
      next.resolve(await this.#turn(next.utterance));
    }
    this.#running = null;
  }

  #key(user: UserInfo): string {
    return user.user_id ?? ANONYMOUS;
  }

  #sessionOf(user: UserInfo): Session {
    return this.#sessions.get(this.#key(user)) ?? newSession(this.#ports.config.language, user);
  }

  async #turn(utterance: Utterance): Promise<TurnResult> {
    const turnId = randomUUID();
    const log = this.#log.child({ turn_id: turnId });
    const started = performance.now();
    const controller = new AbortController();
    this.#current = controller;
    const modelMs: Record<string, number> = {};
    const reply = this.#replySink(turnId, log);
    const ports: Ports = {
      ...this.#ports,
      log,
      signal: controller.signal,
      reply,
      metrics: { model: (agent, ms) => void (modelMs[agent] = (modelMs[agent] ?? 0) + ms) },
    };
    // The turn belongs to whoever was in front of the robot when it started, even if perception
    // reports someone else before it ends.
    const user = this.#user;
    log.info({ text: preview(utterance.text), user_id: user.user_id }, 'turn started');

    const initial = startTurn(this.#sessionOf(user), turnId, utterance.text, supportedLanguageFromTag(utterance.language));
    let run: GraphRun;
    try {
      // Agents append gestures; each new one is performed as soon as it is decided.
      let performed = 0;
      run = await runGraph(this.#graph, initial, ports, {
        onPatch: (agent, patch, state) => {
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
      run = { state: initial, timings: {}, path: [], errors: [{ agent: 'engine', message: (err as Error).message }], cancelled: false };
    } finally {
      if (this.#current === controller) this.#current = null;
    }

    let state = run.state;
    if (!state.final_message && !run.cancelled) {
      const text = line('error', state.language, { robotName: this.#ports.config.persona.name });
      state = { ...state, final_message: text };
      reply.write(text);
    }
    reply.end();
    this.#keep(user, endTurn(state));

    const event = buildTurnEvent({
      state,
      run,
      userText: utterance.text,
      ts: this.#ports.clock.now(),
      totalMs: performance.now() - started,
      modelMs,
      degraded: this.#health.degraded(),
    });
    log.info(
      { intent: event.intent.name, confidence: Math.round(event.intent.confidence * 100) / 100, ms: event.timings_ms.total, reply: preview(event.reply) },
      'turn done',
    );
    this.emit('turn', event);
    this.#lastTurn = { event, state, run };
    return this.#lastTurn;
  }

  // people (issue 3)
  /**
   * Stores a turn's session. A turn may settle who the person is (memory_update gives an
   * anonymous person an id, or links them to a known one): their conversation moves with them,
   * and they become the current user unless perception has switched to someone else meanwhile.
   */
  #keep(user: UserInfo, session: Session): void {
    const settled = session.user_info;
    if (settled.user_id === user.user_id) {
      this.#sessions.set(this.#key(user), session);
      return;
    }
    this.#sessions.delete(this.#key(user));
    this.#sessions.set(this.#key(settled), session);
    if (this.#key(this.#user) === this.#key(user)) {
      this.#log.info({ from: user.user_id, to: settled.user_id }, 'current user settled by the conversation');
      this.#user = { user_id: settled.user_id, user_name: settled.user_name };
    }
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
    return found;
  }

  /** Collects the reply and hands it on once complete: one speak message per reply. */
  #replySink(turnId: string, log: Logger): ReplySink {
    let text = '';
    let ended = false;
    return {
      write: (delta) => {
        if (!ended) text += delta;
      },
      end: () => {
        if (ended) return;
        ended = true;
        const spoken = text.trim();
        if (spoken) this.emit('speak', spoken, turnId);
        else log.warn('empty reply: nothing to say');
      },
    };
  }
}
