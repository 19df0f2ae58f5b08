import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReplayBackend } from '../../../src/llm/replay.js';
import { silentLogger, type Logger } from '../../../src/log/index.js';
import { tempDir } from '../../helpers/config.js';

const call = (agent: string, user: string, output: string, extra: object = {}) => ({
  type: 'model_call',
  ts: '2026-01-01T10:00:00.000Z',
  session_id: 's1',
  turn_id: `t-${user}`,
  agent,
  backend: 'ollama',
  model: 'qwen2.5:7b',
  options: {},
  messages: [
    { role: 'system', content: 'You are Nadine.' },
    { role: 'user', content: user },
  ],
  format: false,
  output,
  started_at: '2026-01-01T10:00:00.000Z',
  ms: 10,
  ttft_ms: 5,
  tokens: { prompt: 10, completion: 3 },
  ...extra,
});

function logOf(lines: object[]): string {
  const dir = tempDir();
  const file = path.join(dir, 'visit.jsonl');
  writeFileSync(file, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n{"type": "model_call", "cut sh`);
  return file;
}

/** A logger that keeps its warnings. */
function recording(): { log: Logger; warnings: { msg: string; obj: Record<string, unknown> }[] } {
  const warnings: { msg: string; obj: Record<string, unknown> }[] = [];
  const log = { ...silentLogger, warn: (obj: Record<string, unknown>, msg: string) => warnings.push({ msg, obj }), child: () => log } as unknown as Logger;
  return { log, warnings };
}

const ask = (user: string) => [
  { role: 'system' as const, content: 'You are Nadine.' },
  { role: 'user' as const, content: user },
];

async function answer(backend: ReplayBackend, agent: 'response' | 'intent', user: string, turnId?: string): Promise<{ text: string; reasoning: string }> {
  let text = '';
  let reasoning = '';
  for await (const chunk of backend.chat({ agent, model: 'm', messages: ask(user), signal: new AbortController().signal, ...(turnId && { turnId }) })) {
    if ('text' in chunk) text += chunk.text;
    if ('reasoning' in chunk) reasoning += chunk.reasoning;
  }
  return { text, reasoning };
}

describe('the replay backend', () => {
  it('answers each call with the recorded answer to the same agent and messages, in recorded order', async () => {
    const file = logOf([
      call('response', 'Hello!', 'Hello, welcome!'),
      call('intent', 'Hello!', '{"intent": "first_greeting"}'),
      call('response', 'Where is it?', 'On the second floor.', { reasoning: 'They ask the way.' }),
      call('response', 'Hello!', 'Hello again!'),
      call('response', 'broken', 'half', { error: { kind: 'aborted', message: 'cancelled' } }),
    ]);
    const { log, warnings } = recording();
    const backend = new ReplayBackend({ path: file, log });
    expect(await answer(backend, 'response', 'Hello!')).toEqual({ text: 'Hello, welcome!', reasoning: '' });
    expect(await answer(backend, 'response', 'Hello!')).toEqual({ text: 'Hello again!', reasoning: '' });
    expect(await answer(backend, 'intent', 'Hello!')).toEqual({ text: '{"intent": "first_greeting"}', reasoning: '' });
    expect(await answer(backend, 'response', 'Where is it?')).toEqual({ text: 'On the second floor.', reasoning: 'They ask the way.' });
    // The cut last line is counted, not fatal.
    expect(warnings).toEqual([expect.objectContaining({ msg: expect.stringMatching(/could not be read/), obj: expect.objectContaining({ skipped: 1 }) })]);
    await expect(backend.probe(['m'])).resolves.toMatchObject({ reachable: true, present: ['m'] });
  });

  it('answers a prompt that changed with the nearest recorded call of that agent, earlier first, and says how it changed', async () => {
    const file = logOf([call('response', 'Hello!', 'Hello, welcome!'), call('response', 'Where is it?', 'On the second floor.'), call('response', 'Thanks!', 'You are welcome.')]);
    const { log, warnings } = recording();
    const backend = new ReplayBackend({ path: file, log });
    expect((await answer(backend, 'response', 'Where is it?')).text).toBe('On the second floor.');
    // The code now phrases the next prompt differently: the unanswered call nearest the replay, the earlier one at equal distance.
    expect((await answer(backend, 'response', 'Hello there!')).text).toBe('Hello, welcome!');
    expect(warnings.slice(1)).toEqual([
      expect.objectContaining({
        msg: expect.stringMatching(/no recorded response call has this prompt; answering with the nearest one/),
        obj: expect.objectContaining({ agent: 'response', difference: expect.stringMatching(/message 1 \(user\) at character 5: recorded "!", now " there!"/) }),
      }),
    ]);
    expect((await answer(backend, 'response', 'Bye')).text).toBe('You are welcome.');
  });

  it("answers each live turn's calls from the recorded turn it lines up with, whatever the prompts now say and whichever calls did not happen", async () => {
    const turnStart = (user: string) => ({ type: 'turn_start', ts: '2026-01-01T10:00:00.000Z', session_id: 's1', turn_id: `t-${user}`, user_id: null, user_text: user });
    // A greeting the visitor cut, then two questions; every prompt has changed since (no exact match).
    const file = logOf([
      turnStart(''),
      call('response', '', '', { error: { kind: 'aborted', message: 'cancelled' } }),
      turnStart('Hello!'),
      call('intent', 'Hello!', '{"intent": "greeting"}'),
      call('response', 'Hello!', 'Hello, welcome!'),
      turnStart('Where is it?'),
      call('response', 'Where is it?', 'On the second floor.'),
      call('response', 'Where is it?', 'Take the lift.'),
    ]);
    const { log, warnings } = recording();
    const backend = new ReplayBackend({ path: file, log });
    // This time the greeting was cut before it asked the model: its turn starts, its call never comes.
    backend.turnStarted({ turn_id: 'live-1', user_text: '' });
    backend.turnStarted({ turn_id: 'live-2', user_text: 'Hello!' });
    expect((await answer(backend, 'response', 'Hello! [notes]', 'live-2')).text).toBe('Hello, welcome!');
    expect((await answer(backend, 'intent', 'Hello! [notes]', 'live-2')).text).toBe('{"intent": "greeting"}');
    backend.turnStarted({ turn_id: 'live-3', user_text: 'Where is it?' });
    expect((await answer(backend, 'response', 'Where is it? [notes]', 'live-3')).text).toBe('On the second floor.');
    expect((await answer(backend, 'response', 'Where is it? [more notes]', 'live-3')).text).toBe('Take the lift.');
    expect(warnings.filter((w) => /answering with the recorded turn's response call/.test(w.msg))).toHaveLength(3);
  });

  it('fails clearly for an agent the log has no call of', async () => {
    const backend = new ReplayBackend({ path: logOf([call('response', 'Hello!', 'Hi.')]), log: silentLogger });
    await expect(answer(backend, 'intent', 'Hello!')).rejects.toMatchObject({ kind: 'http', message: expect.stringMatching(/replay: the log has no intent call to answer with/) });
    expect(() => new ReplayBackend({ path: '/nonexistent/visit.jsonl', log: silentLogger })).toThrow(/no such interaction log/);
  });
});
