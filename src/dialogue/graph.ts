import type { Config } from '../config/index.js';
import { afterResponseAgent } from './agents/after-response.js';
import { intentAgent } from './agents/intent.js';
import { memoryUpdateAgent } from './agents/memory-update.js';
import { responseAgent } from './agents/response.js';
import { defineGraph, END } from './engine.js';

/**
 * The dialogue turn of SPEC section 3, in one place: the nodes, and where each one leads.
 *
 *   intent ─┬─ update_user_info, or a name confirmation pending ─► memory_update ─► response
 *           └─► response
 *   response → after_response → END
 *
 * Where the capabilities go (each adds its nodes here when it lands; nothing is stubbed):
 *
 *   intent ─┬─ update_user_info, or a name confirmation pending ─► memory_update ─┬─ asks to confirm a name ─► response
 *           │                                                                   └─► contextualize
 *           └─► contextualize ─► plan ─► recall (parallel: memory_retrieve, visual_memory, knowledge)
 *               ─► appraisal ─► tools in plan order (vision, search) ─► response ─► after_response (+ memory_save) ─► END
 */
export function buildDialogueGraph(config: Config) {
  // people (issue 3): with agents.memory off, nobody's name or profile is touched.
  const memory = config.agents.memory;
  return defineGraph({
    start: 'intent',
    nodes: {
      intent: intentAgent,
      memory_update: memoryUpdateAgent,
      response: responseAgent,
      after_response: afterResponseAgent,
    },
    edges: {
      intent: (s) => (memory && (s.intent === 'update_user_info' || s.name_confirmation) ? 'memory_update' : 'response'),
      // Asking "Is your name …?" goes straight to the reply; otherwise on to the rest of the turn.
      memory_update: 'response',
      response: 'after_response',
      after_response: END,
    },
  });
}

export type DialogueGraph = ReturnType<typeof buildDialogueGraph>;
