import type { Config, Language } from '../../config/index.js';
import type { MemorySave, PendingConversation } from '../../memory/index.js';
import { defineAgent } from '../agent.js';
import type { Ports } from '../ports.js';
import { endsConversation, lastTurns, type ChatMessage, type TurnState } from '../state.js';

/** A reply longer than this is cut (what was said first matters most; the queue refuses larger). */
const MAX_MESSAGE_CHARS = 20_000;

const skipped = (reason: Extract<MemorySave, { status: 'skipped' }>['reason']) => ({ memory_saved: { status: 'skipped', reason } as const });

type MemorySavePorts = Pick<Ports, 'memory' | 'config' | 'clock' | 'log'>;
type SaveInput = Pick<TurnState, 'turn_id' | 'messages' | 'final_message' | 'user_info' | 'language' | 'conversation_id'>;

/** A conversation as memory keeps it: its last turns (memory.saveTurns), each message bounded. */
export function conversationRecord(
  c: { conversation_id: string; turn_id: string; user: { user_id: string; user_name: string | null }; language: Language; messages: readonly ChatMessage[]; ended_at: Date },
  config: Pick<Config, 'memory' | 'persona'>,
): PendingConversation {
  return {
    format: 1,
    conversation_id: c.conversation_id,
    user_id: c.user.user_id,
    user_name: c.user.user_name,
    robot_name: config.persona.name,
    language: c.language,
    ended_at: c.ended_at.toISOString(),
    turn_id: c.turn_id,
    messages: lastTurns(c.messages, config.memory.saveTurns).map((m) => ({ role: m.role, content: m.content.slice(0, MAX_MESSAGE_CHARS) })),
  };
}

/** The farewell's conversation: its last turns, the reply included. */
function conversationOf(s: SaveInput, ports: MemorySavePorts): PendingConversation {
  const reply: ChatMessage[] = s.final_message.trim() ? [{ role: 'assistant', content: s.final_message }] : [];
  const { user_id, user_name } = s.user_info;
  return conversationRecord(
    { conversation_id: s.conversation_id ?? s.turn_id, turn_id: s.turn_id, user: { user_id: user_id!, user_name }, language: s.language, messages: [...s.messages, ...reply], ended_at: ports.clock.now() },
    ports.config,
  );
}

/**
 * On a farewell, decides whether the conversation is kept: never for someone unknown, or whose
 * name is still being confirmed, or who said too little. The turn's commit then closes the
 * conversation, and the visit's end hands it to memory (see Handoff), which writes it to disk (an
 * fsynced file: milliseconds) and summarises it into an episode in the background. Critical: a
 * farewell cut short by the next utterance is still remembered.
 */
export const memorySaveAgent = defineAgent({
  name: 'memory_save',
  critical: true,
  reads: ['turn_id', 'intent', 'messages', 'final_message', 'user_info', 'name_confirmation', 'name_checked', 'language', 'conversation_id'],
  writes: ['memory_saved'],
  run(s, ports: MemorySavePorts) {
    if (!endsConversation(s) || !ports.memory) return { memory_saved: null };
    if (!s.user_info.user_id) return skipped('unknown_user');
    if (s.name_confirmation || !s.name_checked) return skipped('name_pending');
    if (s.messages.filter((m) => m.role === 'user').length < ports.config.memory.minUserMessages) return skipped('too_short');
    const { conversation_id, messages } = conversationOf(s, ports);
    return { memory_saved: { status: 'queued', conversation_id, messages: messages.length } };
  },
});
