import type { Language } from '../config/index.js';
import { SentenceSplitter } from './sentences.js';

export interface SpokenReplyOptions {
  /** Sentence by sentence as the text arrives; false: the whole reply at its end. */
  streaming: boolean;
  minSentenceChars: number;
  maxSentenceChars: number;
  /** The reply's language, read when the first text arrives (the turn may switch it before). */
  language: () => Language;
  /** Hands one sentence (or the whole reply) on to be spoken. */
  say: (text: string, language: Language) => void;
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

  constructor(options: SpokenReplyOptions) {
    this.#o = options;
  }

  write(delta: string): void {
    if (this.#ended || !delta) return;
    this.text += delta;
    if (!this.#o.streaming) return;
    for (const sentence of this.#splitterFor().push(delta)) this.#say(sentence);
  }

  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    if (this.#o.streaming) {
      for (const sentence of this.#splitterFor().flush()) this.#say(sentence);
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

  #lang(): Language {
    this.#language ??= this.#o.language();
    return this.#language;
  }

  #say(text: string): void {
    this.handedOn++;
    this.#o.say(text, this.#lang());
  }
}
