import { describe, expect, it } from 'vitest';
import { branch, defineAgent, defineGraph, END, newSession, parallel, runGraph, startTurn, step, type Ports } from '../../../src/dialogue/index.js';
import { testConfig } from '../../helpers/config.js';
import { turnPorts } from '../../helpers/ports.js';

const initial = () => startTurn(newSession('en'), 't-1', 'hello', null);
const ports = (signal?: AbortSignal) => turnPorts(testConfig(), signal ? { signal } : {}) as Ports;
const tick = () => new Promise((r) => setImmediate(r));

describe('the graph engine', () => {
  it('gives each agent only the fields it reads, and applies its patch', async () => {
    let seen: unknown;
    const reader = defineAgent({
      name: 'reader',
      reads: ['user_text'],
      writes: ['final_message'],
      run: (s) => {
        seen = s;
        return { final_message: s.user_text.toUpperCase() };
      },
    });
    const run = await runGraph(defineGraph({ start: 'a', nodes: { a: reader }, edges: { a: END } }), initial(), ports());
    expect(seen).toEqual({ user_text: 'hello' });
    expect(run.state.final_message).toBe('HELLO');
    expect(run.path).toEqual(['a']);
    expect(run.timings.reader).toBeGreaterThanOrEqual(0);
  });

  it('drops the patch of an agent that writes an undeclared field or a wrong type, and carries on', async () => {
    const sneaky = defineAgent({
      name: 'sneaky',
      reads: [],
      writes: ['final_message'],
      run: () => ({ final_message: 'x', language: 'de' }) as never,
    });
    const wrongType = defineAgent({ name: 'wrong', reads: [], writes: ['intent_confidence'], run: () => ({ intent_confidence: 7 }) });
    const after = defineAgent({ name: 'after', reads: [], writes: ['gestures'], run: () => ({ gestures: ['NOD_YES'] }) });
    const graph = defineGraph({ start: 'a', nodes: { a: sneaky, b: wrongType, c: after }, edges: { a: 'b', b: 'c', c: END } });
    const run = await runGraph(graph, initial(), ports());
    expect(run.state.language).toBe('en');
    expect(run.state.final_message).toBe('');
    expect(run.state.intent_confidence).toBe(0);
    expect(run.state.gestures).toEqual(['NOD_YES']);
    expect(run.errors.map((e) => e.agent)).toEqual(['sneaky', 'wrong']);
    expect(run.errors[0]!.message).toMatch(/invalid output/);
  });

  it('contains an agent that throws', async () => {
    const boom = defineAgent({
      name: 'boom',
      reads: [],
      writes: ['final_message'],
      run: () => {
        throw new Error('kaput');
      },
    });
    const run = await runGraph(defineGraph({ start: 'a', nodes: { a: boom }, edges: { a: END } }), initial(), ports());
    expect(run.errors).toEqual([{ agent: 'boom', message: 'kaput' }]);
  });

  it('follows conditional edges on the patched state', async () => {
    const classify = defineAgent({ name: 'classify', reads: [], writes: ['intent'], run: () => ({ intent: 'end_conversation' as const }) });
    const bye = defineAgent({ name: 'bye', reads: [], writes: ['final_message'], run: () => ({ final_message: 'bye' }) });
    const chat = defineAgent({ name: 'chat', reads: [], writes: ['final_message'], run: () => ({ final_message: 'chat' }) });
    const graph = defineGraph({
      start: 'classify',
      nodes: { classify, bye, chat },
      edges: { classify: branch({ bye: 'a farewell', chat: 'otherwise' }, (s) => (s.intent === 'end_conversation' ? 'bye' : 'chat')), bye: END, chat: END },
    });
    const run = await runGraph(graph, initial(), ports());
    expect(run.path).toEqual(['classify', 'bye']);
    expect(run.state.final_message).toBe('bye');
  });

  it('runs a parallel node concurrently and merges the patches', async () => {
    // Each agent yields to the event loop between its start and its end: run one after the other,
    // the log would read a, a, b, b.
    const log: string[] = [];
    const agent = (name: string, key: 'final_message' | 'gestures', value: never) =>
      defineAgent({ name, reads: [], writes: [key], run: async () => (log.push(`${name} starts`), await tick(), log.push(`${name} ends`), { [key]: value }) });
    const graph = defineGraph({
      start: 'both',
      nodes: { both: parallel(agent('a', 'final_message', 'hi' as never), agent('b', 'gestures', ['SMILE'] as never)) },
      edges: { both: END },
    });
    const run = await runGraph(graph, initial(), ports());
    expect(log).toEqual(['a starts', 'b starts', 'a ends', 'b ends']);
    expect(run.state).toMatchObject({ final_message: 'hi', gestures: ['SMILE'] });
    expect(run.spans.map((s) => [s.agent, s.start_ms])).toEqual([['a', run.spans[0]!.start_ms], ['b', run.spans[0]!.start_ms]]);
  });

  it('lets parallel agents add to a field with a reducer, each patch holding only its own items', async () => {
    const nod = defineAgent({ name: 'nod', reads: [], writes: ['gestures'], run: () => ({ gestures: ['NOD_YES'] }) });
    const smile = defineAgent({ name: 'smile', reads: [], writes: ['gestures'], run: () => ({ gestures: ['SMILE'] }) });
    const first = defineAgent({ name: 'first', reads: [], writes: ['gestures'], run: () => ({ gestures: ['WAVE_HAND'] }) });
    const graph = defineGraph({ start: 'a', nodes: { a: first, b: parallel(nod, smile) }, edges: { a: 'b', b: END } });
    expect((await runGraph(graph, initial(), ports())).state.gestures).toEqual(['WAVE_HAND', 'NOD_YES', 'SMILE']);
  });

  it('hands each gesture of an accepted patch to the reply at once, before the next node runs; a dropped patch shows nothing', async () => {
    const p = turnPorts(testConfig());
    const wave = defineAgent({ name: 'wave', reads: [], writes: ['gestures'], run: () => ({ gestures: ['WAVE_HAND'] }) });
    let shownBefore: string[] = [];
    const next = defineAgent({
      name: 'next',
      reads: [],
      writes: ['gestures'],
      run: () => {
        shownBefore = [...p.reply.gestures];
        return { gestures: ['NOD_YES'], final_message: 'undeclared' } as never;
      },
    });
    await runGraph(defineGraph({ start: 'a', nodes: { a: wave, b: next }, edges: { a: 'b', b: END } }), initial(), p);
    expect(shownBefore).toEqual(['WAVE_HAND']);
    // The second patch broke its contract: dropped, its gesture not shown.
    expect(p.reply.gestures).toEqual(['WAVE_HAND']);
  });

  it('runs an effect only for a patch it accepted, with the state after it, before the next node', async () => {
    const effects: string[] = [];
    const saver = defineAgent({
      name: 'saver',
      reads: ['user_text'],
      writes: ['final_message'],
      run: (s) => ({ final_message: s.user_text === 'bad' ? (42 as never) : `saved ${s.user_text}` }),
      effect: async (patch, state) => {
        await tick();
        effects.push(`${patch.final_message} / ${state.user_text}`);
      },
    });
    const next = defineAgent({ name: 'next', reads: [], writes: ['gestures'], run: () => (effects.push('next runs'), {}) });
    const graph = defineGraph({ start: 'a', nodes: { a: saver, b: next }, edges: { a: 'b', b: END } });
    await runGraph(graph, initial(), ports());
    expect(effects).toEqual(['saved hello / hello', 'next runs']);
    effects.length = 0;
    const bad = await runGraph(graph, startTurn(newSession('en'), 't-2', 'bad', null), ports());
    expect(bad.errors.map((e) => e.agent)).toEqual(['saver']);
    expect(effects).toEqual(['next runs']);
    // Beside another agent, an effect sees its own patch on the state its agent read, not the other's.
    const ender = defineAgent({ name: 'ender', reads: [], writes: ['conversation_id'], run: () => ({ conversation_id: null }) });
    const keeper = defineAgent({
      name: 'keeper',
      reads: [],
      writes: ['gestures'],
      run: () => ({ gestures: ['WAVE_HAND'] }),
      effect: (_patch, state) => void effects.push(`kept ${state.conversation_id} with ${state.gestures.join()}`),
    });
    await runGraph(defineGraph({ start: 'p', nodes: { p: parallel(ender, keeper) }, edges: { p: END } }), initial(), ports());
    expect(effects.at(-1)).toBe('kept t-1 with WAVE_HAND');
    effects.length = 1;
    // step() runs one agent as the engine does, effect included.
    expect(await step(saver, initial(), ports())).toEqual({ final_message: 'saved hello' });
    expect(effects).toEqual(['next runs', 'saved hello / hello']);
  });

  it('refuses wiring mistakes when the graph is defined', () => {
    const a = defineAgent({ name: 'a', reads: [], writes: ['final_message'], run: () => ({}) });
    const b = defineAgent({ name: 'b', reads: [], writes: ['final_message'], run: () => ({}) });
    expect(() => defineGraph({ start: 'x', nodes: { x: a }, edges: { x: 'nowhere' as 'x' } })).toThrow(/unknown node "nowhere"/);
    expect(() => defineGraph({ start: 'x', nodes: { x: parallel(a, b) }, edges: { x: END } })).toThrow(/both write "final_message"/);
    expect(() => defineGraph({ start: 'x', nodes: { x: a }, edges: { x: branch({ x: 'now', elsewhere: 'later' } as Record<'x', string>, () => 'x') } })).toThrow(/unknown node "elsewhere"/);
  });

  it('stops a cancelled turn between agents, but still runs its critical agents', async () => {
    const controller = new AbortController();
    const first = defineAgent({ name: 'first', reads: [], writes: ['intent'], run: () => (controller.abort(), { intent: 'first_greeting' as const }) });
    const second = defineAgent({ name: 'second', reads: [], writes: ['final_message'], run: () => ({ final_message: 'never' }) });
    const records = defineAgent({ name: 'records', critical: true, reads: ['intent'], writes: ['gestures'], run: (s) => ({ gestures: [`seen ${s.intent}`] }) });
    const graph = defineGraph({ start: 'first', nodes: { first, second, records }, edges: { first: 'second', second: 'records', records: END } });
    const run = await runGraph(graph, initial(), ports(controller.signal));
    expect(run.cancelled).toBe(true);
    expect(run.path).toEqual(['first', 'records']);
    expect(run.state.final_message).toBe('');
    expect(run.state.gestures).toEqual(['seen first_greeting']);
  });

  it('runs a critical agent cut off by the cancellation once more, without the language model', async () => {
    const controller = new AbortController();
    const available: boolean[] = [];
    const extractor = defineAgent({
      name: 'extractor',
      critical: true,
      reads: ['user_text'],
      writes: ['final_message'],
      async run(s, p: Pick<Ports, 'llm' | 'signal'>) {
        available.push(p.llm.available('memory_update'));
        if (available.length === 1) {
          controller.abort(); // the barge-in arrives while the model is asked
          throw new Error('request cancelled');
        }
        return { final_message: `offline: ${s.user_text}` };
      },
    });
    const llm = { ...ports().llm, available: () => true } as Ports['llm'];
    const run = await runGraph(defineGraph({ start: 'x', nodes: { x: extractor }, edges: { x: END } }), initial(), { ...ports(controller.signal), llm });
    expect(available).toEqual([true, false]);
    expect(run.state.final_message).toBe('offline: hello');
    expect(run.errors).toEqual([]);
  });

  it("starts every agent's prefetch once at the turn's start, while the first node still runs, and a failing one loses nothing", async () => {
    const prefetched: string[] = [];
    let seenByFirst = -1;
    const first = defineAgent({
      name: 'first',
      reads: [],
      writes: ['intent_confidence'],
      // Its model runs off the main thread: the prefetch gets the main thread meanwhile.
      run: async () => {
        await tick();
        seenByFirst = prefetched.length;
        return { intent_confidence: 1 };
      },
    });
    const later = defineAgent({ name: 'later', reads: ['user_text'], writes: ['final_message'], prefetch: (s) => void prefetched.push(s.user_text), run: (s) => ({ final_message: s.user_text }) });
    const broken = defineAgent({ name: 'broken', reads: [], writes: ['gestures'], prefetch: () => { throw new Error('no model'); }, run: () => ({ gestures: ['NOD_YES'] }) });
    const graph = defineGraph({ start: 'a', nodes: { a: first, b: parallel(later, broken) }, edges: { a: 'b', b: END } });
    const run = await runGraph(graph, initial(), ports());
    expect(seenByFirst).toBe(1);
    expect(prefetched).toEqual(['hello']);
    expect(run.errors).toEqual([]);
    expect(run.state).toMatchObject({ final_message: 'hello', gestures: ['NOD_YES'] });
    // A turn the robot begins has no utterance to prefetch for.
    await runGraph(graph, startTurn(newSession('en'), 't-2', '', null, 'greet'), ports());
    await tick();
    expect(prefetched).toEqual(['hello']);
  });
});
