import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Health } from '../../../src/health/index.js';
import { LlmError, OllamaLanguageModel } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { testConfig } from '../../helpers/config.js';
import { startFakeOllama, type FakeOllama } from '../../helpers/fake-ollama.js';

let server: FakeOllama | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

async function model(overrides: NonNullable<NonNullable<Parameters<typeof testConfig>[0]>['llm']> = {}) {
  const health = new Health();
  const config = testConfig({ llm: { enabled: true, url: server?.url ?? 'http://127.0.0.1:9', ...overrides } });
  const llm = new OllamaLanguageModel({ config: config.llm, log: silentLogger, health });
  await llm.start();
  return { llm, health };
}

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const d of stream) out.push(d);
  return out;
}

describe('the Ollama language model port', () => {
  it('reports health: server up, models pulled per profile', async () => {
    server = await startFakeOllama({ models: ['qwen2.5:3b', 'qwen2.5:7b'] });
    const { llm, health } = await model();
    expect(llm.health()).toMatchObject({ reachable: true, version: '0.12.0-fake' });
    expect(llm.available('intent')).toBe(true); // small → qwen2.5:3b
    expect(llm.available('vision')).toBe(false); // vision → qwen2.5vl:7b, not pulled
    expect(health.get('llm')).toMatchObject({ status: 'degraded', detail: expect.stringMatching(/not pulled: qwen2\.5vl:7b/) });
    llm.stop();
  });

  it('treats "llama3" and "llama3:latest" as the same model', async () => {
    server = await startFakeOllama({ models: ['llama3:latest'] });
    const { llm } = await model({ profiles: { small: { model: 'llama3' } } });
    expect(llm.available('intent')).toBe(true);
    llm.stop();
  });

  it('says when there is no server, and when it is disabled', async () => {
    const down = await model();
    expect(down.llm.available('response')).toBe(false);
    expect(down.health.get('llm')?.detail).toMatch(/no Ollama server .* offline responder/);
    const off = await model({ enabled: false });
    expect(off.health.get('llm')?.detail).toMatch(/disabled by configuration/);
    await expect(collect(off.llm.stream({ agent: 'response', messages: [] }))).rejects.toMatchObject({ kind: 'disabled' });
  });

  it('streams chat deltas with the profile model and options', async () => {
    server = await startFakeOllama({ reply: () => 'Hello there, nice to meet you.' });
    const { llm } = await model();
    const deltas = await collect(llm.stream({ agent: 'response', messages: [{ role: 'user', content: 'hi' }] }));
    expect(deltas.join('')).toBe('Hello there, nice to meet you.');
    expect(deltas.length).toBeGreaterThan(3);
    expect(server.chats[0]).toMatchObject({ model: 'qwen2.5:7b', stream: true, options: { temperature: 0.7 } });
    llm.stop();
  });

  it('asks for structured output with a JSON schema and parses the answer robustly', async () => {
    server = await startFakeOllama({ reply: () => "```json\n{'intent': 'first_greeting', 'language': None}\n```" });
    const { llm } = await model();
    const schema = z.object({ intent: z.string(), language: z.string().nullable() });
    const value = await llm.json({ agent: 'intent', messages: [{ role: 'user', content: 'hello' }] }, schema);
    expect(value).toEqual({ intent: 'first_greeting', language: null });
    expect(server.chats[0]!.format).toMatchObject({ type: 'object', properties: { intent: { type: 'string' } } });

    server.setReply(() => 'I cannot do JSON today');
    await expect(llm.json({ agent: 'intent', messages: [] }, schema)).rejects.toMatchObject({ kind: 'invalid_output' });
    llm.stop();
  });

  it('times out when the first token is late, and when the whole reply is too slow', async () => {
    server = await startFakeOllama({ reply: () => ({ text: 'too late', firstTokenDelayMs: 1500 }) });
    const { llm } = await model({ timeouts: { firstTokenMs: 200, requestMs: 5000, healthMs: 1000 } });
    await expect(collect(llm.stream({ agent: 'response', messages: [] }))).rejects.toMatchObject({ kind: 'timeout', message: /first token/ });
    // The client hung up before the server wrote a token: it did not wait for the late one.
    await expect.poll(() => server!.streams[0]?.aborted).toBe(true);
    expect(server!.streams[0]!.writtenAt).toEqual([]);

    server.setReply(() => ({ text: 'one two three four five six seven eight', tokenDelayMs: 100 }));
    const slow = await model({ timeouts: { firstTokenMs: 1000, requestMs: 300, healthMs: 1000 } });
    await expect(collect(slow.llm.stream({ agent: 'response', messages: [] }))).rejects.toMatchObject({ message: /complete reply/ });
    llm.stop();
    slow.llm.stop();
  });

  it('stops streaming when the caller aborts', async () => {
    server = await startFakeOllama({ reply: () => ({ text: 'a b c d e f g h i j k l', tokenDelayMs: 50 }) });
    const { llm } = await model();
    const controller = new AbortController();
    const got: string[] = [];
    const run = (async () => {
      for await (const d of llm.stream({ agent: 'response', messages: [], signal: controller.signal })) {
        got.push(d);
        if (got.length === 2) controller.abort();
      }
    })();
    await expect(run).rejects.toBeInstanceOf(LlmError);
    await expect(run).rejects.toMatchObject({ kind: 'aborted' });
    expect(got.length).toBe(2);
    llm.stop();
  });

  it('marks a model that the server says is missing, and notices a server that went away', async () => {
    server = await startFakeOllama();
    const { llm } = await model();
    server.setModels(['qwen2.5:3b']);
    await expect(collect(llm.stream({ agent: 'response', messages: [] }))).rejects.toMatchObject({ kind: 'model_missing' });
    expect(llm.available('response')).toBe(false);

    await server.close();
    server = null;
    await expect(collect(llm.stream({ agent: 'intent', messages: [] }))).rejects.toMatchObject({ kind: 'unavailable' });
    expect(llm.available('intent')).toBe(false);
    llm.stop();
  });
});
