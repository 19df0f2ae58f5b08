import type { Config } from '../config/index.js';
import { agreementAgent } from '../gestures/index.js';
import { afterResponseAgent } from './agents/after-response.js';
import { intentAgent } from './agents/intent.js';
import { memoryUpdateAgent } from './agents/memory-update.js';
import { responseAgent } from './agents/response.js';
// visual memory (issue 5)
import { visualMemoryAgent } from './agents/visual-memory.js';
import { defineGraph, END } from './engine.js';

/**
 * The dialogue turn of SPEC section 3, in one place: the nodes, and where each one leads.
 *
 *   intent → agreement ─┬─ update_user_info, or a name confirmation pending ─► memory_update ─┬─ asks to confirm a name ─► response
 *                       │                                                                   └─► (visual_memory →) response
 *                       └─► (visual_memory →) response
 *   response → after_response → END
 *   (visual_memory only when visual memory is on)
 *
 * Where the capabilities go (each adds its nodes here when it lands; nothing is stubbed):
 *
 *   intent ─┬─ update_user_info, or a name confirmation pending ─► memory_update ─┬─ asks to confirm a name ─► response
 *           │                                                                   └─► contextualize
 *           └─► contextualize ─► plan ─► recall (parallel: memory_retrieve, visual_memory, knowledge)
 *               ─► appraisal ─► tools in plan order (vision, search) ─► response ─► after_response (+ memory_save) ─► END
 */
export function buildDialogueGraph(config: Config) {
  // visual memory (issue 5): a disabled agent is left out of the graph. In the final graph it
  // joins memory_retrieve and knowledge in the parallel recall node.
  const visualMemory = config.agents.memory && config.visualMemory.enabled;
  const recall = visualMemory ? 'visual_memory' : 'response';
  // people (issue 3): with agents.memory off, nobody's name or profile is touched.
  const memory = config.agents.memory;
  return defineGraph({
    start: 'intent',
    nodes: {
      intent: intentAgent,
      // speech (issue 6): the nod on agreement comes first, while the reply is written.
      agreement: agreementAgent,
      memory_update: memoryUpdateAgent,
      visual_memory: visualMemoryAgent,
      response: responseAgent,
      after_response: afterResponseAgent,
    },
    edges: {
      intent: 'agreement',
      agreement: (s) => (memory && (s.intent === 'update_user_info' || s.name_confirmation) ? 'memory_update' : recall),
      // Asking "Is your name …?" goes straight to the reply; otherwise on to the rest of the turn.
      memory_update: (s) => (s.name_resolution.status === 'asking' ? 'response' : recall),
      visual_memory: 'response',
      response: 'after_response',
      after_response: END,
    },
  });
}

export type DialogueGraph = ReturnType<typeof buildDialogueGraph>;
