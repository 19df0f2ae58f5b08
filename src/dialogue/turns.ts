import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Health } from '../health/index.js';
import { isBackchannel, turnLanguage } from '../language/index.js';
import { preview, type Logger } from '../log/index.js';
import { joinSentences, type Voice } from '../speech/index.js';
import { runGraph, type GraphRun } from './engine.js';
import type { DialogueGraph } from './graph.js';
import { line } from './offline/responder.js';
import type { DaemonPorts, Ports } from './ports.js';
import type { Conversations } from './conversations.js';
import type { Presence } from './presence.js';
import type { QuietGate } from './quiet-gate.js';
import { startTurn, type ChatMessage, type Occasion, type TurnState, type UserInfo } from './state.js';
import { responsePrefix } from './prompt.js';
import { buildTurnEvent, type TurnEvent, type TurnStart } from './turn-event.js';

export interface Utterance {
  text: string;
  /** Who spoke, when speech-to-text knows the speaker: they become the current person. */
  speaker?: UserInfo | undefined;
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

export interface TurnRunnerEvents {
  /** A turn begins: monitors and the interaction log open their record of it. */
  turn_start: [start: TurnStart];
  turn: [event: TurnEvent];
}

export interface TurnRunnerOptions {
  ports: DaemonPorts;
  graph: DialogueGraph;
  /** The graph of a turn the robot begins (a greeting, an invitation). */
  engagementGraph: DialogueGraph;
  presence: Presence;
  conversations: Conversations;
  /** Told when turns run, for the background work that waits for a pause. */
  quiet: QuietGate;
  voice: Voice;
  log: Logger;
  health: Health;
}

/**
 * Runs turns: one at a time, in arrival order, each through the dialogue graph with its own turn
 * id, logger and abort signal, on the conversation of the person who spoke; its reply goes to
 * the voice, what it did to the conversation store and to presence, its story to the turn event. Never throws at its callers: whatever happens, a turn ends
 * with something said and a turn event.
 */
export class TurnRunner extends EventEmitter<TurnRunnerEvents> {
  readonly #o: TurnRunnerOptions;
  // Each utterance remembers who was in front of the robot when it arrived.
  readonly #waiting: { utterance: Utterance; user: UserInfo; occasion: Occasion; resolve: (result: TurnResult | null) => void }[] = [];
  #running: Promise<void> | null = null;
  #current: AbortController | null = null;
  #lastTurn: TurnResult | null = null;

  constructor(options: TurnRunnerOptions) {
    super();
    this.#o = options;
  }

  get lastTurn(): TurnResult | null {
    return this.#lastTurn;
  }

  /**
   * Queues an utterance. Resolves when its turn is done, or with null when it was dropped: when
   * too many wait, the oldest waiting one goes, because the newest is what the person means now.
   * With speech.bargeIn it first cuts the reply in progress, if any.
   */
  submit(utterance: Utterance): Promise<TurnResult | null> {
    const { presence } = this.#o;
    const listening = this.#listening(utterance.text);
    if (this.#o.ports.config.speech.bargeIn && !listening) this.#bargeIn(utterance);
    if (utterance.speaker) presence.switchUser(utterance.speaker);
    presence.spoke(presence.user);
    if (listening) {
      this.#o.log.info({ text: preview(utterance.text) }, 'backchannel while the robot speaks: it goes on');
      return Promise.resolve(null);
    }
    return this.#enqueue(utterance, 'utterance');
  }

  /**
   * "Uh-huh", "genau", "嗯" while the robot speaks is listening, not a turn: no barge-in, no reply.
   * Unless the robot asked something: then "yeah" is the answer. A question still waiting to be
   * said is not asked yet ("Mm-hmm" during "I don't know that." of "I don't know that. What's your name?").
   */
  #listening(text: string): boolean {
    if (!this.#speaking || !isBackchannel(text)) return false;
    const session = this.#o.conversations.of(this.#o.presence.user);
    // The reply still being spoken is not in the history yet (it is written once said): the last turn's.
    const asked = this.#lastTurn?.state.final_message ?? session.messages.findLast((m) => m.role === 'assistant')?.content ?? '';
    const question = /[?？]\s*$/u;
    // A turn in progress answers something newer: the question before it is no longer pending.
    const pending = this.#current === null && question.test(asked);
    const heard = pending && !this.#o.voice.unsaid.some((sentence) => question.test(sentence));
    return !session.name_confirmation && !heard;
  }

  get #speaking(): boolean {
    return (this.#current !== null && !this.#current.signal.aborted) || this.#o.voice.busy;
  }

  /** A turn the robot begins for the person in front of it: a greeting, or an invitation to talk. */
  engage(occasion: Exclude<Occasion, 'utterance'>): Promise<TurnResult | null> {
    return this.#enqueue({ text: '' }, occasion);
  }

  /** A turn is running or waiting. */
  get busy(): boolean {
    return this.#running !== null;
  }

  #enqueue(utterance: Utterance, occasion: Occasion): Promise<TurnResult | null> {
    return new Promise((resolve) => {
      if (this.#waiting.length >= this.#o.ports.config.dialogue.maxQueuedUtterances) {
        const dropped = this.#waiting.shift()!;
        this.#o.health.count('dropped_utterances');
        this.#o.log.warn({ text: preview(dropped.utterance.text), waiting: this.#waiting.length }, 'too many utterances waiting; dropping the oldest');
        dropped.resolve(null);
      }
      this.#waiting.push({ utterance, user: this.#o.presence.user, occasion, resolve });
      if (!this.#running) {
        this.#o.quiet.busy();
        this.#running = this.#work();
      }
    });
  }

  /** Waits for the queued turns; aborts the running one (and forgets queued speech) when asked. */
  async drain(abort = false): Promise<void> {
    if (abort) {
      this.#current?.abort();
      this.#o.voice.close();
    }
    await this.#running;
  }

  /**
   * A new utterance while the robot still generates or speaks: the running turn is cancelled
   * (its model stream aborted), and the voice cuts what is still to be said.
   */
  #bargeIn(utterance: Utterance): void {
    if (!this.#speaking) return;
    this.#current?.abort();
    this.#o.health.count('barge_ins');
    this.#o.voice.interrupt(utterance.text);
  }

  /** Who an anonymous person is got settled: their utterances still waiting continue their conversation, and they are in front. */
  #settled(from: UserInfo, to: UserInfo): void {
    for (const waiting of this.#waiting) if (waiting.user.user_id === from.user_id) waiting.user = to;
    this.#o.presence.settled(from, to);
  }

  /**
   * The history was cut: the next reply's prompt no longer begins like this one, and its model
   * server would compute all of the kept history again before the next first word. It is computed
   * now, while this reply is spoken: the system message, the kept history and this reply (as the
   * history will hold it once said).
   */
  #computeAhead(kept: ChatMessage[], state: TurnState): void {
    const { llm, config, clock } = this.#o.ports;
    if (!llm.prefill || !llm.available('response')) return;
    const history = state.final_message.trim() ? [...kept, { role: 'assistant' as const, content: state.final_message.trim() }] : kept;
    void llm.prefill('response', responsePrefix(history, state, config, clock.now()));
  }

  async #work(): Promise<void> {
    for (let next = this.#waiting.shift(); next; next = this.#waiting.shift()) {
      next.resolve(await this.#turn(next.utterance, next.user, next.occasion));
    }
    this.#running = null;
    this.#o.quiet.idle();
  }

  async #turn(utterance: Utterance, speaker: UserInfo, occasion: Occasion): Promise<TurnResult> {
    const { ports: daemonPorts, presence, conversations, voice } = this.#o;
    const turnId = randomUUID();
    const log = this.#o.log.child({ turn_id: turnId });
    const started = performance.now();
    const controller = new AbortController();
    this.#current = controller;
    const modelMs: Record<string, number> = {};
    // The turn belongs to whoever was in front of the robot when it was said, even if perception
    // reports someone else before it runs or ends.
    const user = speaker;
    const session = conversations.of(user);
    // The tag speech-to-text sent, else the language of the words (the conversation's when they do not tell).
    const initial = startTurn(session, turnId, utterance.text, turnLanguage(utterance.text, utterance.language, session.language, session.messages.length > 0), occasion);
    // The visit the turn belongs to names its interaction log.
    const sessionId = presence.visit?.id ?? initial.conversation_id;
    // The turn's one handle on the voice: its agents write the reply into it, the engine its gestures.
    const reply = voice.open(turnId, { sessionId: utterance.sessionId ?? null, started });
    const ports: Ports = {
      ...daemonPorts,
      turnId,
      sessionId,
      log,
      signal: controller.signal,
      reply,
      metrics: { model: (agent, ms) => void (modelMs[agent] = (modelMs[agent] ?? 0) + ms) },
    };
    log.info({ text: preview(utterance.text), user_id: user.user_id, occasion }, 'turn started');
    this.emit('turn_start', { turn_id: turnId, session_id: sessionId, user_id: user.user_id, user_text: utterance.text, ts: daemonPorts.clock.now().toISOString() });

    let run: GraphRun;
    try {
      run = await runGraph(occasion === 'utterance' ? this.#o.graph : this.#o.engagementGraph, initial, ports);
    } catch (err) {
      // runGraph contains agent failures; reaching here is a bug in the engine itself.
      log.error({ err: (err as Error).message, stack: (err as Error).stack }, 'turn failed');
      run = { state: initial, timings: {}, spans: [], path: [], errors: [{ agent: 'engine', message: (err as Error).message }], cancelled: false };
    } finally {
      if (this.#current === controller) this.#current = null;
    }

    let state = run.state;
    if (!state.final_message && !run.cancelled) {
      state = { ...state, final_message: line('error', state.language, { robotName: daemonPorts.config.persona.name }) };
      reply.write(state.final_message, state.language);
    }
    // Before the reply is finished: its delivery (what was said of it) follows the turn in the history.
    const committed = conversations.commit(user, state);
    if (committed.settled) this.#settled(committed.settled.from, committed.settled.to);
    if (committed.trimmed && state.reply_notes !== null && !run.cancelled) this.#computeAhead(committed.trimmed, state);
    presence.turned(committed.key, state.user_info, { ended: committed.ended, kept: committed.farewell });
    const spoken = reply.finish(run.cancelled);
    // The turn event keeps what was generated; the history only what was said.
    if (spoken.cut || run.cancelled) state = { ...state, final_message: spoken.text.trim() || state.final_message };
    if (spoken.sentences === 0 && !run.cancelled) log.warn('empty reply: nothing to say');

    const event = buildTurnEvent({
      state,
      run,
      userText: utterance.text,
      sessionId,
      ts: daemonPorts.clock.now(),
      totalMs: performance.now() - started,
      modelMs,
      degraded: this.#o.health.degraded(),
      speech: {
        streamed: daemonPorts.config.speech.streaming,
        sentences: spoken.sentences,
        first_sentence_ms: spoken.firstSentenceMs,
        interrupted: spoken.cut !== null || run.cancelled,
        ...(spoken.cut && { spoken: joinSentences(spoken.cut.spoken) }),
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
}
