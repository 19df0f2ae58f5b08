import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type { Language } from '../config/index.js';
import type { Logger } from '../log/index.js';
import type { Delivered } from '../speech/index.js';
import type { SessionFiles } from './session-files.js';
import { endTurn, newSession, type ChatMessage, type Session, type TurnState, type UserInfo } from './state.js';
import { Visits, type SessionEvent, type VisitEnd } from './visits.js';

const ANONYMOUS = '__anonymous__';
/** How many turns wait for their reply at most (one, unless a reply is never delivered). */
const AWAITING = 8;

export interface SessionsOptions {
  language: Language;
  /** The history is trimmed to this many exchanges. */
  historyTurns: number;
  log: Logger;
  /** Where known people's conversations are kept across restarts; none: in memory only. */
  files?: SessionFiles | null;
  /** Visit lifecycle timing; without it, visits never end by themselves. */
  visits?: { absenceMs: number; idleMs: number; now: () => Date } | null;
  /**
   * A visit of a known person ended with this conversation (not by a farewell turn, which did it
   * itself): what is learnt of them is kept, and it is queued durably to be remembered. The
   * session's end is published once this has resolved.
   */
  remember?: ((ended: EndedConversation) => Promise<void>) | null;
}

/** What a visit's end hands to memory: the person and their conversation as it stands. */
export interface EndedConversation {
  user: { user_id: string; user_name: string | null };
  /** Who the person is, with the facts known in the conversation. */
  user_info: UserInfo;
  conversation_id: string;
  language: Language;
  messages: ChatMessage[];
  /** How many times the person spoke in it. */
  turn_number: number;
  ended_at: Date;
  reason: VisitEnd;
}


export interface SessionsEvents {
  /** A visit started or ended (published on agent/state/session). */
  session: [event: SessionEvent];
}

/**
 * The conversations the robot holds, one per person, and who is in front of it. The only writer
 * of a conversation's history, identity and language: turns commit what they did here, the voice
 * amends what a barge-in cut short, perception says who is there, forget-me removes a person.
 * It also keeps the visit of the person in front of the robot (see Visits): when a visit ends, a
 * known person's conversation is handed to memory and starts afresh next time; a stranger's is
 * dropped.
 */
export class Sessions extends EventEmitter<SessionsEvents> {
  readonly #o: SessionsOptions;
  readonly #sessions = new Map<string, Session>();
  #user: UserInfo = { user_id: null, user_name: null };
  // Conversations moved by a turn that settled who the person is (key → them).
  readonly #moved = new Map<string, UserInfo>();
  // Committed turns whose reply is not delivered yet: under which key their conversation is.
  readonly #replies = new Map<string, string>();
  readonly #visits: Visits;
  #ending: Promise<void> = Promise.resolve();

  constructor(options: SessionsOptions) {
    super();
    this.#o = options;
    this.#visits = new Visits({ ...(options.visits ?? { absenceMs: Infinity, idleMs: Infinity, now: () => new Date() }), log: options.log });
    // Starts wait behind the ends before them, so that monitors see an end before the next start.
    this.#visits.on('start', (event) => (this.#ending = this.#ending.then(() => void this.emit('session', event))));
    this.#visits.on('end', (visit, reason) => this.#endVisit(visit.key, visit.user, reason, visit.event(reason)));
  }

  /** Who is in front of the robot now. */
  get user(): UserInfo {
    return this.#user;
  }

  /** The visit in progress, if any: its id, who, since when, how many turns. */
  get visit() {
    return this.#visits.current;
  }

  /** The current person's conversation (a copy). */
  current(): Session {
    return structuredClone(this.#sessionOf(this.#user));
  }

  /**
   * Who is in front of the robot now. Each person has their own conversation (history, language),
   * kept while others talk and restored when they come back. Takes effect from the next turn. A
   * different person ends the visit of the one before.
   */
  switchUser(user: UserInfo): void {
    if (key(user) === key(this.#user) && user.user_name === this.#user.user_name) return;
    const session = this.#sessionOf(user);
    this.#sessions.set(key(user), { ...session, user_info: { ...session.user_info, ...user } });
    this.#o.log.info({ user_id: user.user_id, user_name: user.user_name }, 'current user changed');
    this.#user = { ...user };
    // Someone (new) is now in front under this key; earlier moves no longer apply.
    this.#moved.delete(key(user));
  }

  /** Forgets the current person's conversation. */
  reset(): void {
    this.#sessions.delete(key(this.#user));
  }

  /** Someone unknown is in front, not the stranger before: that one's visit (and talk) ends. */
  strangerArrived(): void {
    this.#visits.end(ANONYMOUS, 'replaced');
    this.#sessions.delete(ANONYMOUS);
  }

  /** Perception reported the current person just now: their visit starts, or goes on. */
  seen(): void {
    this.#visits.seen(key(this.#user), this.#user);
  }

  /** The person spoke: their visit starts, or goes on. */
  spoke(user: UserInfo): void {
    this.#visits.spoke(key(user), user);
  }

  /** Ends visits that have run out (no report for the absence time, nothing said for the idle time). */
  check(): void {
    this.#visits.check();
  }

  /**
   * The conversation a turn continues: that of the person who spoke, as they have turned out to
   * be (an anonymous person who has since told their name).
   */
  open(user: UserInfo): { user: UserInfo; session: Session } {
    let resolved = user;
    for (let hops = 0; hops < 8; hops++) {
      const next = this.#moved.get(key(resolved));
      if (!next) break;
      resolved = next;
    }
    return { user: resolved, session: structuredClone(this.#sessionOf(resolved)) };
  }

  /**
   * A turn's end: its history gains what the person said (its reply follows when it is delivered),
   * trimmed; a farewell ends the conversation and the visit. A turn may settle who the person is
   * (memory_update gives an anonymous person an id, or links them to a known one): their
   * conversation moves with them, and they become the current person unless perception has
   * reported someone else meanwhile.
   */
  commit(user: UserInfo, state: TurnState): void {
    const ended = state.conversation_id === null;
    // A turn the robot began itself (a greeting) has no utterance to keep.
    const said = state.occasion === 'utterance' ? state.messages : state.messages.slice(0, -1);
    // Room is kept for the reply to come.
    const messages = ended ? [] : said.slice(-(this.#o.historyTurns * 2 - 1));
    const stored = this.#store(user, { ...endTurn(state), messages });
    if (!ended) this.#awaiting(state.turn_id, stored);
    this.#visits.turned(stored, state.user_info);
    if (ended) this.#visits.end(stored, 'farewell');
  }

  /** A reply was delivered: the history of its conversation gains what the person heard of it. */
  delivered({ turnId, spokenText }: Delivered): void {
    const k = this.#replies.get(turnId);
    this.#replies.delete(turnId);
    const session = k === undefined ? undefined : this.#sessions.get(k);
    if (!session || !spokenText) return;
    const messages = [...session.messages, { role: 'assistant' as const, content: spokenText }];
    this.#put(k!, { ...session, messages: messages.slice(-this.#o.historyTurns * 2) });
  }

  /** The daemon stops: the visit in progress ends (remembered; its history kept for after the restart). */
  async close(): Promise<void> {
    this.#visits.endAll('shutdown');
    await this.#ending;
    await this.#o.files?.flush();
  }

  /** Resolves once the visits that have ended are remembered and published. */
  settled(): Promise<void> {
    return this.#ending;
  }

  /** Forget-me: drops the person's conversation and every mention of them in other conversations. */
  async forget(userId: string): Promise<string[]> {
    const removed: string[] = [];
    this.#visits.forget(userId);
    if (this.#sessions.delete(userId)) removed.push('conversation');
    if ((await this.#o.files?.remove(userId)) && !removed.includes('conversation')) removed.push('conversation');
    for (const [k, session] of this.#sessions) {
      const pending = session.name_confirmation;
      if (!pending?.candidates.some((c) => c.user_id === userId)) continue;
      const candidates = pending.candidates.filter((c) => c.user_id !== userId);
      // Without candidates the question is void; the person's own name is resolved anew next time.
      this.#put(k, { ...session, name_confirmation: candidates.length ? { ...pending, candidates } : null });
      removed.push(`candidate in the name confirmation of ${k === ANONYMOUS ? 'an anonymous person' : k}`);
    }
    for (const [k, to] of this.#moved) if (k === userId || to.user_id === userId) this.#moved.delete(k);
    for (const [turnId, k] of this.#replies) if (k === userId) this.#replies.delete(turnId);
    if (this.#user.user_id === userId) {
      this.#user = { user_id: null, user_name: null };
      this.#sessions.delete(ANONYMOUS);
      removed.push('current user');
    }
    return removed;
  }

  /** Where a person is still mentioned: their conversation (here or on disk), a name confirmation about them, who is current, a settled name. */
  mentions(userId: string): string[] {
    const found = [...this.#sessions]
      .filter(([k, s]) => k === userId || s.user_info.user_id === userId || s.name_confirmation?.candidates.some((c) => c.user_id === userId))
      .map(([k]) => `session ${k}`);
    if (!found.includes(`session ${userId}`) && this.#o.files?.has(userId)) found.push(`conversation file of ${userId}`);
    if (this.#user.user_id === userId) found.push('current user');
    if ([...this.#moved].some(([k, to]) => k === userId || to.user_id === userId)) found.push('a settled name');
    return found;
  }

  #sessionOf(user: UserInfo): Session {
    const k = key(user);
    let session = this.#sessions.get(k);
    if (!session && user.user_id) {
      // Met before this run: their conversation from the file, under who perception says they are.
      const stored = this.#o.files?.load(user.user_id);
      if (stored) this.#sessions.set(k, (session = { ...stored, user_info: { ...stored.user_info, ...user } }));
    }
    return session ?? newSession(this.#o.language, user);
  }

  /** Stores a turn's conversation and says under which key. */
  #store(user: UserInfo, session: Session): string {
    const settled = session.user_info;
    if (settled.user_id === user.user_id) {
      this.#put(key(user), session);
      return key(user);
    }
    this.#sessions.delete(key(user));
    this.#put(key(settled), session);
    this.#moved.set(key(user), { user_id: settled.user_id, user_name: settled.user_name });
    this.#visits.moved(key(user), key(settled), settled);
    if (key(this.#user) === key(user)) {
      this.#o.log.info({ from: user.user_id, to: settled.user_id }, 'current user settled by the conversation');
      this.#user = { user_id: settled.user_id, user_name: settled.user_name };
    }
    return key(settled);
  }

  /** The one place a conversation is written: in memory, and on disk for a known person. */
  #put(k: string, session: Session): void {
    this.#sessions.set(k, session);
    if (k !== ANONYMOUS) this.#o.files?.save(k, session);
  }

  #awaiting(turnId: string, sessionKey: string): void {
    this.#replies.set(turnId, sessionKey);
    for (const old of this.#replies.keys()) {
      if (this.#replies.size <= AWAITING) break;
      this.#replies.delete(old);
    }
  }

  /**
   * A visit ended. A known person's conversation is handed to memory (durably, before the end is
   * published); its history stays, for when they come back (and across a restart), but their next
   * visit is a new conversation, remembered on its own. A stranger's talk is dropped when they go:
   * nothing of someone who left unnamed is kept. The conversation changes at once; only the memory
   * write and the event wait.
   */
  #endVisit(k: string, user: UserInfo, reason: VisitEnd, event: SessionEvent): void {
    const session = this.#sessions.get(k);
    let ended: EndedConversation | null = null;
    if (k === ANONYMOUS) {
      if (reason !== 'farewell') this.#sessions.delete(k);
    }
    // Only a known person, whose name is settled, who said something; a farewell turn has
    // remembered its conversation already, and a forgotten person is not remembered at all.
    else if (session && user.user_id && session.name_checked && !session.name_confirmation && session.messages.some((m) => m.role === 'user') && reason !== 'farewell' && reason !== 'forgotten') {
      const conversation_id = session.conversation_id ?? randomUUID();
      ended = {
        user: { user_id: user.user_id, user_name: user.user_name },
        user_info: session.user_info,
        conversation_id,
        language: session.language,
        messages: session.messages,
        turn_number: session.turn_number ?? 0,
        ended_at: this.#visits.now(),
        reason,
      };
      this.#put(k, { ...session, conversation_id: null });
    }
    const remember = this.#o.remember;
    const done = async () => {
      if (ended && remember) {
        try {
          await remember(ended);
        } catch (err) {
          this.#o.log.error({ user_id: ended.user.user_id, err: (err as Error).message }, 'the ended visit could not be queued to be remembered');
        }
      }
      this.emit('session', event);
    };
    this.#ending = this.#ending.then(done);
  }
}

const key = (user: UserInfo): string => user.user_id ?? ANONYMOUS;
