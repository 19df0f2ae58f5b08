import type { Language } from '../config/index.js';
import { SentenceSplitter } from './sentences.js';

export interface SpokenReplyOptions {
  /** Sentence by sentence as the text arrives; false: the whole reply at its end. */
  streaming: boolean;
  minSentenceChars: number;
  maxSentenceChars: number;
  /** Where each sentence (or the whole reply) goes to be spoken: speech delivery, as reply `seq`. */
  delivery: { say(seq: number, text: string, language: Language): unknown };
  seq: number;
}

/**
 * The reply sink of a turn when the reply is spoken: collects the whole text (for the turn
 * event and the history) and hands it on sentence by sentence, or whole, as configured.
 */
export class SpokenReply {
  readonly #o: SpokenReplyOptions;
  #splitter: SentenceSplitter | null = null;
  #language: Language | null = null;
  #ended = false;
  /** Everything written so far. */
  text = '';
  /** Pieces handed on so far. */
  handedOn = 0;
  /** When the first piece was handed on (performance.now()); null until then. */
  firstHandedAt: number | null = null;

  constructor(options: SpokenReplyOptions) {
    this.#o = options;
  }

  /** `language` is the reply's: the first text decides it (the turn may switch language before). */
  write(delta: string, language: Language): void {
    if (this.#ended || !delta) return;
    this.#language ??= language;
    this.text += delta;
    if (!this.#o.streaming) return;
    for (const sentence of this.#splitterFor().push(delta)) this.#say(sentence);
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    if (this.#o.streaming) {
      // Nothing written, nothing to flush.
      for (const sentence of this.#splitter?.flush() ?? []) this.#say(sentence);
    } else if (this.text.trim()) {
      this.#say(this.text.trim());
    }
  }

  /** Stops handing anything on (the turn was cancelled): whatever the model still writes is dropped. */
  cancel(): void {
    this.#ended = true;
  }

  get ended(): boolean {
    return this.#ended;
  }

  #splitterFor(): SentenceSplitter {
    this.#splitter ??= new SentenceSplitter({
      language: this.#lang(),
      minChars: this.#o.minSentenceChars,
      maxChars: this.#o.maxSentenceChars,
    });
    return this.#splitter;
  }

  /** Set by the first write: nothing is said before one. */
  #lang(): Language {
    return this.#language!;
  }

  #say(text: string): void {
    this.handedOn++;
    this.firstHandedAt ??= performance.now();
    this.#o.delivery.say(this.#o.seq, text, this.#lang());
  }
}
