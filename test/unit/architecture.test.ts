import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema } from '../../src/config/index.js';
import { buildDialogueGraph } from '../../src/dialogue/index.js';
import { agentsOf } from '../../src/dialogue/engine.js';
import { REPO } from '../helpers/config.js';

const SRC = path.join(REPO, 'src');

/** Every module of src/ and the modules it imports (type-only imports count: they are arrows too). */
function importGraph(): Map<string, string[]> {
  const files = (readdirSync(SRC, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts')).map((f) => path.join(SRC, f));
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const deps = [...text.matchAll(/^\s*(?:import|export)\s[^'"]*?['"](\.{1,2}\/[^'"]+)\.js['"]/gm)].map((m) => path.join(path.dirname(file), `${m[1]}.ts`));
    graph.set(file, deps);
  }
  return graph;
}

/** The import circles, each as the list of modules in it (Tarjan's strongly connected components). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, index.size);
    low.set(v, index.get(v)!);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    for (let w = stack.pop(); w !== undefined; w = w === v ? undefined : stack.pop()) component.push(path.relative(REPO, w));
    if (component.length > 1) found.push(component);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('the structure of the code', () => {
  it('has no import circles', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(circles(graph)).toEqual([]);
  });

  it('finds a circle when there is one (the check above can fail)', () => {
    const a = path.join(SRC, 'a.ts');
    const b = path.join(SRC, 'b.ts');
    expect(circles(new Map([[a, [b]], [b, [a]]]))).toEqual([['src/b.ts', 'src/a.ts']]);
  });

  it('leaves the conversation history to the sessions store: no agent writes it', () => {
    const graph = buildDialogueGraph(ConfigSchema.parse({ agents: { search: true }, search: { url: 'http://127.0.0.1:9' } }));
    const writers = Object.values(graph.nodes).flatMap((node) => agentsOf(node).filter((agent) => agent.writes.includes('messages')));
    expect(writers.map((a) => a.name)).toEqual([]);
  });

  it('keeps the dialogue free of the transport: nothing under src/dialogue imports the bus', () => {
    const graph = importGraph();
    const offenders = [...graph].filter(([file, deps]) => file.includes(`${path.sep}dialogue${path.sep}`) && deps.some((d) => d.includes(`${path.sep}bus${path.sep}`)));
    expect(offenders.map(([file]) => path.relative(REPO, file))).toEqual([]);
  });
});
