import type { Config } from '../config/index.js';
import { enabledTools } from '../planning/index.js';
import { afterResponseAgent } from './agents/after-response.js';
import { alertsAgent } from './agents/alerts.js';
import { agreementAgent } from './agents/agreement.js';
import { appraisalAgent, reappraisalAgent } from './agents/appraisal.js';
import { contextualizeAgent } from './agents/contextualize.js';
import { intentAgent } from './agents/intent.js';
import { knowledgeAgent } from './agents/knowledge.js';
import { memoryRetrieveAgent } from './agents/memory-retrieve.js';
import { memorySaveAgent } from './agents/memory-save.js';
import { correctsSettledName, memoryUpdateAgent, toldAboutThemselves } from './agents/memory-update.js';
import { planAgent } from './agents/plan.js';
import { profileConsolidationAgent } from './agents/profile-consolidation.js';
import { profileRefineAgent } from './agents/profile-refine.js';
import { responseAgent } from './agents/response.js';
import { searchAgent } from './agents/search.js';
import { visionAgent } from './agents/vision.js';
import { visualMemoryAgent } from './agents/visual-memory.js';
import { asksSomething } from '../language/index.js';
import { branch, defineGraph, END, parallel, type AnyAgent, type Edge, type GraphNode } from './engine.js';
import { prune } from './shape.js';
import type { TurnState } from './state.js';

export type NodeName =
  | 'intent'
  | 'agreement'
  | 'memory_update'
  | 'contextualize'
  | 'plan'
  | 'recall'
  | 'appraisal'
  | 'alerts'
  | 'vision'
  | 'search'
  | 'response'
  | 'after_response'
  | 'profile_refine';

type ToolNode = 'vision' | 'search';
const TOOL_NODES: readonly ToolNode[] = ['vision', 'search'];

/** The next planned tool after `after` (null: the first), among the tool nodes in the graph; else the response. */
function nextTool(state: Pick<TurnState, 'plan_steps'>, present: readonly ToolNode[], after: ToolNode | null): ToolNode | 'response' {
  const order = [...new Set(state.plan_steps.map((s) => s.tool))].filter((t): t is ToolNode => present.includes(t as ToolNode));
  return order[after === null ? 0 : order.indexOf(after) + 1] ?? 'response';
}

// The plan decides the order, so any other tool may come next.
const toolsAfter = (after: ToolNode | null, present: readonly ToolNode[]) =>
  branch<NodeName>(
    { ...Object.fromEntries(present.filter((t) => t !== after).map((t) => [t, `${t} planned${after ? ' next' : ''}`])), response: after ? 'no more tools planned' : 'no tool planned' },
    (s) => nextTool(s, present, after),
  );

/**
 * The dialogue turn, in one place: every node and where it leads. A node switched off by
 * configuration (null below) is pruned, and the edges into it lead on to where it led. The
 * drawing in the README is printed from this graph (`npm run docs:graph`, or /graph in the console).
 */
export function buildDialogueGraph(config: Config) {
  const tools = enabledTools(config);
  const present = TOOL_NODES.filter((t) => tools.includes(t));
  const memory = config.agents.memory;
  const recall = [memory && memoryRetrieveAgent, memory && config.visualMemory.enabled && visualMemoryAgent, config.agents.knowledge && knowledgeAgent].filter(
    (a): a is AnyAgent => a !== false,
  );
  const nodes: Record<NodeName, GraphNode | null> = {
    intent: intentAgent,
    agreement: agreementAgent,
    memory_update: memory ? memoryUpdateAgent : null,
    // The standalone question serves the planner and the knowledge search.
    contextualize: tools.length > 0 || config.agents.knowledge ? contextualizeAgent : null,
    plan: tools.length > 0 ? planAgent : null,
    recall: recall.length > 0 ? parallel(...recall) : null,
    appraisal: config.agents.affect ? appraisalAgent : null,
    alerts: config.agents.alerts ? alertsAgent : null,
    vision: present.includes('vision') ? visionAgent : null,
    search: present.includes('search') ? searchAgent : null,
    response: responseAgent,
    // Beside the wave: a farewell is remembered, the language model appraises what was said, and
    // every few turns (and at the session's end) what the person told is kept in their profile.
    after_response: parallel(
      ...[afterResponseAgent, memory && memorySaveAgent, memory && profileConsolidationAgent, config.agents.affect && reappraisalAgent].filter((a): a is AnyAgent => a !== false),
    ),
    // After the reply, never before it: the model's reading of what the person told about themselves.
    profile_refine: memory ? profileRefineAgent : null,
  };
  const edges: Record<NodeName, Edge<NodeName>> = {
    intent: 'agreement',
    agreement: memory
      ? branch({ memory_update: 'the person tells about themselves (a greeting may too), corrects their name, or a name confirmation or doubt is pending', contextualize: 'otherwise' }, (s) =>
          toldAboutThemselves(s, config.persona.name) ||
          s.name_confirmation ||
          s.name_doubt?.asked ||
          // "No, not Stephen. It's Steven.", "Nein, Katrin." is about the person whatever the intent model makes of it.
          correctsSettledName(s)
            ? 'memory_update'
            : 'contextualize',
        )
      : 'contextualize',
    // Its "Is your name …?" is the reply, word for word.
    // A question asked instead of an answer is answered first (with the tools), then asked again.
    memory_update: branch({ response: 'it asks "Is your name …?"', contextualize: 'otherwise' }, (s) =>
      s.name_resolution.status === 'asking' && !asksSomething(s.user_text) ? 'response' : 'contextualize',
    ),
    contextualize: 'plan',
    plan: 'recall',
    recall: 'appraisal',
    appraisal: 'alerts',
    // Waiting with the visitor for a person: no tools, the reply says so at once.
    alerts: branch<NodeName>(
      { ...Object.fromEntries(present.map((t) => [t, `${t} planned`])), response: 'no tool planned, or the robot waits with the visitor for a person' },
      (s) => (s.staff ? 'response' : nextTool(s, present, null)),
    ),
    vision: toolsAfter('vision', present),
    search: toolsAfter('search', present),
    response: 'after_response',
    after_response: 'profile_refine',
    profile_refine: END,
  };
  // defineGraph checks at start-up that every node has an edge to a node that exists.
  return defineGraph(prune({ start: 'intent', nodes, edges }));
}

export type DialogueGraph = ReturnType<typeof buildDialogueGraph>;

/**
 * A turn the robot begins (greeting a person it recognises, inviting an unknown face): what it
 * remembers of the person, the reply, the wave. No utterance to classify, plan or appraise.
 */
export function buildEngagementGraph(config: Config): DialogueGraph {
  const nodes = {
    recall: config.agents.memory ? memoryRetrieveAgent : null,
    response: responseAgent,
    after_response: afterResponseAgent,
  };
  const edges = { recall: 'response', response: 'after_response', after_response: END } as const;
  return defineGraph(prune({ start: config.agents.memory ? 'recall' : 'response', nodes, edges })) as unknown as DialogueGraph;
}
