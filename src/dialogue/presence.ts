import { EventEmitter } from 'node:events';
import type { Logger } from '../log/index.js';
import { conversationKey } from './conversations.js';
import type { UserInfo } from './state.js';
import { Visits, type SessionEvent, type Visit, type VisitEnd } from './visits.js';

const NOBODY: UserInfo = { user_id: null, user_name: null };

/** A visit ended: whose (their conversation's key and who they were) and why; `event` is null when no visit was in progress. */
export interface VisitEnded {
  key: string;
  user: UserInfo;
  reason: VisitEnd;
  event: SessionEvent | null;
}

export interface PresenceEvents {
  start: [event: SessionEvent];
  end: [ended: VisitEnded];
}

export interface PresenceOptions {
  /** Visit lifecycle timing; without it, visits never end by themselves. */
  visits?: { absenceMs: number; idleMs: number; now: () => Date; stalled?: () => boolean } | null;
  log: Logger;
}

/**
 * Who is in front of the robot, and their visit (see Visits). Perception and speech say who is
 * there; a turn may settle who an anonymous person is; a visit ends when they leave, someone else
 * takes their place, they say goodbye, fall silent, or are forgotten.
 *
 * After a goodbye the person is leaving: while perception goes on reporting what it reported
 * before (they linger in view), no visit starts, so nobody is greeted again; they are gone once
 * perception has not reported them for the absence time, or when someone speaks. An identity that
 * only the conversation gave (perception never named that face) ends with the visit: whoever
 * perception reports next without a name is a stranger, with a conversation of their own.
 */
export class Presence extends EventEmitter<PresenceEvents> {
  readonly #log: Logger;
  readonly #visits: Visits;
  readonly #now: () => Date;
  readonly #absenceMs: number;
  #user: UserInfo = NOBODY;
  // Whether perception (or speech-to-text) named the person in front, rather than the conversation.
  #named = false;
  #leaving: { key: string; lastSeen: number } | null = null;

  constructor(options: PresenceOptions) {
    super();
    this.#log = options.log;
    const timing = options.visits ?? { absenceMs: Infinity, idleMs: Infinity, now: () => new Date() };
    this.#now = timing.now;
    this.#absenceMs = timing.absenceMs;
    this.#visits = new Visits({ ...timing, log: options.log });
    this.#visits.on('start', (event) => this.emit('start', event));
    this.#visits.on('end', (visit, reason) => this.#ended(visit, reason));
  }

  /** Who is in front of the robot now. */
  get user(): UserInfo {
    return this.#user;
  }

  /** The visit in progress, if any: its id, who, since when, how many turns. */
  get visit(): Readonly<Visit> | null {
    return this.#visits.current;
  }

  /** Someone leaving after a goodbye (their key), or null. */
  get leaving(): string | null {
    return this.#leaving?.key ?? null;
  }

  /**
   * Perception (or speech-to-text) names who is in front. A different person ends the visit of
   * the one before when they are seen or speak.
   */
  switchUser(user: UserInfo): void {
    if (this.#leaving && conversationKey(user) !== this.#leaving.key) this.#leaving = null;
    this.#named = user.user_id !== null;
    if (conversationKey(user) === conversationKey(this.#user) && user.user_name === this.#user.user_name) return;
    this.#log.info({ user_id: user.user_id, user_name: user.user_name }, 'current user changed');
    this.#user = { user_id: user.user_id, user_name: user.user_name };
  }

  /** Someone unknown is in front, not the stranger before: that one's visit ends. */
  strangerArrived(): void {
    this.#leaving = null;
    this.#user = NOBODY;
    this.#named = false;
    this.#visits.end(conversationKey(NOBODY), 'replaced');
  }

  /** Perception reported the person in front just now: their visit starts, or goes on; nothing starts while they are leaving. */
  seen(): void {
    if (this.#leaving) {
      this.#leaving.lastSeen = this.#now().getTime();
      return;
    }
    this.#visits.seen(conversationKey(this.#user), this.#user);
  }

  /** The person spoke: their visit starts, or goes on. */
  spoke(user: UserInfo): void {
    this.#leaving = null;
    this.#visits.spoke(conversationKey(user), user);
  }

  /**
   * A turn of the person under `key` ended. A farewell that ended the conversation ends their
   * visit. One said to no visit in progress (perception reported someone else meanwhile), or cut
   * short by their next utterance, ends none, but is still an end of their conversation.
   */
  turned(key: string, user: UserInfo, farewell: { ended: boolean; kept: boolean }): void {
    this.#visits.turned(key, user);
    if (farewell.ended && this.#visits.current?.key === key) this.#visits.end(key, 'farewell');
    else if (farewell.ended || farewell.kept) this.emit('end', { key, user, reason: 'farewell', event: null });
  }

  /** A turn settled who an anonymous person is: their visit goes on under their id, and they are in front unless someone else is. */
  settled(from: UserInfo, to: UserInfo): void {
    this.#visits.moved(conversationKey(from), conversationKey(to), to);
    if (conversationKey(this.#user) !== conversationKey(from)) return;
    this.#log.info({ from: from.user_id, to: to.user_id }, 'current user settled by the conversation');
    // A rename (same id, corrected name) leaves who named them as it was.
    if (conversationKey(from) !== conversationKey(to)) this.#named = false;
    this.#user = { user_id: to.user_id, user_name: to.user_name };
  }

  /** Ends visits that have run out (no report for the absence time, nothing said for the idle time); a leaving person is gone. */
  check(): void {
    if (this.#leaving && this.#now().getTime() - this.#leaving.lastSeen > this.#absenceMs) this.#leaving = null;
    this.#visits.check();
  }

  /** The daemon stops: the visit in progress ends. */
  endAll(reason: VisitEnd): void {
    this.#visits.endAll(reason);
  }

  /** Forget-me: the person's visit ends, and they are no longer the one in front. */
  forget(userId: string): string[] {
    this.#visits.forget(userId);
    if (this.#leaving?.key === userId) this.#leaving = null;
    if (this.#user.user_id !== userId) return [];
    this.#user = NOBODY;
    this.#named = false;
    return ['current user'];
  }

  mentions(userId: string): string[] {
    return this.#user.user_id === userId ? ['current user'] : [];
  }

  #ended(visit: Visit, reason: VisitEnd): void {
    if (reason === 'farewell') this.#leaving = { key: visit.key, lastSeen: this.#now().getTime() };
    // A name only the conversation gave does not outlast the visit: the next unnamed face is someone new.
    if ((reason === 'farewell' || reason === 'left') && !this.#named && conversationKey(this.#user) === visit.key) this.#user = NOBODY;
    this.emit('end', { key: visit.key, user: visit.user, reason, event: visit.event(reason) });
  }
}
