import type { Config } from '../config/index.js';
import { afterResponseAgent } from './agents/after-response.js';
// affect (issue 4)
import { appraisalAgent } from './agents/appraisal.js';
import { intentAgent } from './agents/intent.js';
import { responseAgent } from './agents/response.js';
import { defineGraph, END, type Edge, type GraphNode } from './engine.js';

/**
 * The dialogue turn of SPEC section 3, in one place: the nodes, and where each one leads.
 *
 *   intent → appraisal → response → after_response → END      (appraisal only with agents.affect)
 *
 * Where the capabilities go (each adds its nodes here when it lands; nothing is stubbed):
 *
 *   intent ─┬─ update_user_info, or a name confirmation pending ─► memory_update ─┬─ asks to confirm a name ─► response
 *           │                                                                   └─► contextualize
 *           └─► contextualize ─► plan ─► recall (parallel: memory_retrieve, visual_memory, knowledge)
 *               ─► appraisal ─► tools in plan order (vision, search) ─► response ─► after_response (+ memory_save) ─► END
 */
type NodeName = 'intent' | 'appraisal' | 'response' | 'after_response';

export function buildDialogueGraph(config: Config) {
  const nodes: Partial<Record<NodeName, GraphNode>> = {
    intent: intentAgent,
    response: responseAgent,
    after_response: afterResponseAgent,
  };
  const edges: Partial<Record<NodeName, Edge<NodeName>>> = {
    intent: 'response',
    response: 'after_response',
    after_response: END,
  };
  // affect (issue 4): a disabled agent is left out of the graph.
  if (config.agents.affect) {
    nodes.appraisal = appraisalAgent;
    edges.intent = 'appraisal';
    edges.appraisal = 'response';
  }
  // defineGraph checks at start-up that every present node has an edge to a present node.
  return defineGraph({ start: 'intent', nodes: nodes as Record<NodeName, GraphNode>, edges: edges as Record<NodeName, Edge<NodeName>> });
}

export type DialogueGraph = ReturnType<typeof buildDialogueGraph>;
