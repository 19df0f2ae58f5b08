import { EventEmitter } from 'node:events';
import type { Config, Language } from '../config/index.js';
import type { Health } from '../health/index.js';
import { preview, type Logger } from '../log/index.js';
import { SpeechDelivery, type Interruption, type SpeechItem } from './delivery.js';
import { SpokenReply } from './reply.js';
import { joinSentences } from './sentences.js';

/** Where the voice says what became of a finished reply that a barge-in cut while it was spoken. */
export interface SpokenHistory {
  amendAfterCut(turnId: string, spoken: string): void;
}

export interface VoiceEvents {
  /** Text for the robot to say: a sentence (speech.streaming), or the whole reply. */
  speak: [text: string, turnId: string, item: SpeechItem];
  /** The robot should stop speaking at once: the rest of its reply was cancelled (barge-in). */
  stop_speaking: [cut: { turnId: string }];
  gesture: [name: string, turnId: string];
}

export interface VoiceOptions {
  config: Config['speech'];
  /**
   * Whether a speech stack reports when it starts and ends speaking (the daemon on MQTT). Without
   * one (the console), a sentence counts as said when it is handed over.
   */
  feedback: boolean;
  history: SpokenHistory;
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

/** A turn's reply as it is written: a reply sink for the response agent. */
export interface VoiceReply {
  write(text: string): void;
  end(): void;
  /** The turn is over: nothing more is spoken of what it writes after a cut. */
  finish(cancelled: boolean): ReplyOutcome;
}

/**
 * Everything the robot says and does with its body: sentences handed to the speech stack in
 * order and paced by its feedback, gestures, and barge-in. The only owner of speech delivery; it
 * hears start_speak and end_speak itself, and tells the conversation's history what was really
 * said of a reply that was cut.
 */
export class Voice extends EventEmitter<VoiceEvents> {
  readonly #o: VoiceOptions;
  readonly #delivery: SpeechDelivery;
  // Replies whose turn still runs, by turn id: a cut of one is handed to its turn, not the history.
  readonly #open = new Map<string, { cut: Interruption | null }>();

  constructor(options: VoiceOptions) {
    super();
    this.#o = options;
    this.#delivery = new SpeechDelivery({
      config: options.config,
      feedback: options.feedback,
      say: (item) => this.emit('speak', item.text, item.turnId, item),
      stop: (cut) => this.emit('stop_speaking', cut),
      log: options.log,
      health: options.health,
    });
  }

  /** Sentences waiting or being spoken. */
  get busy(): boolean {
    return this.#delivery.busy;
  }

  /** A new reply for a turn; `language` is read when its first text arrives (the turn may switch it before). */
  open(turnId: string, options: { sessionId: string | null; language: () => Language; started: number }): VoiceReply {
    const seq = this.#delivery.begin(turnId, options.sessionId);
    const state = { cut: null as Interruption | null };
    this.#open.set(turnId, state);
    let firstSentenceMs: number | null = null;
    const speech = this.#o.config;
    const reply = new SpokenReply({
      streaming: speech.streaming,
      minSentenceChars: speech.minSentenceChars,
      maxSentenceChars: speech.maxSentenceChars,
      language: options.language,
      say: (text, language) => {
        firstSentenceMs ??= performance.now() - options.started;
        this.#delivery.say(seq, text, language);
      },
    });
    return {
      write: (text) => reply.write(text),
      end: () => reply.end(),
      finish: (cancelled) => {
        // A cut reply keeps what was generated for the turn event; nothing more of it is spoken.
        if (state.cut || cancelled) reply.cancel();
        reply.end();
        this.#delivery.end(seq);
        this.#open.delete(turnId);
        return { text: reply.text, sentences: reply.handedOn, firstSentenceMs, cut: state.cut };
      },
    };
  }

  gesture(name: string, turnId: string): void {
    this.emit('gesture', name, turnId);
  }

  /**
   * Barge-in: the rest of every reply is cancelled (queued sentences dropped, the speech stack told
   * to stop). A reply whose turn still runs learns it at its end; for a finished one the history
   * is amended at once to what was said.
   */
  interrupt(because: string): void {
    for (const cut of this.#delivery.interrupt()) {
      this.#o.log.info({ turn_id: cut.turnId, spoken: cut.spoken.length, dropped: cut.dropped, text: preview(because) }, 'barge-in: the rest of the reply is cancelled');
      const running = this.#open.get(cut.turnId);
      if (running) running.cut = cut;
      else this.#o.history.amendAfterCut(cut.turnId, joinSentences(cut.spoken));
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

  /** Forgets everything without a word to the speech stack (daemon stop). */
  close(): void {
    this.#delivery.close();
  }
}
