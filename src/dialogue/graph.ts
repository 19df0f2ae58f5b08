import type { Config } from '../config/index.js';
import { agreementAgent } from '../gestures/index.js';
import { enabledTools } from '../planning/index.js';
import { afterResponseAgent } from './agents/after-response.js';
import { appraisalAgent } from './agents/appraisal.js';
import { contextualizeAgent } from './agents/contextualize.js';
import { intentAgent } from './agents/intent.js';
import { knowledgeAgent } from './agents/knowledge.js';
import { memoryRetrieveAgent } from './agents/memory-retrieve.js';
import { memorySaveAgent } from './agents/memory-save.js';
import { memoryUpdateAgent } from './agents/memory-update.js';
import { planAgent } from './agents/plan.js';
import { responseAgent } from './agents/response.js';
import { searchAgent } from './agents/search.js';
import { visionAgent } from './agents/vision.js';
import { visualMemoryAgent } from './agents/visual-memory.js';
import { defineGraph, END, parallel, type AnyAgent, type Edge, type GraphNode } from './engine.js';
import type { TurnState } from './state.js';

/**
 * The dialogue turn of SPEC section 3, in one place: the nodes, and where each one leads.
 *
 *   intent → agreement ─┬─ update_user_info, or a name confirmation pending ─► memory_update ─┬─ asks "Is your name …?" ─► response
 *                       │                                                                   └─► contextualize
 *                       └─► contextualize → plan → recall (parallel: memory_retrieve, visual_memory, knowledge)
 *                           → appraisal → the planned tools in plan order (vision, search) → response
 *                           → after_response (parallel: after_response, memory_save) → END
 *
 * An agent switched off by configuration is left out of the graph, and its neighbours are joined.
 * Without any tool switched on there is nothing to plan: contextualize and plan are left out too.
 * The nod on agreement comes right after intent, so the robot nods while the reply is written.
 */
type LineNode = 'intent' | 'agreement' | 'contextualize' | 'plan' | 'recall' | 'appraisal';
type ToolNode = 'vision' | 'search';
type NodeName = LineNode | ToolNode | 'memory_update' | 'response' | 'after_response';

/** The next planned tool after `after` (null: the first), among the tool nodes in the graph; else the response. */
export function nextTool(state: Pick<TurnState, 'plan_steps'>, present: readonly ToolNode[], after: ToolNode | null): ToolNode | 'response' {
  const order = [...new Set(state.plan_steps.map((s) => s.tool))].filter((t): t is ToolNode => (present as readonly string[]).includes(t));
  return order[after === null ? 0 : order.indexOf(after) + 1] ?? 'response';
}

export function buildDialogueGraph(config: Config) {
  const visualMemory = config.agents.memory && config.visualMemory.enabled;
  const tools = enabledTools(config);
  const planning = tools.length > 0;
  const recall = [
    config.agents.memory && memoryRetrieveAgent,
    visualMemory && visualMemoryAgent,
    config.agents.knowledge && knowledgeAgent,
  ].filter((a): a is AnyAgent => a !== false);
  const line: [LineNode, GraphNode | false][] = [
    ['intent', intentAgent],
    ['agreement', agreementAgent],
    ['contextualize', planning && contextualizeAgent],
    ['plan', planning && planAgent],
    ['recall', recall.length > 0 && parallel(...recall)],
    ['appraisal', config.agents.affect && appraisalAgent],
  ];
  const toolNodes: [ToolNode, GraphNode | false][] = [
    ['vision', tools.includes('vision') && visionAgent],
    ['search', tools.includes('search') && searchAgent],
  ];
  const present = line.filter((entry): entry is [LineNode, GraphNode] => entry[1] !== false);
  const presentTools = toolNodes.filter((entry): entry is [ToolNode, GraphNode] => entry[1] !== false);
  const toolNames = presentTools.map(([name]) => name);
  const afterLine: Edge<NodeName> = toolNames.length ? (s) => nextTool(s, toolNames, null) : 'response';

  // A farewell is remembered beside the history being cleared.
  const afterResponse = config.agents.memory ? parallel(afterResponseAgent, memorySaveAgent) : afterResponseAgent;
  const nodes = Object.fromEntries([...present, ...presentTools, ['response', responseAgent], ['after_response', afterResponse]]) as Record<NodeName, GraphNode>;
  const edges = {
    ...Object.fromEntries(present.map(([name], i) => [name, present[i + 1]?.[0] ?? afterLine])),
    ...Object.fromEntries(toolNames.map((name) => [name, (s: TurnState) => nextTool(s, toolNames, name)])),
    response: 'after_response',
    after_response: END,
  } as Record<NodeName, Edge<NodeName>>;
  // A branch off the line: what a person says about themselves goes through memory_update; its
  // "Is your name …?" is the reply, word for word; anything else rejoins the line.
  if (config.agents.memory) {
    const onward = edges.agreement;
    const next = (s: TurnState) => (typeof onward === 'function' ? onward(s) : onward);
    nodes.memory_update = memoryUpdateAgent;
    edges.agreement = (s) => (s.intent === 'update_user_info' || s.name_confirmation ? 'memory_update' : next(s));
    edges.memory_update = (s) => (s.name_resolution.status === 'asking' ? 'response' : next(s));
  }
  // defineGraph checks at start-up that every present node has an edge to a present node.
  return defineGraph({ start: 'intent', nodes, edges });
}

export type DialogueGraph = ReturnType<typeof buildDialogueGraph>;
