import type { ChatMessage } from './state.js';

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
