import type { Config, Language } from '../config/index.js';
import type { Health } from '../health/index.js';
import { preview, type Logger } from '../log/index.js';
import { estimateSpeechMs } from './estimate.js';

/** One sentence handed to the speech stack. */
export interface SpeechItem {
  /** `<turn id>.<index>`: voice stacks that report per sentence (Hermes) echo it. */
  id: string;
  turnId: string;
  /** The reply's sequence number: sentences of a cancelled reply are never spoken. */
  seq: number;
  /** Position in the reply, from 0. */
  index: number;
  text: string;
  language: Language;
  /** The voice stack's dialogue session (Hermes), when the utterance came with one. */
  sessionId: string | null;
}

/** What became of a reply cut short by interrupt(). */
export interface Interruption {
  turnId: string;
  seq: number;
  /** The sentences that count as said: finished, or being spoken when it was cut. */
  spoken: string[];
  /** Sentences that were never said. */
  dropped: number;
}

export interface SpeechDeliveryOptions {
  config: Config['speech'];
  /** Whether a speech stack reports start/end of speaking. False (console): handing over is saying. */
  feedback: boolean;
  /** The speech stack: each sentence is handed to it (`speak`); `stop` asks it to stop at once. */
  out: { speak(item: SpeechItem): void; stop(cut: { turnId: string }): void };
  /** Every sentence of reply `seq` is said and no more will come (not called for a reply cut by interrupt()). */
  said?(reply: { turnId: string; seq: number }): void;
  log: Logger;
  health: Health;
}

interface InFlight {
  item: SpeechItem;
  started: boolean;
  timer: NodeJS.Timeout | null;
}

interface Reply {
  turnId: string;
  sessionId: string | null;
  spoken: string[];
  count: number;
  /** Sentences queued or in flight. */
  pending: number;
  open: boolean;
}

/**
 * Paces the robot's speech: sentences go to the speech stack in order, the next one when the
 * stack says the previous has ended (agent/feedback/end_speak, or Hermes sayFinished), or when
 * the estimated speaking time has passed without a word from the stack. Knows at every moment
 * what has been said, so that an interrupted reply leaves only that in the history.
 *
 * Feedback carries no sentence id on the control topics, so it is attributed in order: a
 * start_speak to the oldest sentence in flight; an end_speak to the one speaking. An end_speak
 * before the start_speak of the sentence in flight, from a stack that sends start_speak, belongs
 * to an earlier sentence (typically the one stopped by a barge-in) and is ignored.
 */
export class SpeechDelivery {
  readonly #o: SpeechDeliveryOptions;
  readonly #log: Logger;
  readonly #maxInFlight: number;
  readonly #replies = new Map<number, Reply>();
  #queue: SpeechItem[] = [];
  #inFlight: InFlight[] = [];
  #seq = 0;
  #cancelledUpTo = 0;
  #startFeedbackSeen = false;
  #missedEnds = 0;

  constructor(options: SpeechDeliveryOptions) {
    this.#o = options;
    this.#log = options.log.child({ component: 'speech' });
    this.#maxInFlight = options.feedback && options.config.waitForEndSpeak ? 1 : Number.POSITIVE_INFINITY;
    if (options.feedback) options.health.set('speech', 'ok', 'no speech yet');
  }

  /** Sentences waiting or being spoken. */
  get busy(): boolean {
    return this.#queue.length > 0 || this.#inFlight.length > 0;
  }

  /** Sentences waiting, not yet begun: nobody has heard them. */
  get waiting(): readonly string[] {
    return this.#queue.map((item) => item.text);
  }

  /** A new reply; its sentences follow those of earlier replies. Returns its sequence number. */
  begin(turnId: string, sessionId: string | null = null): number {
    const seq = ++this.#seq;
    this.#replies.set(seq, { turnId, sessionId, spoken: [], count: 0, pending: 0, open: true });
    return seq;
  }

  /** Queues a sentence of reply `seq`. False when that reply was cancelled (a late sentence). */
  say(seq: number, text: string, language: Language): boolean {
    const reply = this.#replies.get(seq);
    if (seq <= this.#cancelledUpTo || !reply?.open) {
      this.#o.health.count('late_sentences_dropped');
      this.#log.debug({ turn_id: reply?.turnId, seq, text: preview(text) }, 'sentence of a cancelled reply: not spoken');
      return false;
    }
    const item: SpeechItem = { id: `${reply.turnId}.${reply.count}`, turnId: reply.turnId, seq, index: reply.count, text, language, sessionId: reply.sessionId };
    reply.count++;
    reply.pending++;
    this.#queue.push(item);
    this.#pump();
    return true;
  }

  /** No more sentences for reply `seq`. */
  end(seq: number): void {
    const reply = this.#replies.get(seq);
    if (!reply) return;
    reply.open = false;
    if (reply.pending === 0) this.#done(seq, reply);
  }

  /** The speech stack started speaking (start_speak). */
  started(): void {
    this.#startFeedbackSeen = true;
    const head = this.#inFlight[0];
    if (!head) return this.#log.debug('start_speak with nothing in flight: ignored');
    if (!head.started) {
      head.started = true;
      this.#arm(head);
      return;
    }
    // A second start while the first still speaks: its end_speak was lost, the next one started.
    const next = this.#inFlight[1];
    if (!next) return this.#log.debug('start_speak again for the same sentence: ignored');
    this.#finish(1, 'start of the next');
    next.started = true;
    this.#arm(next);
  }

  /** The speech stack finished speaking (end_speak), or finished the sentence with this id (Hermes). */
  finished(id?: string): void {
    const head = this.#inFlight[0];
    if (!head) return this.#log.debug('end of speech with nothing in flight: ignored');
    let upTo = 1;
    if (id !== undefined) {
      upTo = this.#inFlight.findIndex((f) => f.item.id === id) + 1;
      if (upTo === 0) return this.#log.debug({ id }, 'end of a sentence that is not in flight: ignored');
    } else if (!head.started && this.#startFeedbackSeen) {
      return this.#log.debug({ turn_id: head.item.turnId, id: head.item.id }, 'end_speak before start_speak of the sentence in flight: a stale one, ignored');
    }
    if (this.#missedEnds > 0 || this.#o.health.get('speech')?.detail === 'no speech yet') {
      this.#o.health.set('speech', 'ok', 'the speech stack reports the end of each sentence');
    }
    this.#missedEnds = 0;
    this.#finish(upTo, 'feedback');
  }

  /**
   * Cuts every reply short: drops what is queued, stops the speech stack if it is speaking, and
   * says what was said of each reply. Later sentences of these replies are refused.
   */
  interrupt(): Interruption[] {
    const head = this.#inFlight[0];
    // Without start feedback, the sentence in flight is taken as being spoken.
    const headSaid = head !== undefined && (head.started || !this.#startFeedbackSeen);
    for (const f of this.#inFlight) if (f.timer) clearTimeout(f.timer);
    const cut = [...this.#replies.entries()].map(([seq, r]) => {
      const spoken = [...r.spoken];
      if (headSaid && head.item.seq === seq) spoken.push(head.item.text);
      return { turnId: r.turnId, seq, spoken, dropped: r.count - spoken.length };
    });
    this.#queue = [];
    this.#inFlight = [];
    this.#replies.clear();
    this.#cancelledUpTo = this.#seq;
    if (head) this.#o.out.stop({ turnId: head.item.turnId });
    return cut;
  }

  /** Forgets everything without a word to the speech stack (daemon stop): no timer stays armed. */
  close(): void {
    for (const f of this.#inFlight) if (f.timer) clearTimeout(f.timer);
    this.#queue = [];
    this.#inFlight = [];
    this.#replies.clear();
    this.#cancelledUpTo = this.#seq;
  }

  #pump(): void {
    while (this.#queue.length > 0 && this.#inFlight.length < this.#maxInFlight) {
      const item = this.#queue.shift()!;
      try {
        this.#o.out.speak(item);
      } catch (err) {
        this.#log.error({ turn_id: item.turnId, id: item.id, err: (err as Error).message }, 'handing a sentence over failed');
      }
      if (!this.#o.feedback) {
        this.#said(item);
        continue;
      }
      const flight: InFlight = { item, started: false, timer: null };
      this.#inFlight.push(flight);
      if (this.#inFlight.length === 1) this.#arm(flight);
    }
  }

  /** The time-out of the sentence at the head: its estimated speaking time, plus the start time-out until it started. */
  #arm(flight: InFlight): void {
    if (flight.timer) clearTimeout(flight.timer);
    const t = this.#o.config.timeouts;
    const ms = estimateSpeechMs(flight.item.text, t) + (flight.started ? 0 : t.startMs);
    flight.timer = setTimeout(() => this.#timedOut(flight, ms), ms);
    flight.timer.unref();
  }

  #timedOut(flight: InFlight, ms: number): void {
    if (this.#inFlight[0] !== flight) return;
    const { health, config } = this.#o;
    health.count('speech_end_timeouts');
    if (!flight.started) health.count('speech_start_missing');
    this.#missedEnds++;
    this.#log.warn(
      { turn_id: flight.item.turnId, id: flight.item.id, afterMs: ms, started: flight.started, text: preview(flight.item.text) },
      'no end of speech in time: taking the sentence as said',
    );
    if (this.#missedEnds >= config.feedbackMissingAfter) {
      health.set(
        'speech',
        'degraded',
        `no end_speak for ${this.#missedEnds} sentences in a row: the speech stack seems not to report speech; sentences are paced by their estimated speaking time`,
      );
    }
    this.#finish(1, 'timeout');
  }

  /** The first `count` sentences in flight are done. */
  #finish(count: number, why: string): void {
    for (const flight of this.#inFlight.splice(0, count)) {
      if (flight.timer) clearTimeout(flight.timer);
      this.#log.debug({ turn_id: flight.item.turnId, id: flight.item.id, why }, 'sentence said');
      this.#said(flight.item);
    }
    const head = this.#inFlight[0];
    if (head && !head.timer) this.#arm(head);
    this.#pump();
  }

  #said(item: SpeechItem): void {
    const reply = this.#replies.get(item.seq);
    if (!reply) return;
    reply.spoken.push(item.text);
    reply.pending--;
    if (!reply.open && reply.pending === 0) this.#done(item.seq, reply);
  }

  #done(seq: number, reply: Reply): void {
    this.#replies.delete(seq);
    this.#o.said?.({ turnId: reply.turnId, seq });
  }
}
