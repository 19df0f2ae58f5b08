import type { Language } from '../config/index.js';
import type { Logger } from '../log/index.js';
import { endTurn, newSession, type ChatMessage, type Session, type TurnState, type UserInfo } from './state.js';

const ANONYMOUS = '__anonymous__';
/** How many finished replies are remembered, in case one is cut while it is still spoken. */
const REMEMBERED = 8;

export interface SessionsOptions {
  language: Language;
  /** The history is trimmed to this many exchanges. */
  historyTurns: number;
  log: Logger;
}

/** How a turn's reply reached the person: whole, or cut short by a barge-in after `spoken`. */
export type Delivered = { cut: false } | { cut: true; spoken: string };

/**
 * The conversations the robot holds, one per person, and who is in front of it. The only writer
 * of a conversation's history, identity and language: turns commit what they did here, the voice
 * amends what a barge-in cut short, perception says who is there, forget-me removes a person.
 */
export class Sessions {
  readonly #o: SessionsOptions;
  readonly #sessions = new Map<string, Session>();
  #user: UserInfo = { user_id: null, user_name: null };
  // Conversations moved by a turn that settled who the person is (key → them).
  readonly #moved = new Map<string, UserInfo>();
  // Finished turns whose reply may still be being spoken: where that reply is in the history.
  readonly #replies = new Map<string, { key: string; reply: string }>();

  constructor(options: SessionsOptions) {
    this.#o = options;
  }

  /** Who is in front of the robot now. */
  get user(): UserInfo {
    return this.#user;
  }

  /** The current person's conversation (a copy). */
  current(): Session {
    return structuredClone(this.#sessionOf(this.#user));
  }

  /**
   * Who is in front of the robot now. Each person has their own conversation (history, language),
   * kept while others talk and restored when they come back. Takes effect from the next turn.
   */
  switchUser(user: UserInfo): void {
    if (key(user) === key(this.#user) && user.user_name === this.#user.user_name) return;
    const session = this.#sessions.get(key(user));
    if (session) this.#sessions.set(key(user), { ...session, user_info: { ...session.user_info, ...user } });
    this.#o.log.info({ user_id: user.user_id, user_name: user.user_name }, 'current user changed');
    this.#user = { ...user };
    // Someone (new) is now in front under this key; earlier moves no longer apply.
    this.#moved.delete(key(user));
  }

  /** Forgets the current person's conversation. */
  reset(): void {
    this.#sessions.delete(key(this.#user));
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
   * A turn's end: its history gains the reply as it was delivered (only what was said of a reply
   * cut short, nothing of a cancelled one), trimmed; a farewell ends the conversation. A turn may
   * settle who the person is (memory_update gives an anonymous person an id, or links them to a
   * known one): their conversation moves with them, and they become the current person unless
   * perception has reported someone else meanwhile.
   */
  commit(user: UserInfo, state: TurnState, delivered: Delivered, cancelled: boolean): void {
    const reply = delivered.cut ? delivered.spoken : cancelled ? '' : state.final_message;
    const ended = state.conversation_id === null;
    const messages: ChatMessage[] = ended ? [] : [...state.messages, ...(reply ? [{ role: 'assistant' as const, content: reply }] : [])];
    const session: Session = { ...endTurn(state), messages: messages.slice(-this.#o.historyTurns * 2) };
    const stored = this.#store(user, session);
    if (!delivered.cut && !cancelled && !ended) this.#remember(state.turn_id, stored, reply);
  }

  /** A finished turn's reply was cut while it was spoken: the history keeps only what was said. */
  amendAfterCut(turnId: string, spoken: string): void {
    const done = this.#replies.get(turnId);
    this.#replies.delete(turnId);
    const session = done && this.#sessions.get(done.key);
    const last = session?.messages.at(-1);
    if (!done || !session || last?.role !== 'assistant' || last.content !== done.reply) return;
    const messages = spoken ? [...session.messages.slice(0, -1), { role: 'assistant' as const, content: spoken }] : session.messages.slice(0, -1);
    this.#sessions.set(done.key, { ...session, messages });
  }

  /** Forget-me: drops the person's conversation and every mention of them in other conversations. */
  forget(userId: string): string[] {
    const removed: string[] = [];
    if (this.#sessions.delete(userId)) removed.push('conversation');
    for (const [k, session] of this.#sessions) {
      const pending = session.name_confirmation;
      if (!pending?.candidates.some((c) => c.user_id === userId)) continue;
      const candidates = pending.candidates.filter((c) => c.user_id !== userId);
      // Without candidates the question is void; the person's own name is resolved anew next time.
      this.#sessions.set(k, { ...session, name_confirmation: candidates.length ? { ...pending, candidates } : null });
      removed.push(`candidate in the name confirmation of ${k === ANONYMOUS ? 'an anonymous person' : k}`);
    }
    for (const [k, to] of this.#moved) if (k === userId || to.user_id === userId) this.#moved.delete(k);
    for (const [turnId, done] of this.#replies) if (done.key === userId) this.#replies.delete(turnId);
    if (this.#user.user_id === userId) {
      this.#user = { user_id: null, user_name: null };
      this.#sessions.delete(ANONYMOUS);
      removed.push('current user');
    }
    return removed;
  }

  /** Where a person is still mentioned: their conversation, a name confirmation about them, who is current, a settled name. */
  mentions(userId: string): string[] {
    const found = [...this.#sessions]
      .filter(([k, s]) => k === userId || s.user_info.user_id === userId || s.name_confirmation?.candidates.some((c) => c.user_id === userId))
      .map(([k]) => `session ${k}`);
    if (this.#user.user_id === userId) found.push('current user');
    if ([...this.#moved].some(([k, to]) => k === userId || to.user_id === userId)) found.push('a settled name');
    return found;
  }

  #sessionOf(user: UserInfo): Session {
    return this.#sessions.get(key(user)) ?? newSession(this.#o.language, user);
  }

  /** Stores a turn's conversation and says under which key. */
  #store(user: UserInfo, session: Session): string {
    const settled = session.user_info;
    if (settled.user_id === user.user_id) {
      this.#sessions.set(key(user), session);
      return key(user);
    }
    this.#sessions.delete(key(user));
    this.#sessions.set(key(settled), session);
    this.#moved.set(key(user), { user_id: settled.user_id, user_name: settled.user_name });
    if (key(this.#user) === key(user)) {
      this.#o.log.info({ from: user.user_id, to: settled.user_id }, 'current user settled by the conversation');
      this.#user = { user_id: settled.user_id, user_name: settled.user_name };
    }
    return key(settled);
  }

  #remember(turnId: string, sessionKey: string, reply: string): void {
    this.#replies.set(turnId, { key: sessionKey, reply });
    for (const old of this.#replies.keys()) {
      if (this.#replies.size <= REMEMBERED) break;
      this.#replies.delete(old);
    }
  }
}

const key = (user: UserInfo): string => user.user_id ?? ANONYMOUS;
