import { describe, expect, it } from 'vitest';
import { defineAgent, defineGraph, END, newSession, parallel, runGraph, startTurn, type Ports } from '../../src/dialogue/index.js';
import { testConfig } from '../helpers/config.js';
import { turnPorts } from '../helpers/ports.js';

const initial = () => startTurn(newSession('en'), 't-1', 'hello', null);
const ports = (signal?: AbortSignal) => turnPorts(testConfig(), signal ? { signal } : {}) as Ports;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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
      edges: { classify: (s) => (s.intent === 'end_conversation' ? 'bye' : 'chat'), bye: END, chat: END },
    });
    const run = await runGraph(graph, initial(), ports());
    expect(run.path).toEqual(['classify', 'bye']);
    expect(run.state.final_message).toBe('bye');
  });

  it('runs a parallel node concurrently and merges the patches', async () => {
    const slow = (name: string, key: 'final_message' | 'gestures', value: never) =>
      defineAgent({ name, reads: [], writes: [key], run: async () => (await sleep(150), { [key]: value }) });
    const graph = defineGraph({
      start: 'both',
      nodes: { both: parallel(slow('a', 'final_message', 'hi' as never), slow('b', 'gestures', ['SMILE'] as never)) },
      edges: { both: END },
    });
    const started = performance.now();
    const run = await runGraph(graph, initial(), ports());
    expect(performance.now() - started).toBeLessThan(280);
    expect(run.state).toMatchObject({ final_message: 'hi', gestures: ['SMILE'] });
  });

  it('refuses wiring mistakes when the graph is defined', () => {
    const a = defineAgent({ name: 'a', reads: [], writes: ['final_message'], run: () => ({}) });
    const b = defineAgent({ name: 'b', reads: [], writes: ['final_message'], run: () => ({}) });
    expect(() => defineGraph({ start: 'x', nodes: { x: a }, edges: { x: 'nowhere' as 'x' } })).toThrow(/unknown node "nowhere"/);
    expect(() => defineGraph({ start: 'x', nodes: { x: parallel(a, b) }, edges: { x: END } })).toThrow(/both write "final_message"/);
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
        available.push(p.llm.available('extraction'));
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
});
