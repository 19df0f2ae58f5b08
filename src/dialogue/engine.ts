import { unavailableToAgents } from '../llm/index.js';
import type { Agent, Cadence } from './agent.js';
import type { Ports } from './ports.js';
import { applyPatch, endsConversation, REDUCERS, type StateKey, type TurnState } from './state.js';
import { oneLineZodError } from '../log/index.js';

export const END = '__end__';
export type End = typeof END;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyAgent = Agent<any, any, any>;

/** Agents that do not depend on each other run at once; only fields with a reducer may be written by more than one. */
export interface ParallelNode {
  readonly kind: 'parallel';
  readonly agents: readonly AnyAgent[];
}

export type GraphNode = AnyAgent | ParallelNode;

/** Where a node leads: one node, or a choice among named targets made on the state. */
export type Edge<N extends string> = N | End | Branch<N>;
export interface Branch<N extends string> {
  readonly kind: 'branch';
  /** The targets the choice may take, so that the graph can be checked and drawn. */
  readonly to: readonly (N | End)[];
  /** When each target is taken, for the drawing. */
  readonly when: Readonly<Partial<Record<N | End, string>>>;
  choose(state: TurnState): N | End;
}

export interface Graph<N extends string = string> {
  readonly start: N;
  readonly nodes: Readonly<Record<N, GraphNode>>;
  readonly edges: Readonly<Record<N, Edge<N>>>;
}

export function parallel(...agents: AnyAgent[]): ParallelNode {
  return { kind: 'parallel', agents };
}

/** A choice made on the state; `when` names each target the choice may take, and when it does. */
export function branch<N extends string>(when: Readonly<Partial<Record<N | End, string>>>, choose: (state: TurnState) => N | End): Branch<N> {
  return { kind: 'branch', when, to: Object.keys(when) as (N | End)[], choose };
}

export const isParallel = (node: GraphNode): node is ParallelNode => 'kind' in node && node.kind === 'parallel';
export const targets = <N extends string>(edge: Edge<N>): readonly (N | End)[] => (typeof edge === 'string' ? [edge] : edge.to);
export const agentsOf = (node: GraphNode): readonly AnyAgent[] => (isParallel(node) ? node.agents : [node]);

/** Checks the wiring once, when the daemon starts, rather than in the middle of a turn. */
export function defineGraph<N extends string>(graph: Graph<N>): Graph<N> {
  const names = Object.keys(graph.nodes);
  if (!names.includes(graph.start)) throw new Error(`graph: start node "${graph.start}" does not exist`);
  for (const name of names) {
    const edge = graph.edges[name as N];
    if (edge === undefined) throw new Error(`graph: node "${name}" has no outgoing edge`);
    for (const to of targets(edge)) {
      if (to !== END && !names.includes(to)) throw new Error(`graph: edge from "${name}" goes to unknown node "${to}"`);
    }
    const node = graph.nodes[name as N];
    if (!isParallel(node)) continue;
    const written = new Map<string, string>();
    for (const agent of node.agents) {
      for (const key of agent.writes as StateKey[]) {
        const other = written.get(key);
        if (other && !REDUCERS[key]) throw new Error(`graph: parallel agents "${other}" and "${agent.name}" both write "${key}"`);
        written.set(key, agent.name);
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

/**
 * The ports a critical agent gets once the turn is cancelled: the language model offered to no
 * agent, so that it takes its offline path at once.
 */
const offline = (ports: Ports): Ports => ({ ...ports, llm: unavailableToAgents(ports.llm) });

const MAX_STEPS = 64;

/**
 * Runs one turn through the graph. An agent that throws or breaks its contract is logged and
 * skipped (its patch is dropped, no effect runs) so the turn still ends with a reply; a cancelled
 * turn runs only its critical agents. Each gesture of an accepted patch goes to the reply at once.
 */
export async function runGraph<N extends string>(graph: Graph<N>, initial: TurnState, ports: Ports): Promise<GraphRun> {
  let state = initial;
  const timings: Record<string, number> = {};
  const spans: AgentSpan[] = [];
  const began = performance.now();
  const path: string[] = [];
  const errors: AgentError[] = [];
  let current: N | End = graph.start;
  prefetch(graph, initial, ports);
  // What it queued (an embedding's model run, a folder listing's callback) runs first: the agents
  // before the reply take no time of their own on most turns and would run in one go, so that
  // work would land where they first wait, in front of the reply's request at worst (the bench's
  // farewell: 3-4 ms between the request and the model server).
  await new Promise((resolve) => setImmediate(resolve));

  for (let step = 0; current !== END; step++) {
    if (step >= MAX_STEPS) {
      errors.push({ agent: current, message: `graph did not end within ${MAX_STEPS} steps` });
      break;
    }
    const node: GraphNode = graph.nodes[current];
    // A cancelled turn (barge-in) still walks the graph, but runs only the critical agents: what
    // the person said is recorded, nothing more is done for a reply nobody will hear.
    const agents = agentsOf(node).filter((agent) => (!ports.signal.aborted || agent.critical) && dueTurns(agent.cadence, state) !== null);
    if (agents.length) path.push(current);
    const start = performance.now() - began;
    const before = state;
    const results = await Promise.all(agents.map((agent) => runAgent(agent, scheduled(agent, before), ports)));
    for (const [i, result] of results.entries()) {
      const agent = agents[i]!;
      timings[agent.name] = (timings[agent.name] ?? 0) + result.ms;
      spans.push({ agent: agent.name, start_ms: start, ms: result.ms });
      if (result.error) {
        errors.push({ agent: agent.name, message: result.error });
        ports.log.error({ agent: agent.name, err: result.error }, 'agent failed; its changes are dropped');
        continue;
      }
      state = applyPatch(state, result.patch);
      // The effect sees the state as its agent did, plus its own patch: not its siblings' patches.
      const effect = await runEffect(agent, result.patch, applyPatch(scheduled(agent, before), result.patch), result.ports);
      if (effect) {
        errors.push({ agent: agent.name, message: effect });
        ports.log.error({ agent: agent.name, err: effect }, 'agent effect failed');
      }
      // The robot shows it as soon as it is decided, not at the end of the turn.
      for (const gesture of result.patch.gestures ?? []) {
        ports.reply.gesture(gesture);
        ports.log.debug({ agent: agent.name, gesture }, 'gesture');
      }
    }
    const edge: Edge<N> = graph.edges[current];
    current = typeof edge === 'string' ? edge : edge.choose(state);
  }
  return { state, timings, spans, path, errors, cancelled: ports.signal.aborted };
}

/**
 * The turn's start, before its first node: every agent of the graph that can begin its model work
 * from the utterance alone begins it now (the recall step's embeddings beside intent, instead of
 * after intent, the name rules, the contextualizer and the plan). A failure only loses the head start.
 */
function prefetch<N extends string>(graph: Graph<N>, state: TurnState, ports: Ports): void {
  if (state.occasion !== 'utterance' || ports.signal.aborted) return;
  for (const agent of Object.values<GraphNode>(graph.nodes).flatMap(agentsOf)) {
    if (!agent.prefetch) continue;
    try {
      agent.prefetch(state, ports);
    } catch (err) {
      ports.log.debug({ agent: agent.name, err: (err as Error).message }, 'prefetch failed; the agent does the work itself');
    }
  }
}

/**
 * Whether an agent runs on this state, and if it is on a schedule, how many of the person's turns
 * it has not seen: null when it is not due. In a turn: every `everyTurns` of the person's turns,
 * and on the farewell when it runs at the session's end (then it sees the turns since its last
 * run). At the end of a session without a farewell (`closing`): when there are turns it has not seen.
 */
function dueTurns(cadence: Cadence | undefined, state: Pick<TurnState, 'turn_number' | 'occasion' | 'intent'>, closing = false): number | null {
  if (!cadence) return closing ? null : 0;
  const n = state.turn_number;
  const every = cadence.everyTurns;
  // Turns since the last scheduled run: with no everyTurns, the whole conversation.
  const unseen = every ? n % every : n;
  if (closing) return cadence.atSessionEnd && unseen > 0 ? unseen : null;
  // A turn the robot begins is not one of the person's turns.
  if (state.occasion !== 'utterance' || n === 0) return null;
  if (every && unseen === 0) return every;
  return cadence.atSessionEnd && endsConversation(state) ? unseen : null;
}

const scheduled = (agent: AnyAgent, state: TurnState, closing = false): TurnState =>
  agent.cadence ? { ...state, unseen_turns: dueTurns(agent.cadence, state, closing) ?? 0 } : state;

/**
 * The end of a session that had no farewell turn (the person left, fell silent, the daemon
 * stopped): the graph's agents scheduled at the session's end run on its closing state, one after
 * the other, each effect done before the next; a failure is logged and the others still run.
 */
export async function runAtSessionEnd<N extends string>(graph: Graph<N>, state: TurnState, ports: Ports): Promise<AgentError[]> {
  const errors: AgentError[] = [];
  const agents = Object.values<GraphNode>(graph.nodes).flatMap(agentsOf);
  for (const agent of agents.filter((a) => dueTurns(a.cadence, state, true) !== null)) {
    const input = scheduled(agent, state, true);
    const result = await runAgent(agent, input, ports);
    const error = result.error ?? (await runEffect(agent, result.patch, applyPatch(input, result.patch), result.ports));
    if (!error) continue;
    errors.push({ agent: agent.name, message: error });
    ports.log.error({ agent: agent.name, err: error }, 'agent at the session end failed');
  }
  return errors;
}

interface AgentResult {
  patch: Partial<TurnState>;
  ms: number;
  /** The ports the agent ran with: its effect gets the same (offline after a cancellation). */
  ports: Ports;
  error?: string;
}

async function runAgent(agent: AnyAgent, state: TurnState, ports: Ports, cancelledBefore = ports.signal?.aborted ?? false): Promise<AgentResult> {
  const started = performance.now();
  const used = cancelledBefore ? offline(ports) : ports;
  const done = (patch: Partial<TurnState>, error?: string): AgentResult => ({ patch, ms: performance.now() - started, ports: used, ...(error && { error }) });
  const input = agent.input.safeParse(state);
  if (!input.success) return done({}, `invalid input: ${oneLineZodError(input.error)}`);
  let output: unknown;
  try {
    output = await agent.run(input.data, used);
  } catch (err) {
    if (!ports.signal?.aborted) return done({}, (err as Error).message ?? String(err));
    if (!agent.critical || cancelledBefore) return done({});
    // Cut off mid-way by the cancellation: once more, now on its offline path, so that what the
    // person said is still recorded.
    const again = await runAgent(agent, state, ports, true);
    return { ...again, ms: performance.now() - started };
  }
  const patch = agent.output.safeParse(output);
  if (!patch.success) return done({}, `invalid output: ${oneLineZodError(patch.error)}`);
  return done(patch.data as Partial<TurnState>);
}

async function runEffect(agent: AnyAgent, patch: Partial<TurnState>, state: TurnState, ports: Ports): Promise<string | null> {
  if (!agent.effect) return null;
  try {
    await agent.effect(patch, state, ports);
    return null;
  } catch (err) {
    return `effect: ${(err as Error).message ?? String(err)}`;
  }
}

/**
 * One agent on one state, exactly as the engine runs it (input and output checked, effects
 * done): the patch as applied, reduced fields in full. Throws what the engine would log.
 */
export async function step(agent: AnyAgent, state: TurnState, ports: Partial<Ports>): Promise<Partial<TurnState>> {
  const result = await runAgent(agent, state, ports as Ports);
  if (result.error) throw new Error(`${agent.name}: ${result.error}`);
  const next = applyPatch(state, result.patch);
  const effect = await runEffect(agent, result.patch, next, result.ports);
  if (effect) throw new Error(`${agent.name}: ${effect}`);
  return Object.fromEntries(Object.keys(result.patch).map((k) => [k, next[k as StateKey]]));
}
