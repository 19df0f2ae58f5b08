import { defineAgent } from '../agent.js';
import type { Ports } from '../ports.js';

/**
 * SPEC step 8: the robot waves on greetings and farewells; the reply joins the history, which
 * is trimmed to the configured length; a farewell ends the conversation and clears it.
 */
export const afterResponseAgent = defineAgent({
  name: 'after_response',
  reads: ['intent', 'messages', 'final_message', 'gestures'],
  // Conversation_id ends with the conversation
  writes: ['messages', 'gestures', 'conversation_id'],
  run(s, ports: Pick<Ports, 'config'>) {
    const { gestures: mapping, dialogue } = ports.config;
    const wave = s.intent === 'first_greeting' ? mapping.greeting : s.intent === 'end_conversation' ? mapping.farewell : null;
    const gestures = wave ? [...s.gestures, wave] : s.gestures;
    if (s.intent === 'end_conversation') return { messages: [], gestures, conversation_id: null };
    const messages = [...s.messages, { role: 'assistant' as const, content: s.final_message }];
    return { messages: messages.slice(-dialogue.historyTurns * 2), gestures };
  },
});
