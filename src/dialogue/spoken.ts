import { joinSentences, type Interruption } from '../speech/index.js';
import type { ChatMessage, Session } from './state.js';

/**
 * The history after a reply was cut short: the reply's entry becomes what was actually said,
 * and disappears when nothing was. `reply` is the generated text; when the history's last
 * message is not that reply, `append` says whether to add what was said (the turn was cancelled
 * before its reply joined the history) or to leave the history alone (null: nothing to amend).
 */
export function replaceReply(messages: ChatMessage[], reply: string, spoken: string, append: boolean): ChatMessage[] | null {
  const last = messages.at(-1);
  const hasReply = last?.role === 'assistant' && last.content === reply && reply !== '';
  if (!hasReply && !append) return null;
  const base = hasReply ? messages.slice(0, -1) : messages;
  return spoken ? [...base, { role: 'assistant', content: spoken }] : base;
}

/** How many finished replies are remembered, in case one is cut while it is still spoken. */
const REMEMBERED = 8;

/**
 * Keeps the history true to what the robot said when a barge-in cuts a reply: a cut of the
 * running turn is kept until that turn ends (the brain then writes the history); a cut of a
 * finished turn, whose reply was still being spoken, amends that user's session at once.
 */
export class SpokenHistory {
  readonly #pending = new Map<string, Interruption>();
  readonly #finished = new Map<string, { key: string; reply: string }>();

  /** Records a cut; `sessions` is amended when the cut turn has already finished. */
  cut(cut: Interruption, runningTurnId: string | null, sessions: Map<string, Session>): void {
    if (cut.turnId === runningTurnId) {
      this.#pending.set(cut.turnId, cut);
      return;
    }
    const done = this.#finished.get(cut.turnId);
    this.#finished.delete(cut.turnId);
    const session = done && sessions.get(done.key);
    if (!done || !session) return;
    const messages = replaceReply(session.messages, done.reply, joinSentences(cut.spoken), false);
    if (messages) sessions.set(done.key, { ...session, messages });
  }

  /** The cut of a turn that just ended, if it was cut. */
  takeCut(turnId: string): Interruption | undefined {
    const cut = this.#pending.get(turnId);
    this.#pending.delete(turnId);
    return cut;
  }

  /** A turn ended with its whole reply in the history of session `key`. */
  finished(turnId: string, key: string, reply: string): void {
    this.#finished.set(turnId, { key, reply });
    for (const old of this.#finished.keys()) {
      if (this.#finished.size <= REMEMBERED) break;
      this.#finished.delete(old);
    }
  }
}
