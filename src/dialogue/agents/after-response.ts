import { defineAgent } from '../agent.js';
import type { Ports } from '../ports.js';
import { endsConversation } from '../state.js';

/**
 * After the reply: the robot waves on greetings and farewells, and a farewell ends the
 * conversation (the conversation store then starts the next one with an empty history).
 */
export const afterResponseAgent = defineAgent({
  name: 'turn_end',
  reads: ['intent'],
  writes: ['gestures', 'conversation_id'],
  run(s, ports: Pick<Ports, 'config'>) {
    const { gestures: mapping } = ports.config;
    const wave = s.intent === 'first_greeting' ? mapping.greeting : s.intent === 'end_conversation' ? mapping.farewell : null;
    return {
      ...(wave && { gestures: [wave] }),
      ...(endsConversation(s) && { conversation_id: null }),
    };
  },
});
