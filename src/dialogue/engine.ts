import { unavailableToAgents } from '../llm/index.js';
import type { Agent } from './agent.js';
import type { Ports } from './ports.js';
import type { StateKey, TurnState } from './state.js';

export const END = '__end__';
export type End = typeof END;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAgent = Agent<any, any, any>;

/** Agents that do not depend on each other run at once; their patches must not overlap. */
export interface ParallelNode {
  readonly kind: 'parallel';
  readonly agents: readonly AnyAgent[];
}

export type GraphNode = AnyAgent | ParallelNode;
export type Edge<N extends string> = N | End | ((state: TurnState) => N | End);

export interface Graph<N extends string = string> {
  readonly start: N;
  readonly nodes: Readonly<Record<N, GraphNode>>;
  readonly edges: Readonly<Record<N, Edge<N>>>;
}

export function parallel(...agents: AnyAgent[]): ParallelNode {
  return { kind: 'parallel', agents };
}

const isParallel = (node: GraphNode): node is ParallelNode => 'kind' in node && node.kind === 'parallel';

/** Checks the wiring once, when the daemon starts, rather than in the middle of a turn. */
export function defineGraph<N extends string>(graph: Graph<N>): Graph<N> {
  const names = Object.keys(graph.nodes);
  if (!names.includes(graph.start)) throw new Error(`graph: start node "${graph.start}" does not exist`);
  for (const name of names) {
    const edge = graph.edges[name as N];
    if (edge === undefined) throw new Error(`graph: node "${name}" has no outgoing edge`);
    if (typeof edge === 'string' && edge !== END && !names.includes(edge)) {
      throw new Error(`graph: edge from "${name}" goes to unknown node "${edge}"`);
    }
    const node = graph.nodes[name as N];
    if (isParallel(node)) {
      const written = new Map<string, string>();
      for (const agent of node.agents) {
        for (const key of agent.writes as StateKey[]) {
          const other = written.get(key);
          if (other) throw new Error(`graph: parallel agents "${other}" and "${agent.name}" both write "${key}"`);
          written.set(key, agent.name);
        }
      }
    }
  }
  return graph;
}

export interface AgentSpan {
  agent: string;
  start_ms: number;
  ms: number;
}

export interface AgentError {
  agent: string;
  message: string;
}

export interface GraphRun {
  state: TurnState;
  /** Wall time per agent, in ms (summed when an agent runs more than once). */
  timings: Record<string, number>;
  /** Each agent run, with its start from the beginning of the graph run: the turn's waterfall. */
  spans: AgentSpan[];
  /** Nodes in the order they ran (a cancelled turn skips the nodes without a critical agent). */
  path: string[];
  errors: AgentError[];
  cancelled: boolean;
}

export interface RunHooks {
  /** Called after each agent's patch is applied: the place for side effects of state changes. */
  onPatch?(agent: string, patch: Partial<TurnState>, state: TurnState): void;
}

const MAX_STEPS = 64;

/**
 * Runs one turn through the graph. An agent that throws or breaks its contract is logged and
 * skipped (its patch is dropped) so the turn still ends with a reply; a cancelled turn runs only
 * its critical agents.
 */
export async function runGraph<N extends string>(
  graph: Graph<N>,
  initial: TurnState,
  ports: Ports,
  hooks: RunHooks = {},
): Promise<GraphRun> {
  let state = initial;
  const timings: Record<string, number> = {};
  const spans: AgentSpan[] = [];
  const began = performance.now();
  const path: string[] = [];
  const errors: AgentError[] = [];
  let current: N | End = graph.start;

  for (let step = 0; current !== END; step++) {
    if (step >= MAX_STEPS) {
      errors.push({ agent: current, message: `graph did not end within ${MAX_STEPS} steps` });
      break;
    }
    const node: GraphNode = graph.nodes[current];
    // A cancelled turn (barge-in) still walks the graph, but runs only the critical agents: what
    // the person said is recorded, nothing more is done for a reply nobody will hear.
    const all = isParallel(node) ? node.agents : [node];
    const agents = ports.signal.aborted ? all.filter((agent) => agent.critical) : all;
    if (agents.length) path.push(current);
    const start = performance.now() - began;
    const results = await Promise.all(agents.map((agent) => runAgent(agent, state, ports)));
    for (const [i, result] of results.entries()) {
      const agent = agents[i]!;
      timings[agent.name] = (timings[agent.name] ?? 0) + result.ms;
      spans.push({ agent: agent.name, start_ms: start, ms: result.ms });
      if (result.error) {
        errors.push({ agent: agent.name, message: result.error });
        ports.log.error({ agent: agent.name, err: result.error }, 'agent failed; its changes are dropped');
        continue;
      }
      state = { ...state, ...result.patch };
      hooks.onPatch?.(agent.name, result.patch, state);
    }
    const edge: Edge<N> = graph.edges[current];
    current = typeof edge === 'function' ? edge(state) : edge;
  }
  return { state, timings, spans, path, errors, cancelled: ports.signal.aborted };
}

async function runAgent(
  agent: AnyAgent,
  state: TurnState,
  ports: Ports,
  cancelledBefore = ports.signal.aborted,
): Promise<{ patch: Partial<TurnState>; ms: number; error?: string }> {
  const started = performance.now();
  const elapsed = () => performance.now() - started;
  const input = agent.input.safeParse(state);
  if (!input.success) {
    return { patch: {}, ms: elapsed(), error: `invalid input: ${input.error.issues.map(describe).join('; ')}` };
  }
  let output: unknown;
  try {
    output = await agent.run(input.data, cancelledBefore ? { ...ports, llm: unavailableToAgents(ports.llm) } : ports);
  } catch (err) {
    if (!ports.signal.aborted) return { patch: {}, ms: elapsed(), error: (err as Error).message ?? String(err) };
    if (!agent.critical || cancelledBefore) return { patch: {}, ms: elapsed() };
    // Cut off mid-way by the cancellation: once more, now on its offline path, so that what the
    // person said is still recorded.
    return runAgent(agent, state, ports, true).then((again) => ({ ...again, ms: elapsed() }));
  }
  const patch = agent.output.safeParse(output);
  if (!patch.success) {
    return { patch: {}, ms: elapsed(), error: `invalid output: ${patch.error.issues.map(describe).join('; ')}` };
  }
  return { patch: patch.data as Partial<TurnState>, ms: elapsed() };
}

const describe = (issue: { path: PropertyKey[]; message: string }) => `${issue.path.map(String).join('.') || 'value'}: ${issue.message}`;
