import { EventEmitter } from 'node:events';
import type { Config } from '../config/index.js';
import type { Logger } from '../log/index.js';
import type { Presence } from './presence.js';
import type { Occasion } from './state.js';
import type { SessionEvent } from './visits.js';

export interface EngagementOptions {
  config: Config['engagement'];
  presence: Presence;
  /** The robot is speaking, or a turn runs or waits: not the moment to begin one. */
  busy: () => boolean;
  now: () => Date;
  log: Logger;
}

/** How often a greeting that had to wait (the robot was busy) is tried again, within `patienceMs`. */
const RETRY_MS = 250;
const PATIENCE_MS = 2_000;
const STRANGER = '__unknown_face__';

/**
 * The robot speaks first. When perception reports a person it knows, at the start of their visit,
 * it greets them by name (with what it remembers of them); an unknown face that stays for
 * `unknownAfterMs` without a word is invited to talk. Never while the robot speaks or someone is
 * talking to it, and at most once per person per `cooldownMs`, counted from the last greeting or
 * the end of the last visit in which they talked (someone back soon after a goodbye is not
 * greeted again). Emits `engage` with the occasion; the turn runner begins that turn.
 */
export class Engagement extends EventEmitter<{ engage: [occasion: Exclude<Occasion, 'utterance'>] }> {
  readonly #o: EngagementOptions;
  readonly #greeted = new Map<string, number>();
  readonly #timers = new Set<NodeJS.Timeout>();
  #closed = false;

  constructor(options: EngagementOptions) {
    super();
    this.#o = options;
    options.presence.on('start', (event) => {
      if (event.reason === 'detected' && options.config.enabled) this.#visitStarted(event);
    });
    options.presence.on('end', ({ event }) => {
      if (event?.user_id && event.turns > 0) this.#greeted.set(event.user_id, this.#o.now().getTime());
    });
  }

  /** No more greetings (the daemon stops). */
  close(): void {
    this.#closed = true;
    for (const timer of this.#timers) clearTimeout(timer);
    this.#timers.clear();
  }

  #visitStarted(event: SessionEvent): void {
    const known = event.user_id !== null;
    const delay = known ? 0 : this.#o.config.unknownAfterMs;
    this.#later(delay, () => this.#try(event, known ? 'greet' : 'invite', this.#o.now().getTime() + PATIENCE_MS));
  }

  #try(event: SessionEvent, occasion: 'greet' | 'invite', giveUpAt: number): void {
    const { presence, config, log } = this.#o;
    const visit = presence.visit;
    // The visit is over, or the person has started talking: nothing to begin.
    if (!visit || visit.id !== event.session_id || visit.turns > 0 || visit.lastSpoke !== null) return;
    const who = event.user_id ?? STRANGER;
    const now = this.#o.now().getTime();
    const last = this.#greeted.get(who);
    if (last !== undefined && now - last < config.cooldownMs) {
      log.debug({ user_id: event.user_id, occasion }, 'engagement: greeted within the cool-down, not again');
      return;
    }
    if (this.#o.busy()) {
      if (now < giveUpAt) this.#later(RETRY_MS, () => this.#try(event, occasion, giveUpAt));
      return;
    }
    this.#greeted.set(who, now);
    log.info({ user_id: event.user_id, session_id: event.session_id, occasion }, occasion === 'greet' ? 'engagement: greeting a person it knows' : 'engagement: inviting an unknown face');
    this.emit('engage', occasion);
  }

  #later(ms: number, run: () => void): void {
    if (this.#closed) return;
    const timer = setTimeout(() => {
      this.#timers.delete(timer);
      if (!this.#closed) run();
    }, ms);
    timer.unref();
    this.#timers.add(timer);
  }
}
