import { afterEach, describe, expect, it } from 'vitest';
import { Health } from '../../../src/health/index.js';
import { LlmService, type LlmCallRecord } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { testConfig } from '../../helpers/config.js';
import { startFakeOllama, type FakeOllama } from '../../helpers/fake-ollama.js';
import { startFakeOpenAi } from '../../helpers/fake-openai.js';

let server: FakeOllama | null = null;
let llm: LlmService | null = null;
afterEach(async () => {
  await llm?.stop();
  await server?.close();
  llm = server = null;
});

function model(url: string, llmOverrides: Record<string, unknown> = {}) {
  const config = testConfig({ llm: { enabled: true, url, ...llmOverrides } });
  const health = new Health();
  const records: LlmCallRecord[] = [];
  llm = new LlmService({ config: config.llm, log: silentLogger, health, observe: (r) => records.push(r) });
  return { llm, health, records };
}

const CONFIGURED = ['qwen2.5:3b', 'qwen2.5:7b', 'qwen2.5vl:7b'];

describe('warm models on Ollama', () => {
  it('loads every configured model with keep_alive at start-up, and reports what is loaded', async () => {
    server = await startFakeOllama();
    const { llm, health } = model(server.url);
    await llm.start();
    await llm.whenWarm();
    expect(server.loads.map((l) => l.model).sort()).toEqual(CONFIGURED);
    expect(server.loads.every((l) => l.keep_alive === '30m')).toBe(true);
    expect(server.paths).toContain('/api/ps');
    expect(llm.health().models).toMatchObject({ small: { loaded: true }, big: { loaded: true }, vision: { loaded: true } });
    expect(health.get('llm')?.detail).toMatch(/loaded: qwen2\.5:3b, qwen2\.5:7b, qwen2\.5vl:7b/);
    expect(health.get('llm_memory')).toBeUndefined(); // three 1-byte models fit
  });

  it('loads them again when Ollama comes back', async () => {
    server = await startFakeOllama();
    const port = Number(new URL(server.url).port);
    const url = server.url;
    await server.close();
    const { llm } = model(url);
    await llm.start();
    expect(llm.available('response')).toBe(false);

    server = await startFakeOllama({ port });
    expect(server.loads).toEqual([]);
    await llm.checkHealth();
    await llm.whenWarm();
    expect(llm.available('response')).toBe(true);
    expect(server.loads.map((l) => l.model).sort()).toEqual(CONFIGURED);
    // Only a server that comes back is warmed again: a probe of a server that stayed up loads nothing.
    await llm.checkHealth();
    await llm.whenWarm();
    expect(server.loads).toHaveLength(3);
  });

  it('warns when the configured models would not fit next to each other', async () => {
    const GB = 1e9;
    server = await startFakeOllama({ sizes: { 'qwen2.5:3b': 2.5 * GB, 'qwen2.5:7b': 5.5 * GB, 'qwen2.5vl:7b': 6.5 * GB } });
    const { llm, health } = model(server.url, { memoryBudgetGB: 12 });
    await llm.start();
    await llm.whenWarm();
    expect(health.get('llm_memory')).toMatchObject({ status: 'degraded', detail: expect.stringMatching(/need 14\.5 GB together .* over the 12\.0 GB budget/) });
  });

  it('can be switched off', async () => {
    server = await startFakeOllama();
    const { llm } = model(server.url, { warm: false });
    await llm.start();
    await llm.whenWarm();
    expect(server.loads).toEqual([]);
  });
});

describe('call records on Ollama', () => {
  it('reports one record per call, with the prompt, output, timing and tokens', async () => {
    server = await startFakeOllama({ reply: () => 'Hello there.' });
    const { llm, records } = model(server.url, { warm: false });
    await llm.start();
    const image = Buffer.from('not really a jpeg').toString('base64');
    expect(await llm.complete({ agent: 'response', turnId: 't-7', messages: [{ role: 'user', content: 'hi', images: [image] }] })).toBe('Hello there.');
    expect(records).toEqual([
      expect.objectContaining({
        turn_id: 't-7',
        agent: 'response',
        backend: 'ollama',
        model: 'qwen2.5:7b',
        options: { temperature: 0.7 },
        messages: [{ role: 'user', content: 'hi', images: [image.length] }],
        format: false,
        output: 'Hello there.',
        tokens: { prompt: null, completion: 2 },
      }),
    ]);
    server.setModels([]);
    await expect(llm.complete({ agent: 'intent', messages: [] })).rejects.toMatchObject({ kind: 'model_missing' });
    expect(records[1]).toMatchObject({ turn_id: null, agent: 'intent', output: '', error: { kind: 'model_missing' } });
  });
});

describe("the reply's stable prompt start, computed ahead of use", () => {
  const SYSTEM = [{ role: 'system' as const, content: 'You are Nadine, a receptionist robot.' }];
  const prefills = (s: FakeOllama) => s.chats.filter((c) => c.options?.num_predict === 1);

  it('on Ollama: one token generated after it, with the reply profile\'s options; again whenever Ollama comes back', async () => {
    server = await startFakeOllama();
    const port = Number(new URL(server.url).port);
    const { llm } = model(server.url, { profiles: { response: { model: 'qwen2.5:7b', num_ctx: 4096 } } });
    await llm.start();
    await llm.warmPrefix('response', () => SYSTEM);
    expect(prefills(server)).toEqual([expect.objectContaining({ model: 'qwen2.5:7b', messages: SYSTEM, options: expect.objectContaining({ num_ctx: 4096, num_predict: 1 }) })]);

    await server.close();
    await llm.checkHealth();
    server = await startFakeOllama({ port });
    await llm.checkHealth();
    await llm.whenWarm();
    expect(prefills(server)).toHaveLength(1);
    // A server that stayed up keeps its cache: nothing is sent again.
    await llm.checkHealth();
    await llm.whenWarm();
    expect(prefills(server)).toHaveLength(1);
  });

  it('on an OpenAI-compatible server: max_tokens 1', async () => {
    const openai = await startFakeOpenAi();
    try {
      const { llm } = model(server?.url ?? 'http://127.0.0.1:9', { profiles: { response: { backend: 'openai', url: openai.url, model: 'qwen2.5-7b-instruct' } } });
      await llm.start();
      await llm.warmPrefix('response', () => SYSTEM);
      expect(openai.requests.filter((r) => (r as { max_tokens?: number }).max_tokens === 1)).toEqual([expect.objectContaining({ model: 'qwen2.5-7b-instruct', messages: SYSTEM })]);
    } finally {
      await openai.close();
    }
  });
});
