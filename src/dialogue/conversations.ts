import { randomUUID } from 'node:crypto';
import type { Language } from '../config/index.js';
import type { Logger } from '../log/index.js';
import type { Delivered } from '../speech/index.js';
import type { ConversationFiles } from './conversation-files.js';
import { endTurn, newSession, type ChatMessage, type Session, type TurnState, type UserInfo } from './state.js';
import type { VisitEnd } from './visits.js';

/** The key of the conversation of someone whose name is not known. */
export const ANONYMOUS = '__anonymous__';
export const conversationKey = (user: Pick<UserInfo, 'user_id'>): string => user.user_id ?? ANONYMOUS;

/** How many turns wait for their reply at most (one, unless a reply is never delivered). */
const AWAITING = 8;

export interface ConversationsOptions {
  language: Language;
  /** The history is trimmed to this many exchanges. */
  historyTurns: number;
  log: Logger;
  /** Where known people's conversations are kept across restarts; none: in memory only. */
  files?: ConversationFiles | null;
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
  reason: VisitEnd;
  /** The farewell turn that ended it; null when the visit ended otherwise. */
  turn_id: string | null;
}

/** The turn's utterance keeps the notes its reply was written with (the next prompt repeats them). */
function withReplyNotes(messages: ChatMessage[], state: Pick<TurnState, 'reply_notes' | 'occasion'>): ChatMessage[] {
  const last = messages.at(-1);
  if (!state.reply_notes || state.occasion !== 'utterance' || last?.role !== 'user') return messages;
  return [...messages.slice(0, -1), { ...last, notes: state.reply_notes }];
}

/**
 * At most `max` messages, cut in blocks: once over, the history drops to half of `max`. A window
 * sliding by one exchange would change where every prompt begins, so a model server recomputed
 * the whole history every turn; cut in halves, that happens once in max/4 exchanges.
 */
export function trimHistory(messages: ChatMessage[], max: number): ChatMessage[] {
  if (messages.length <= max) return messages;
  const keep = Math.max(1, Math.ceil(max / 2));
  // The kept history starts with what the person said, as a chat template expects.
  const from = messages.length - keep;
  return messages.slice(messages[from]?.role === 'assistant' ? from + 1 : from);
}

/** What a committed turn did to whom it belongs. */
export interface Committed {
  /** The key its conversation is now kept under. */
  key: string;
  /** The turn settled who the person is: their conversation moved from `from` to this person. */
  settled: { from: UserInfo; to: UserInfo } | null;
  /** The turn was a farewell: the conversation is over. */
  ended: boolean;
  /** memory_save kept the farewell's conversation, for the visit's end to hand to memory (even of a farewell cut short, which ends nothing). */
  farewell: boolean;
  /**
   * The history was cut this turn (trimHistory): what is kept of it, up to the turn's utterance.
   * The next prompt no longer begins like this one, so its new start can be computed ahead.
   */
  trimmed: ChatMessage[] | null;
}

/**
 * The conversations the robot holds, one per person: the only writer of their history. A turn
 * commits what the person said and what it learnt; the reply joins the history when the voice has
 * delivered it (only what was said of it); a visit's end closes the conversation (a known
 * person's is handed on, to be remembered; a stranger's is dropped).
 */
export class Conversations {
  readonly #o: ConversationsOptions;
  readonly #all = new Map<string, Session>();
  // Committed turns whose reply is not delivered yet: under which key their conversation is.
  readonly #awaiting = new Map<string, string>();
  // Farewells whose conversation memory_save decided to keep, until their visit end hands them on.
  readonly #farewells = new Map<string, EndedConversation>();

  constructor(options: ConversationsOptions) {
    this.#o = options;
  }

  /** The person's conversation (a copy): kept, from their file, or a new one; under the name perception gives them. */
  of(user: UserInfo): Session {
    const session = structuredClone(this.#sessionOf(user));
    return user.user_id ? { ...session, user_info: { ...session.user_info, ...user } } : session;
  }

  /**
   * A turn's end: its history gains what the person said (the reply follows when it is delivered),
   * trimmed; a farewell ends the conversation. A turn may settle who the person is (memory_update
   * gives an anonymous person an id, or links them to a known one): their conversation moves.
   */
  commit(user: UserInfo, state: TurnState): Committed {
    const ended = state.conversation_id === null;
    // A turn the robot began itself (a greeting) has no utterance to keep.
    const said = state.occasion === 'utterance' ? state.messages : state.messages.slice(0, -1);
    // Room is kept for the reply to come.
    const kept = withReplyNotes(said, state);
    const messages = ended ? [] : trimHistory(kept, this.#o.historyTurns * 2 - 1);
    const trimmed = !ended && messages.length < kept.length ? messages : null;
    const session: Session = { ...endTurn(state), messages };
    const to = session.user_info;
    const key = conversationKey(to);
    if (key !== conversationKey(user)) this.#all.delete(conversationKey(user));
    this.#put(key, session);
    if (!ended) this.#await(state.turn_id, key);
    const saved = state.memory_saved;
    const farewell = saved?.status === 'queued' && to.user_id !== null;
    if (saved?.status === 'queued' && to.user_id) {
      const reply: ChatMessage[] = state.final_message.trim() ? [{ role: 'assistant', content: state.final_message }] : [];
      this.#farewells.set(key, {
        user: { user_id: to.user_id, user_name: to.user_name },
        user_info: to,
        conversation_id: saved.conversation_id,
        language: state.language,
        messages: [...state.messages, ...reply],
        turn_number: state.turn_number,
        reason: 'farewell',
        turn_id: state.turn_id,
      });
    }
    // A corrected name keeps the id ("No, not Anne. It's Hanne."): who is in front is renamed too,
    // or the next turn would be under the old name again.
    const renamed = state.name_resolution.status === 'corrected' && to.user_name !== user.user_name;
    const settled = key === conversationKey(user) && !renamed ? null : { from: user, to: { user_id: to.user_id, user_name: to.user_name } };
    if (settled) this.#o.log.info({ from: user.user_id, to: to.user_id }, 'conversation moved to the person it settled');
    return { key, settled, ended, farewell, trimmed };
  }

  /** A reply was delivered: the history of its conversation gains what the person heard of it. */
  delivered({ turnId, spokenText }: Delivered): void {
    const key = this.#awaiting.get(turnId);
    this.#awaiting.delete(turnId);
    const session = key === undefined ? undefined : this.#all.get(key);
    if (!session || !spokenText) return;
    const messages = [...session.messages, { role: 'assistant' as const, content: spokenText }];
    this.#put(key!, { ...session, messages: trimHistory(messages, this.#o.historyTurns * 2) });
  }

  /**
   * The visit of the person under `key` ended. A known person's conversation is what is handed to
   * memory; its history stays, for when they come back (and across a restart), but their next
   * visit is a new conversation. A stranger's talk is dropped: nothing of someone who left
   * unnamed is kept. Only a known person, whose name is settled, who said something; a forgotten
   * person is not remembered at all.
   */
  close(key: string, user: UserInfo, reason: VisitEnd): EndedConversation | null {
    const farewell = this.#farewells.get(key) ?? null;
    this.#farewells.delete(key);
    if (reason === 'farewell') return farewell;
    const session = this.#all.get(key);
    if (key === ANONYMOUS) {
      this.#all.delete(key);
      return null;
    }
    if (!session || !user.user_id || !session.name_checked || session.name_confirmation || reason === 'forgotten') return null;
    if (!session.messages.some((m) => m.role === 'user')) return null;
    const conversation_id = session.conversation_id ?? randomUUID();
    this.#put(key, { ...session, conversation_id: null });
    return {
      user: { user_id: user.user_id, user_name: user.user_name },
      user_info: session.user_info,
      conversation_id,
      language: session.language,
      messages: session.messages,
      turn_number: session.turn_number ?? 0,
      reason,
      turn_id: null,
    };
  }

  /** Forgets the person's conversation (the console's /reset). */
  reset(user: UserInfo): void {
    this.#all.delete(conversationKey(user));
  }

  /** Someone unknown is in front, not the stranger before: that one's talk is dropped. */
  dropStranger(): void {
    this.#all.delete(ANONYMOUS);
  }

  /** Forget-me: drops the person's conversation and every mention of them in other conversations. */
  async forget(userId: string): Promise<string[]> {
    const removed: string[] = [];
    this.#farewells.delete(userId);
    if (this.#all.delete(userId)) removed.push('conversation');
    if ((await this.#o.files?.remove(userId)) && !removed.includes('conversation')) removed.push('conversation');
    for (const [k, session] of this.#all) {
      const pending = session.name_confirmation;
      if (!pending?.candidates.some((c) => c.user_id === userId)) continue;
      const candidates = pending.candidates.filter((c) => c.user_id !== userId);
      // Without candidates the question is void; the person's own name is resolved anew next time.
      this.#put(k, { ...session, name_confirmation: candidates.length ? { ...pending, candidates } : null });
      removed.push(`candidate in the name confirmation of ${k === ANONYMOUS ? 'an anonymous person' : k}`);
    }
    for (const [turnId, k] of this.#awaiting) if (k === userId) this.#awaiting.delete(turnId);
    return removed;
  }

  /** Where a person is still mentioned: their conversation (here or on disk), a name confirmation about them. */
  mentions(userId: string): string[] {
    const found = [...this.#all]
      .filter(([k, s]) => k === userId || s.user_info.user_id === userId || s.name_confirmation?.candidates.some((c) => c.user_id === userId))
      .map(([k]) => `conversation ${k}`);
    if (!found.includes(`conversation ${userId}`) && this.#o.files?.has(userId)) found.push(`conversation file of ${userId}`);
    return found;
  }

  /** The conversation files that wait for a pause are written now. */
  async flush(): Promise<void> {
    await this.#o.files?.flush();
  }

  #sessionOf(user: UserInfo): Session {
    const k = conversationKey(user);
    let session = this.#all.get(k);
    if (!session && user.user_id) {
      // Met before this run: their conversation from the file, under who perception says they are.
      const stored = this.#o.files?.load(user.user_id);
      if (stored) this.#all.set(k, (session = { ...stored, user_info: { ...stored.user_info, ...user } }));
    }
    return session ?? newSession(this.#o.language, user);
  }

  /** The one place a conversation is written: in memory, and on disk for a known person. */
  #put(k: string, session: Session): void {
    this.#all.set(k, session);
    if (k !== ANONYMOUS) this.#o.files?.save(k, session);
  }

  #await(turnId: string, key: string): void {
    this.#awaiting.set(turnId, key);
    for (const old of this.#awaiting.keys()) {
      if (this.#awaiting.size <= AWAITING) break;
      this.#awaiting.delete(old);
    }
  }
}
