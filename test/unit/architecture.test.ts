import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigSchema, LLM_AGENTS } from '../../src/config/index.js';
import { buildDialogueGraph, defineAgent, parallel, runGraph } from '../../src/dialogue/index.js';
import { agentsOf } from '../../src/dialogue/engine.js';
import { REPO } from '../helpers/config.js';
import { testOnlyExports, tsFiles } from '../helpers/exports.js';

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

/**
 * Exports of src/ that only tests import, kept on purpose; each line says why. Anything else a test needs
 * goes through the capability's index.ts as the daemon uses it (or the agent through the engine's step()).
 */
const TEST_ONLY_EXPORTS: Record<string, string> = {
  'src/affect/store.ts AffectFileSchema': 'the on-disk format of the mood file, which the tests read back',
  'src/bus/topics.ts StatusSchema': 'the wire contract of an outgoing topic: integration tests check what the daemon publishes against it',
  'src/bus/topics.ts HermesSaySchema': 'the wire contract of an outgoing topic: integration tests check what the daemon publishes against it',
  'src/dialogue/engine.ts step': 'the harness every agent test drives (issue 22, item 5: each agent tested through the engine’s step())',
  'src/eval/simulate.ts VISITOR_PROMPT_START': 'the simulator’s prompt marker, by which the fake model server of the eval-runner test tells the visitor from the judge',
  'src/eval/simulate.ts JUDGE_PROMPT_START': 'the simulator’s prompt marker, by which the fake model server of the eval-runner test tells the visitor from the judge',
  'src/language/identify.ts languageEvidence': 'the full evidence, franc’s trigrams included: the test that identifyLanguage asks franc only where it could change the answer decides over it',
  'src/memory/service.ts conversationQueueDir': 'the on-disk layout the crash and flush tests inspect (what survives a kill)',
  'src/models/download.ts DownloadError': 'tests check a failed download rejects with this class (what callers catch)',
  'src/models/real-models.ts embeddedLlmSpec': 'the download test fetches the embedded model by its spec, as scripts/download-models.ts does by name',
  'src/models/real-models.ts miniLMSpec': 'the checksum test compares each listed tokenizer file with the real one where this machine has it (scripts/download-models.ts reaches the specs by name)',
  'src/models/real-models.ts clipSpec': 'the checksum test compares each listed tokenizer file with the real one where this machine has it (scripts/download-models.ts reaches the specs by name)',
  'src/people/awake.ts StallMonitor': 'the stall rule on an injected clock: the process’s own monitor (processStalls) runs on the real one, which no test may wait on',
  'src/people/files.ts PROFILE_FILE': 'the on-disk layout the people crash test inspects (what survives a kill)',
  'src/visual-memory/clip.ts ClipModelError': 'tests check a bad model rejects with this class (what callers catch)',
  'src/visual-memory/embedding-cache.ts encoderFolder': 'the on-disk layout the visual-memory tests inspect',
  'src/visual-memory/start.ts clipCacheDir': 'the on-disk layout the visual-memory test inspects',
  'src/eval/generate/compose.ts SPLITS': 'test/helpers/generated-answers.ts builds answers from the generator’s own phrasing splits',
  'src/models/standin/clip.ts STANDIN_CLIP_SHAPE': 'the stand-in CLIP model’s contract, checked against the generated ONNX file',
  'src/models/standin/clip.ts STANDIN_MANIFEST': 'the stand-in CLIP model’s contract, checked against the generated ONNX file',
};

type AnyGraph = ReturnType<typeof buildDialogueGraph>;
const graphNames = (graph: AnyGraph) => new Set([...Object.keys(graph.nodes), ...Object.values(graph.nodes).flatMap((node) => agentsOf(node).map((a) => a.name))]);

/** The agents of the graph that write the conversation history (the store alone may). */
const historyWriters = (graph: AnyGraph) => Object.values(graph.nodes).flatMap((node) => agentsOf(node).filter((agent) => agent.writes.includes('messages'))).map((a) => a.name);

/** The llm.agents keys that name no node and no agent of the graph (`outside`: units that run outside the turn). */
const unnamedModelKeys = (graph: AnyGraph, keys: readonly string[], outside: readonly string[]) => keys.filter((key) => !graphNames(graph).has(key) && !outside.includes(key));

/** Agents named like a node they are not the whole of: one name, two units. */
function nameClashes(graph: AnyGraph): string[] {
  const names = graphNames(graph);
  const clashes = Object.entries(graph.nodes).flatMap(([node, n]) => agentsOf(n).filter((a) => a.name !== node && names.has(a.name) && a.name in graph.nodes).map((a) => `${a.name} in ${node}`));
  const shared = Object.entries(graph.nodes).filter(([node, n]) => agentsOf(n).length > 1 && agentsOf(n).some((a) => a.name === node)).map(([node]) => `${node} shares its name`);
  return [...clashes, ...shared];
}

/** The agents.<switch> keys named after neither a node of the graph nor a capability folder. */
const unnamedSwitches = (graph: AnyGraph, switches: readonly string[], folders: readonly string[]) => switches.filter((s) => !(s in graph.nodes) && !folders.includes(s));

/** The agents.<switch> keys named after a node that stays in the graph when the switch is off. */
const switchesNotSwitching = (build: (off: string) => AnyGraph, switches: readonly string[], on: AnyGraph) =>
  switches.filter((s) => s in on.nodes && s in build(s).nodes);

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

  it('leaves the conversation history to the conversation store: no agent writes it', () => {
    const graph = buildDialogueGraph(ConfigSchema.parse({ agents: { search: true }, search: { url: 'http://127.0.0.1:9' } }));
    expect(historyWriters(graph)).toEqual([]);
    // The check can fail: an agent that writes the history is found.
    const writer = defineAgent({ name: 'scribe', reads: [], writes: ['messages'], run: () => ({}) });
    expect(historyWriters({ ...graph, nodes: { ...graph.nodes, scribe: writer } })).toEqual(['scribe']);
  });

  it('keeps the dialogue free of the transport: nothing under src/dialogue imports the bus', () => {
    const graph = importGraph();
    const offenders = [...graph].filter(([file, deps]) => file.includes(`${path.sep}dialogue${path.sep}`) && deps.some((d) => d.includes(`${path.sep}bus${path.sep}`)));
    expect(offenders.map(([file]) => path.relative(REPO, file))).toEqual([]);
  });

  /** Each module (outside `except`) whose text matches `pattern`, relative to the repository. */
  const matching = (texts: Map<string, string>, pattern: RegExp, except: (file: string) => boolean = () => false) =>
    [...texts].filter(([file, text]) => !except(file) && pattern.test(text)).map(([file]) => path.relative(REPO, file));
  const modulesMatching = (pattern: RegExp, except?: (file: string) => boolean) => matching(new Map([...importGraph().keys()].map((f) => [f, readFileSync(f, 'utf8')])), pattern, except);

  const HISTORY_WRITE = /\bendTurn\(/;
  const notState = (f: string) => f.endsWith(`dialogue${path.sep}state.ts`);
  const REMEMBER = /\.remember\(/;
  const inMemory = (f: string) => f.includes(`${path.sep}memory${path.sep}`);

  it('has one writer of the history: the conversation store, from the turn’s commit and the voice’s delivered', () => {
    expect(modulesMatching(HISTORY_WRITE, notState)).toEqual(['src/dialogue/conversations.ts']);
    expect(modulesMatching(/\.on\('delivered'/)).toEqual(['src/dialogue/dialogue.ts']);
    expect(readFileSync(path.join(SRC, 'dialogue', 'dialogue.ts'), 'utf8')).toMatch(/voice\.on\('delivered', \(delivered\) => conversations\.delivered\(delivered\)\)/);
    // The check can fail: a second module that ends a turn in the history is found.
    const texts = new Map([
      [path.join(SRC, 'dialogue', 'conversations.ts'), 'this.#messages = endTurn(this.#messages, turn);'],
      [path.join(SRC, 'speech', 'voice.ts'), 'session.messages = endTurn(session.messages, { said });'],
    ]);
    expect(matching(texts, HISTORY_WRITE, notState)).toEqual(['src/dialogue/conversations.ts', 'src/speech/voice.ts']);
  });

  it('has one hand-off of a conversation to memory: a visit’s end, through the hand-off', () => {
    expect(modulesMatching(REMEMBER, inMemory)).toEqual(['src/dialogue/handoff.ts']);
    // The check can fail: a second caller (as src/dialogue/dialogue.ts once was) is found.
    const texts = new Map([
      [path.join(SRC, 'dialogue', 'handoff.ts'), 'this.#memory.remember(conversation);'],
      [path.join(SRC, 'dialogue', 'dialogue.ts'), 'void ports.memory.remember(pending);'],
    ]);
    expect(matching(texts, REMEMBER, inMemory)).toEqual(['src/dialogue/handoff.ts', 'src/dialogue/dialogue.ts']);
  });

  // z.prettifyError(…) followed by a hand-made fold of its lines (.replace, .replaceAll, .split).
  const HAND_FOLDED = /prettifyError\((?:[^()]|\([^()]*\))*\)\s*\.\s*(?:replace|replaceAll|split)\(/;

  it('folds a zod error into one line in one place: oneLineZodError, no hand-written prettifyError(…).replace', () => {
    expect(modulesMatching(HAND_FOLDED, (f) => f.endsWith(`log${path.sep}zod-error.ts`))).toEqual([]);
    // The check can fail: the forms the sites had before.
    expect(HAND_FOLDED.test("`${z.prettifyError(parsed.error).replace(/\\n\\s*/g, ' ')}`")).toBe(true);
    expect(HAND_FOLDED.test("z.prettifyError((params.error ?? body.error)!).replaceAll('\\n', ' ')")).toBe(true);
    expect(HAND_FOLDED.test("z.prettifyError(parsed.error).split('\\n').slice(0, 2).join(' ')")).toBe(true);
    expect(HAND_FOLDED.test('throw new Error(`${file}:\\n${z.prettifyError(parsed.error)}`)')).toBe(false);
  });

  it('walks an utterance one way: the bus comes in through src/wiring.ts only, the dialogue goes out through src/outlets.ts only', () => {
    // Everything the dialogue says is published in one module, which subscribes to nothing on the bus.
    expect(modulesMatching(/\bbus\.publish\('(speak|stop_speaking|animation|hermes_say|turn_event|session_event|alert)'/)).toEqual(['src/outlets.ts']);
    expect(readFileSync(path.join(SRC, 'outlets.ts'), 'utf8')).not.toMatch(/\bbus\.on\(/);
    // What the voice says leaves through SpeechOut, made before it: nothing else announces a sentence.
    expect(modulesMatching(/\.emit\('(speak|stop_speaking|gesture)'/)).toEqual(['src/speech/out.ts']);
    expect(modulesMatching(/\.on\('(speak|stop_speaking|gesture)'/).sort()).toEqual(['src/console/repl.ts', 'src/outlets.ts']);
  });

  it('threads no callback down the walk: the gate returns what passes, the engine takes no hooks, the reply gets its language with its text', () => {
    const text = (file: string) => readFileSync(path.join(SRC, file), 'utf8');
    expect(text('bus/inbound-gate.ts')).not.toMatch(/\bdeliver\s*[(:]/);
    expect(text('dialogue/engine.ts')).not.toMatch(/\bonPatch\b|\boffline\?\(/);
    expect(runGraph.length).toBe(3);
    expect(modulesMatching(/language: \(\) =>/)).toEqual([]);
  });

  const fullConfig = { agents: { search: true }, search: { url: 'http://127.0.0.1:9' }, plan: { useModel: true } };

  it('gives a unit one name: each llm.agents key is a node or an agent of the graph', () => {
    const graph = buildDialogueGraph(ConfigSchema.parse(fullConfig));
    // The summary is written by the memory writer, in the background, outside the turn.
    expect(unnamedModelKeys(graph, LLM_AGENTS, ['summary'])).toEqual([]);
    expect(Object.keys(ConfigSchema.parse({}).llm.agents).sort()).toEqual([...LLM_AGENTS].sort());
    // No agent has the name of a node it is not (alone) the node of.
    expect(nameClashes(graph)).toEqual([]);
    // The checks can fail: a key named as the node once was (llm.agents.planner for the node plan),
    // an agent named after another node, a node that shares its name with one of its agents.
    expect(unnamedModelKeys(graph, [...LLM_AGENTS, 'planner'], ['summary'])).toEqual(['planner']);
    const named = (name: string) => defineAgent({ name, reads: [], writes: ['gestures'], run: () => ({}) });
    expect(nameClashes({ ...graph, nodes: { ...graph.nodes, alerts: named('plan') } })).toEqual(['plan in alerts']);
    expect(nameClashes({ ...graph, nodes: { ...graph.nodes, alerts: parallel(named('alerts'), named('sirens')) } })).toEqual(['alerts shares its name']);
  });

  it('names each agents.<switch> after a node or a capability folder of src/, and a node’s switch switches that node', () => {
    const switches = Object.keys(ConfigSchema.parse({}).agents);
    const build = (off?: string) => buildDialogueGraph(ConfigSchema.parse({ ...fullConfig, agents: { search: true, ...(off && { [off]: false }) } }));
    const graph = build();
    const folders = readdirSync(SRC, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
    expect(unnamedSwitches(graph, switches, folders)).toEqual([]);
    expect(switchesNotSwitching(build, switches, graph)).toEqual([]);
    // The checks can fail: a switch named as before (agents.planner), a switch that leaves its node in.
    expect(unnamedSwitches(graph, [...switches, 'planner'], folders)).toEqual(['planner']);
    expect(switchesNotSwitching(() => graph, switches, graph).length).toBeGreaterThan(0);
  });

  it('exports from src/ only what src/ or scripts/ imports: tests use the public path (or the short list above, with reasons)', () => {
    const modules = tsFiles(SRC);
    const production = [...modules, ...tsFiles(path.join(REPO, 'scripts'))];
    const found = testOnlyExports(REPO, modules, production, tsFiles(path.join(REPO, 'test')));
    expect(found.filter((entry) => !(entry in TEST_ONLY_EXPORTS))).toEqual([]);
    // A line of the list that is no longer needed goes too.
    expect(Object.keys(TEST_ONLY_EXPORTS).filter((entry) => !found.includes(entry))).toEqual([]);
  });

  it('finds an export only a test imports, also through an index.ts (the check above can fail)', () => {
    const files: Record<string, string> = {
      '/r/src/a/index.ts': "export { used, tested } from './impl.js';\n",
      '/r/src/a/impl.ts': 'export const used = 1;\nexport function tested() {}\nexport type Shape = {};\n',
      '/r/src/b.ts': "import { used } from './a/index.js';\n",
      '/r/test/a.test.ts': "import { tested, used } from '../src/a/index.js';\nimport type { Shape } from '../src/a/impl.js';\n",
    };
    const src = { read: (f: string) => files[f]!, exists: (f: string) => f in files };
    const modules = Object.keys(files).filter((f) => f.startsWith('/r/src/'));
    expect(testOnlyExports('/r', modules, modules, ['/r/test/a.test.ts'], src)).toEqual(['src/a/impl.ts tested']);
    // A module imported when it is needed (src/main.ts loads the brain after reading its arguments) is used too.
    files['/r/src/c.ts'] = "async function later() {\n  const { tested: run } = await import('./a/index.js');\n}\n";
    expect(testOnlyExports('/r', [...modules, '/r/src/c.ts'], [...modules, '/r/src/c.ts'], ['/r/test/a.test.ts'], src)).toEqual([]);
  });
});
