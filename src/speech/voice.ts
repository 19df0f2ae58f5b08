import { EventEmitter } from 'node:events';
import type { Config, Language } from '../config/index.js';
import type { Health } from '../health/index.js';
import { preview, type Logger } from '../log/index.js';
import { SpeechDelivery, type Interruption } from './delivery.js';
import type { SpeechOut } from './out.js';
import { SpokenReply } from './reply.js';
import { joinSentences } from './sentences.js';

/**
 * What the person heard of a reply, once that can no longer change: the whole reply, or what was
 * said of it before a barge-in cut it (empty when nothing was, or the turn was cancelled).
 */
export interface Delivered {
  turnId: string;
  spokenText: string;
  cut: boolean;
}

export interface VoiceEvents {
  /** Once per reply: what was said of it, final (the conversation's history is written from it). */
  delivered: [delivered: Delivered];
}

export interface VoiceOptions {
  config: Config['speech'];
  /**
   * Whether a speech stack reports when it starts and ends speaking (the daemon on MQTT). Without
   * one (the console), a sentence counts as said when it is handed over.
   */
  feedback: boolean;
  /** Where sentences, stops and gestures go (made before the voice; the bus or the console listens). */
  out: SpeechOut;
  log: Logger;
  health: Health;
}

/** What became of a turn's reply once the turn is over. */
export interface ReplyOutcome {
  /** Everything the turn wrote (the turn event reports it). */
  text: string;
  /** Pieces handed to the speech stack. */
  sentences: number;
  /** From `started` to the first piece handed over; null when nothing was. */
  firstSentenceMs: number | null;
  /** Set when a barge-in cut this reply while its turn still ran: what was said of it. */
  cut: Interruption | null;
}

/**
 * A turn's reply as it is written: the one handle the turn has on the voice (the reply sink of
 * its agents). Text and gestures go in; at the turn's end, what became of the reply comes out.
 */
export interface VoiceReply {
  /** `language` is the reply's: the first text decides it (the turn may switch language before). */
  write(text: string, language: Language): void;
  end(): void;
  /** Performed at once (an animation), in the course of the reply. */
  gesture(name: string): void;
  /** The turn is over: nothing more is spoken of what it writes after a cut. */
  finish(cancelled: boolean): ReplyOutcome;
}

/** A reply the voice follows until it is delivered: its turn runs (`text` null), or it is still spoken. */
interface Following {
  cut: Interruption | null;
  /** The whole reply, once its turn has finished writing it. */
  text: string | null;
}

/**
 * Everything the robot says and does with its body: sentences handed to the speech stack (`out`)
 * in order and paced by its feedback, gestures, and barge-in. The only owner of speech delivery; it
 * hears start_speak and end_speak itself, and announces once per reply what was really said of
 * it (`delivered`): when the last sentence is said, when a barge-in cuts it, or at the end of its
 * turn when nothing can cut it any more (speech.bargeIn off, or nothing left to say).
 */
export class Voice extends EventEmitter<VoiceEvents> {
  readonly #o: VoiceOptions;
  readonly #delivery: SpeechDelivery;
  // Replies not delivered yet, by turn id.
  readonly #following = new Map<string, Following>();

  constructor(options: VoiceOptions) {
    super();
    this.#o = options;
    this.#delivery = new SpeechDelivery({
      config: options.config,
      feedback: options.feedback,
      out: options.out,
      said: ({ turnId }) => {
        const reply = this.#following.get(turnId);
        if (reply?.text !== null && reply !== undefined) this.#deliver(turnId, reply.text, false);
      },
      log: options.log,
      health: options.health,
    });
  }

  /** Sentences waiting or being spoken. */
  get busy(): boolean {
    return this.#delivery.busy;
  }

  /** Sentences of replies not yet begun: nobody has heard them. */
  get unsaid(): readonly string[] {
    return this.#delivery.waiting;
  }

  /** A new reply for a turn. */
  open(turnId: string, options: { sessionId: string | null; started: number }): VoiceReply {
    const seq = this.#delivery.begin(turnId, options.sessionId);
    const state: Following = { cut: null, text: null };
    this.#following.set(turnId, state);
    const speech = this.#o.config;
    // Sentences go from the reply straight to delivery, and from there out: never back through here.
    const reply = new SpokenReply({ streaming: speech.streaming, minSentenceChars: speech.minSentenceChars, maxSentenceChars: speech.maxSentenceChars, delivery: this.#delivery, seq });
    return {
      write: (text, language) => reply.write(text, language),
      end: () => reply.end(),
      gesture: (name) => this.#o.out.gesture(name, turnId),
      finish: (cancelled) => {
        // A cut reply keeps what was generated for the turn event; nothing more of it is spoken.
        if (state.cut || cancelled) reply.cancel();
        reply.end();
        if (state.cut || cancelled) this.#deliver(turnId, state.cut ? joinSentences(state.cut.spoken) : '', true);
        else {
          state.text = reply.text.trim();
          // Nothing can cut it any more: what is handed over will be said.
          if (!this.#o.config.bargeIn) this.#deliver(turnId, state.text, false);
        }
        this.#delivery.end(seq);
        const firstSentenceMs = reply.firstHandedAt === null ? null : reply.firstHandedAt - options.started;
        return { text: reply.text, sentences: reply.handedOn, firstSentenceMs, cut: state.cut };
      },
    };
  }

  /**
   * Barge-in: the rest of every reply is cancelled (queued sentences dropped, the speech stack told
   * to stop). A reply whose turn still runs learns it at its end; a finished one is delivered at
   * once, as far as it was said.
   */
  interrupt(because: string): void {
    for (const cut of this.#delivery.interrupt()) {
      this.#o.log.info({ turn_id: cut.turnId, spoken: cut.spoken.length, dropped: cut.dropped, text: preview(because) }, 'barge-in: the rest of the reply is cancelled');
      const reply = this.#following.get(cut.turnId);
      if (reply?.text === null) reply.cut = cut;
      else if (reply) this.#deliver(cut.turnId, joinSentences(cut.spoken), true);
    }
  }

  /** The speech stack started speaking (agent/feedback/start_speak). */
  started(): void {
    this.#delivery.started();
  }

  /** The speech stack finished speaking (end_speak), or finished the sentence with this id (Hermes). */
  finished(id?: string): void {
    this.#delivery.finished(id);
  }

  /** Forgets everything without a word to the speech stack (daemon stop); finished replies count as said. */
  close(): void {
    for (const [turnId, reply] of this.#following) if (reply.text !== null) this.#deliver(turnId, reply.text, false);
    this.#delivery.close();
  }

  #deliver(turnId: string, spokenText: string, cut: boolean): void {
    if (!this.#following.delete(turnId)) return;
    this.emit('delivered', { turnId, spokenText, cut });
  }
}
