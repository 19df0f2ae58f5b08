import type { MemorySave } from '../../memory/index.js';
import { defineAgent } from '../agent.js';
import type { Ports } from '../ports.js';
import type { ChatMessage } from '../state.js';

/** The last `turns` exchanges: from the person's turns-th last message on. */
export function lastTurns(messages: readonly ChatMessage[], turns: number): ChatMessage[] {
  let seen = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role === 'user' && ++seen === turns) return messages.slice(i);
  }
  return [...messages];
}

/** A reply longer than this is cut (what was said first matters most; the queue refuses larger). */
const MAX_MESSAGE_CHARS = 20_000;

const skipped = (reason: Extract<MemorySave, { status: 'skipped' }>['reason']) => ({ memory_saved: { status: 'skipped', reason } as const });

/**
 * SPEC step 8: on a farewell, the conversation is handed to memory, which writes it to disk
 * right away and summarises it into an episode in the background: the goodbye is held up by
 * neither the disk nor the language model. Critical: a farewell cut short by the next utterance is still remembered.
 * Never for someone unknown, or whose name is still being confirmed.
 */
export const memorySaveAgent = defineAgent({
  name: 'memory_save',
  critical: true,
  reads: ['turn_id', 'intent', 'messages', 'final_message', 'user_info', 'name_confirmation', 'name_checked', 'language', 'conversation_id'],
  writes: ['memory_saved'],
  async run(s, ports: Pick<Ports, 'memory' | 'config' | 'clock' | 'log'>) {
    if (s.intent !== 'end_conversation' || !ports.memory) return { memory_saved: null };
    const { user_id, user_name } = s.user_info;
    if (!user_id) return skipped('unknown_user');
    if (s.name_confirmation || !s.name_checked) return skipped('name_pending');
    const { saveTurns, minUserMessages } = ports.config.memory;
    if (s.messages.filter((m) => m.role === 'user').length < minUserMessages) return skipped('too_short');
    const reply: ChatMessage[] = s.final_message.trim() ? [{ role: 'assistant', content: s.final_message }] : [];
    const messages = lastTurns([...s.messages, ...reply], saveTurns).map((m) => ({ role: m.role, content: m.content.slice(0, MAX_MESSAGE_CHARS) }));
    const conversation_id = s.conversation_id ?? s.turn_id;
    // Written to disk behind the goodbye (milliseconds; the daemon's stop waits for it), then
    // summarised and stored in the background: the turn does not wait for the disk.
    const written = ports.memory.remember({
      format: 1,
      conversation_id,
      user_id,
      user_name,
      robot_name: ports.config.persona.name,
      language: s.language,
      ended_at: ports.clock.now().toISOString(),
      turn_id: s.turn_id,
      messages,
    });
    written.catch((err: Error) => ports.log.error({ conversation_id, err: err.message }, 'the conversation could not be queued to be remembered'));
    ports.log.info({ conversation_id, messages: messages.length }, 'conversation queued to be remembered');
    return { memory_saved: { status: 'queued', conversation_id, messages: messages.length } };
  },
});
