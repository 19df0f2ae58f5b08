import type { Config } from '../config/index.js';
import { agreementAgent } from '../gestures/index.js';
import { afterResponseAgent } from './agents/after-response.js';
import { appraisalAgent } from './agents/appraisal.js';
import { intentAgent } from './agents/intent.js';
// memory (issue 3 item 5)
import { memoryRetrieveAgent } from './agents/memory-retrieve.js';
import { memorySaveAgent } from './agents/memory-save.js';
import { memoryUpdateAgent } from './agents/memory-update.js';
import { responseAgent } from './agents/response.js';
import { visualMemoryAgent } from './agents/visual-memory.js';
import { defineGraph, END, parallel, type Edge, type GraphNode } from './engine.js';

/**
 * The dialogue turn of SPEC section 3, in one place: the nodes, and where each one leads.
 *
 *   intent → agreement ─┬─ update_user_info, or a name confirmation pending ─► memory_update ─┬─ asks to confirm a name ─► response
 *                       │                                                                   └─► visual_memory
 *                       └─► visual_memory → memory_retrieve → appraisal → response → after_response (+ memory_save) → END
 *
 * An agent switched off by configuration is left out of the graph, and its neighbours are joined.
 *
 * Where the capabilities go (each adds its nodes here when it lands; nothing is stubbed):
 *
 *   intent ─┬─ update_user_info, or a name confirmation pending ─► memory_update ─┬─ asks to confirm a name ─► response
 *           │                                                                   └─► contextualize
 *           └─► contextualize ─► plan ─► recall (parallel: memory_retrieve, visual_memory, knowledge)
 *               ─► appraisal ─► tools in plan order (vision, search) ─► response ─► after_response (+ memory_save) ─► END
 */
type NodeName = 'intent' | 'agreement' | 'memory_update' | 'visual_memory' | 'memory_retrieve' | 'appraisal' | 'response' | 'after_response';

export function buildDialogueGraph(config: Config) {
  const visualMemory = config.agents.memory && config.visualMemory.enabled;
  // The nod on agreement comes right after intent, so the robot nods while the reply is written.
  const line: [NodeName, GraphNode | false][] = [
    ['intent', intentAgent],
    ['agreement', agreementAgent],
    ['visual_memory', visualMemory && visualMemoryAgent],
    // memory (issue 3 item 5): recall before appraisal (memories stir emotions too)
    ['memory_retrieve', config.agents.memory && memoryRetrieveAgent],
    ['appraisal', config.agents.affect && appraisalAgent],
    ['response', responseAgent],
    // memory (issue 3 item 5): a farewell is remembered beside the history being cleared
    ['after_response', config.agents.memory ? parallel(afterResponseAgent, memorySaveAgent) : afterResponseAgent],
  ];
  const present = line.filter((entry): entry is [NodeName, GraphNode] => entry[1] !== false);
  const nodes = Object.fromEntries(present) as Record<NodeName, GraphNode>;
  const edges = Object.fromEntries(present.map(([name], i) => [name, present[i + 1]?.[0] ?? END])) as Record<NodeName, Edge<NodeName>>;
  // people (issue 3): a branch off the line. What a person says about themselves goes through
  // memory_update; its "Is your name …?" goes straight to the reply, anything else rejoins the line.
  if (config.agents.memory) {
    const next = edges.agreement as NodeName;
    nodes.memory_update = memoryUpdateAgent;
    edges.agreement = (s) => (s.intent === 'update_user_info' || s.name_confirmation ? 'memory_update' : next);
    edges.memory_update = (s) => (s.name_resolution.status === 'asking' ? 'response' : next);
  }
  // defineGraph checks at start-up that every present node has an edge to a present node.
  return defineGraph({ start: 'intent', nodes, edges });
}

export type DialogueGraph = ReturnType<typeof buildDialogueGraph>;
