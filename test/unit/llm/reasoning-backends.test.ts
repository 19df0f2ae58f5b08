import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ThinkSetting } from '../../../src/config/index.js';
import { Health } from '../../../src/health/index.js';
import { LlmService, type LlmCallRecord } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { testConfig } from '../../helpers/config.js';
import { startFakeOllama } from '../../helpers/fake-ollama.js';
import { startFakeOpenAi } from '../../helpers/fake-openai.js';

/**
 * Hidden reasoning at the HTTP boundary of each model server: inline <think> blocks cut anywhere
 * by the stream, and the servers' own reasoning fields. Nothing of it may reach the speaker or the
 * JSON parser; all of it goes to the call record.
 */

interface Reply {
  text: string;
  chunks?: string[];
  /** Reasoning in the server's own field (Ollama `thinking`, OpenAI-compatible `reasoning_content`). */
  reasoning?: string;
  tokenDelayMs?: number;
}

interface Harness {
  llm: LlmService;
  records: LlmCallRecord[];
  /** The request bodies the server received. */
  bodies: () => Record<string, unknown>[];
  close: () => Promise<void>;
}

const open: Harness[] = [];
afterEach(async () => {
  for (const h of open.splice(0)) {
    await h.llm.stop();
    await h.close();
  }
});

async function service(config: ReturnType<typeof testConfig>, records: LlmCallRecord[]): Promise<LlmService> {
  const llm = new LlmService({ config: config.llm, log: silentLogger, health: new Health(), observe: (r) => records.push(r) });
  await llm.start();
  return llm;
}

const BACKENDS: Record<'ollama' | 'openai', (reply: () => Reply, think?: ThinkSetting, refuseKwargs?: boolean) => Promise<Harness>> = {
  async ollama(reply, think = 'auto') {
    const server = await startFakeOllama({ reply: () => ({ ...reply(), thinking: reply().reasoning }) });
    const records: LlmCallRecord[] = [];
    const on = (model: string) => ({ model, think });
    const config = testConfig({
      llm: { enabled: true, url: server.url, profiles: { small: on('qwen2.5:3b'), big: on('qwen2.5:7b'), response: on('qwen2.5:7b'), vision: on('qwen2.5vl:7b') } },
    });
    const h = { llm: await service(config, records), records, bodies: () => server.chats as unknown as Record<string, unknown>[], close: () => server.close() };
    open.push(h);
    return h;
  },
  async openai(reply, think = 'auto', refuseKwargs = false) {
    const server = await startFakeOpenAi({ reply: () => reply(), noTemplateKwargs: refuseKwargs });
    const records: LlmCallRecord[] = [];
    const on = (model: string) => ({ backend: 'openai' as const, url: server.url, model, think });
    const config = testConfig({
      llm: { enabled: true, profiles: { small: on('qwen2.5-3b-instruct'), big: on('qwen2.5-7b-instruct'), response: on('qwen2.5-7b-instruct'), vision: on('qwen2.5-vl-7b-instruct') } },
    });
    const h = { llm: await service(config, records), records, bodies: () => server.requests as unknown as Record<string, unknown>[], close: () => server.close() };
    open.push(h);
    return h;
  },
};

async function spoken(llm: LlmService): Promise<string[]> {
  const out: string[] = [];
  for await (const d of llm.stream({ agent: 'response', messages: [{ role: 'user', content: 'Hello!' }] })) out.push(d);
  return out;
}

const THOUGHT = '<think>The visitor says hello. I greet back.</think>';
const ANSWER = 'Hello, welcome to the lab!';
/** Where the HTTP stream cuts the reply: inside the opening tag, inside the closing one, between them, one character at a time. */
const SPLITS: { name: string; chunks: string[] }[] = [
  { name: 'whole', chunks: [THOUGHT + ANSWER] },
  { name: 'inside <think>', chunks: ['<th', 'ink>The visitor says hello. I greet back.</think>', ANSWER] },
  { name: 'after "<"', chunks: ['<', 'think>The visitor says hello. I greet back.<', '/think>Hello, ', 'welcome to the lab!'] },
  { name: 'inside </think>', chunks: ['<think>The visitor says hello. I greet back.</thi', 'nk>Hello, welcome to the lab!'] },
  { name: 'answer in the closing chunk', chunks: ['<think>The visitor says', ' hello. I greet back.</think>Hello, welcome', ' to the lab!'] },
  { name: 'one character per chunk', chunks: [...(THOUGHT + ANSWER)] },
];

for (const [kind, make] of Object.entries(BACKENDS)) {
  const start = (reply: () => Reply) => make(reply);
  describe(`hidden reasoning on the ${kind} backend`, () => {
    for (const split of SPLITS) {
      it(`is never spoken when the stream cuts it ${split.name}`, async () => {
        const { llm, records } = await start(() => ({ text: THOUGHT + ANSWER, chunks: split.chunks }));
        const deltas = await spoken(llm);
        expect(deltas.join('')).toBe(ANSWER);
        expect(deltas.join('')).not.toMatch(/think|visitor says/);
        expect(records[0]).toMatchObject({ output: ANSWER, reasoning: 'The visitor says hello. I greet back.' });
      });
    }

    it("is never spoken when it comes in the server's reasoning field, and the answer's first token is timed apart", async () => {
      const { llm, records } = await start(() => ({ text: ANSWER, reasoning: 'Greet them back warmly, in English.', tokenDelayMs: 30 }));
      expect((await spoken(llm)).join('')).toBe(ANSWER);
      const record = records[0]!;
      expect(record.output).toBe(ANSWER);
      expect(record.reasoning?.replace(/\s+/g, ' ').trim()).toBe('Greet them back warmly, in English.');
      // Five thought tokens 30 ms apart came before the first answer token.
      expect(record.think_ms).toBeGreaterThanOrEqual(100);
      expect(record.ttft_ms).toBeGreaterThanOrEqual(record.think_ms!);
    });

    it('speaks the answer written before a think block and after it, and nothing of an unclosed block', async () => {
      const { llm, records } = await start(() => ({ text: 'Sure. <think>Is it the second floor? Yes.</think> It is upstairs. <think>Should I add the lift' }));
      expect((await spoken(llm)).join('')).toBe('Sure. It is upstairs. ');
      expect(records[0]!.reasoning).toBe('Is it the second floor? Yes.Should I add the lift');
    });

    it('parses structured output from the answer, not from braces in the reasoning', async () => {
      const { llm, records } = await start(() => ({
        text: '<think>It could be {"intent": "end_conversation"} but no.</think>{"intent": "first_greeting"}',
        chunks: ['<think>It could be {"intent": "end_', 'conversation"} but no.</th', 'ink>{"intent": "first_greeting"}'],
      }));
      const schema = z.object({ intent: z.string() });
      await expect(llm.json({ agent: 'intent', messages: [{ role: 'user', content: 'hi' }] }, schema)).resolves.toEqual({ intent: 'first_greeting' });
      expect(records[0]).toMatchObject({ output: '{"intent": "first_greeting"}', parsed: { intent: 'first_greeting' } });
    });

    it('does not parse a reasoning block that never closed as the answer', async () => {
      const { llm } = await start(() => ({ text: '<think>Maybe {"intent": "end_conversation"}' }));
      await expect(llm.json({ agent: 'intent', messages: [{ role: 'user', content: 'hi' }] }, z.object({ intent: z.string() }))).rejects.toMatchObject({
        kind: 'invalid_output',
      });
    });
  });
}

describe('the think setting', () => {
  it('asks Ollama not to think, to think, or leaves it to the server', async () => {
    for (const [think, expected] of [
      ['off', false],
      ['on', true],
      ['auto', undefined],
    ] as const) {
      const h = await BACKENDS.ollama(() => ({ text: 'Hi.' }), think);
      await spoken(h.llm);
      expect(h.bodies()[0]!.think).toBe(expected);
    }
  });

  it("asks OpenAI-compatible servers not to think through the template's enable_thinking, and asks again without it where the server refuses it", async () => {
    const h = await BACKENDS.openai(() => ({ text: 'Hi.' }), 'off');
    await spoken(h.llm);
    expect(h.bodies()[0]!.chat_template_kwargs).toEqual({ enable_thinking: false });

    const refusing = await BACKENDS.openai(() => ({ text: 'Hi there.' }), 'off', true);
    expect((await spoken(refusing.llm)).join('')).toBe('Hi there.');
    expect((await spoken(refusing.llm)).join('')).toBe('Hi there.');
    // Refused once; the second call no longer asks.
    expect(refusing.bodies().map((b) => 'chat_template_kwargs' in b)).toEqual([true, false, false]);

    const auto = await BACKENDS.openai(() => ({ text: 'Hi.' }), 'auto');
    await spoken(auto.llm);
    expect('chat_template_kwargs' in auto.bodies()[0]!).toBe(false);
  });
});
