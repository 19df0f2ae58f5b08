import { describe, expect, it } from 'vitest';
import { PriorityGate } from '../../../src/llm/priority.js';

/** A stand-in generation: yields `words` one per tick until its signal aborts; logs what happens in `events`. */
function generation(name: string, words: string[], events: string[]) {
  let attempts = 0;
  return async function* (signal: AbortSignal): AsyncGenerator<string> {
    const attempt = ++attempts;
    events.push(`${name} start ${attempt}`);
    for (const word of words) {
      await new Promise((r) => setTimeout(r, 5));
      if (signal.aborted) {
        events.push(`${name} stopped ${attempt}`);
        throw new Error('aborted');
      }
      yield `${word}${attempt}`;
    }
    events.push(`${name} end ${attempt}`);
  };
}

async function collect(chunks: AsyncIterable<string>, events: string[], name: string): Promise<string[]> {
  const out: string[] = [];
  for await (const c of chunks) {
    if (!out.length) events.push(`${name} first chunk`);
    out.push(c);
  }
  return out;
}

const tick = () => new Promise((r) => setTimeout(r, 12));

describe('the priority gate: a reply never waits behind background calls', () => {
  it('stops a running background call for a foreground call, and starts it again only once the foreground call has ended', async () => {
    const gate = new PriorityGate();
    const events: string[] = [];
    const bg = collect(gate.run(true, new AbortController().signal, generation('summary', ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'], events)), events, 'summary');
    await tick();
    const reply = await collect(gate.run(false, new AbortController().signal, generation('reply', ['x', 'y'], events)), events, 'reply');
    const summary = await bg;

    expect(reply).toEqual(['x1', 'y1']);
    // The first attempt's words never reach its consumer: only the attempt that ran to its end.
    expect(summary).toEqual(['a2', 'b2', 'c2', 'd2', 'e2', 'f2', 'g2', 'h2']);
    expect(events.indexOf('summary stopped 1')).toBeLessThan(events.indexOf('reply first chunk'));
    expect(events.indexOf('reply end 1')).toBeLessThan(events.indexOf('summary start 2'));
    expect(gate.yielded).toBe(1);
  });

  it('does not start a background call while a foreground call runs', async () => {
    const gate = new PriorityGate();
    const events: string[] = [];
    const reply = collect(gate.run(false, new AbortController().signal, generation('reply', ['x', 'y', 'z'], events)), events, 'reply');
    await tick();
    const bg = collect(gate.run(true, new AbortController().signal, generation('reappraisal', ['a'], events)), events, 'reappraisal');
    await Promise.all([reply, bg]);
    // A background answer is handed over whole, once its attempt has run to its end.
    expect(events).toEqual(['reply start 1', 'reply first chunk', 'reply end 1', 'reappraisal start 1', 'reappraisal end 1', 'reappraisal first chunk']);
    expect(gate.yielded).toBe(0);
  });

  it('two foreground calls run as they come; background calls wait for both', async () => {
    const gate = new PriorityGate();
    const events: string[] = [];
    const a = collect(gate.run(false, new AbortController().signal, generation('intent', ['x', 'y'], events)), events, 'intent');
    const bg = collect(gate.run(true, new AbortController().signal, generation('summary', ['a'], events)), events, 'summary');
    const b = collect(gate.run(false, new AbortController().signal, generation('reply', ['x', 'y', 'z'], events)), events, 'reply');
    await Promise.all([a, b, bg]);
    expect(events.indexOf('summary start 1')).toBeGreaterThan(events.indexOf('reply end 1'));
    expect(events.indexOf('summary start 1')).toBeGreaterThan(events.indexOf('intent end 1'));
  });

  it("a waiting background call ends with its caller's abort, and a background call's own failure is its caller's", async () => {
    const gate = new PriorityGate();
    const events: string[] = [];
    const reply = collect(gate.run(false, new AbortController().signal, generation('reply', ['x', 'y', 'z'], events)), events, 'reply');
    const caller = new AbortController();
    const waiting = collect(gate.run(true, caller.signal, generation('summary', ['a'], events)), events, 'summary');
    caller.abort(new Error('time-out'));
    await expect(waiting).rejects.toThrow('time-out');
    await reply;
    expect(events.some((e) => e.startsWith('summary start'))).toBe(false);

    const failing = gate.run(true, new AbortController().signal, async function* () {
      yield 'never seen';
      throw new Error('model broke');
    });
    await expect(collect(failing, events, 'broken')).rejects.toThrow('model broke');
  });
});
