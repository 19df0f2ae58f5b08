import { agentsOf, branch, END, isParallel, targets, type AnyAgent, type Edge, type End, type Graph, type GraphNode } from './engine.js';
import type { TurnState } from './state.js';

export interface GraphDraft<N extends string> {
  readonly start: N;
  /** null: the node is switched off. */
  readonly nodes: Readonly<Record<N, GraphNode | null>>;
  readonly edges: Readonly<Record<N, Edge<N>>>;
}

/**
 * The graph without its switched-off nodes: an edge into one leads on to where that node led
 * (through its choice, when it had one).
 */
export function prune<N extends string>(draft: GraphDraft<N>): Graph<N> {
  const present = (n: N | End): boolean => n === END || draft.nodes[n] != null;
  const follow = (n: N | End, s: TurnState, hops = 0): N | End => {
    if (present(n) || hops > 32) return n;
    const edge = draft.edges[n as N];
    return follow(typeof edge === 'string' ? (edge as N | End) : edge.choose(s), s, hops + 1);
  };
  // When each node reached through switched-off nodes is taken: as the first choice on the way said.
  const whenOf = (edge: Edge<N>, label: string | null): [N | End, string][] =>
    targets(edge).flatMap((t) => {
      const own = typeof edge === 'string' ? label : (edge.when[t] ?? label);
      if (present(t)) return [[t, own ?? 'always'] as [N | End, string]];
      return whenOf(draft.edges[t as N], own);
    });
  const resolve = (edge: Edge<N>): Edge<N> => {
    const when: Partial<Record<N | End, string>> = {};
    for (const [to, label] of whenOf(edge, null)) when[to] ??= label;
    const to = Object.keys(when) as (N | End)[];
    if (to.length === 1) return to[0]!;
    const choose = typeof edge === 'string' ? () => edge as N | End : edge.choose;
    return branch(when, (s) => follow(choose(s), s));
  };
  const names = (Object.keys(draft.nodes) as N[]).filter((n) => present(n));
  if (!present(draft.start)) throw new Error(`graph: the start node "${draft.start}" is switched off`);
  return {
    start: draft.start,
    nodes: Object.fromEntries(names.map((n) => [n, draft.nodes[n]])) as Record<N, GraphNode>,
    edges: Object.fromEntries(names.map((n) => [n, resolve(draft.edges[n])])) as Record<N, Edge<N>>,
  };
}

/** The graph as a Mermaid flowchart: what the README shows and the console's /graph prints. */
export function describeGraph<N extends string>(graph: Graph<N>): string {
  const lines = ['flowchart TD'];
  const id = (n: string) => (n === END ? 'END([end])' : n);
  for (const [name, node] of Object.entries(graph.nodes) as [N, GraphNode][]) {
    if (isParallel(node)) lines.push(`  ${name}[["${name}: ${agentsOf(node).map(label).join(' ‖ ')}"]]`);
    else if (node.cadence) lines.push(`  ${name}["${label(node)}"]`);
    const edge = graph.edges[name];
    if (typeof edge === 'string') lines.push(`  ${name} --> ${id(edge)}`);
    else for (const to of edge.to) lines.push(`  ${name} -->|${(edge.when[to] ?? '').replaceAll('"', "'")}| ${id(to)}`);
  }
  return lines.join('\n');
}

/** An agent on a schedule says when it runs. */
function label(agent: AnyAgent): string {
  const { everyTurns, atSessionEnd } = agent.cadence ?? {};
  const when = [everyTurns && `every ${everyTurns} turns`, atSessionEnd && 'at session end'].filter(Boolean);
  return when.length ? `${agent.name} (${when.join(', ')})` : agent.name;
}
