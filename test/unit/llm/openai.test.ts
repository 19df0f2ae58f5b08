import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { Health } from '../../../src/health/index.js';
import { LlmError, LlmService, type LlmCallRecord } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { testConfig } from '../../helpers/config.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../helpers/fake-openai.js';

let server: FakeOpenAi | null = null;
let llm: LlmService | null = null;
const release: (() => void)[] = [];
afterEach(async () => {
  release.splice(0).forEach((r) => r());
  await llm?.stop();
  await server?.close();
  llm = server = null;
});

/** Every profile on the fake server; the vision profile takes images. */
async function model(timeouts: { firstTokenMs?: number; requestMs?: number } = {}, common: { structuredOutput?: 'json_object' } = {}) {
  const url = server!.url;
  const on = (model: string, extra: object = {}) => ({ backend: 'openai' as const, url, model, apiKeyEnv: 'NADINE_TEST_OPENAI_KEY', ...common, ...extra });
  const config = testConfig({
    llm: {
      enabled: true,
      timeouts: { healthMs: 2_000, ...timeouts },
      profiles: {
        small: on('qwen2.5-3b-instruct', { temperature: 0 }),
        big: on('qwen2.5-7b-instruct'),
        response: on('qwen2.5-7b-instruct', { temperature: 0.7 }),
        vision: on('qwen2.5-vl-7b-instruct', { multimodal: true }),
      },
    },
  });
  const records: LlmCallRecord[] = [];
  const health = new Health();
  llm = new LlmService({ config: config.llm, log: silentLogger, health, observe: (r) => records.push(r), env: { NADINE_TEST_OPENAI_KEY: 'sk-test-123' } });
  await llm.start();
  return { llm, health, records };
}

async function collect(stream: AsyncIterable<string>): Promise<string[]> {
  const out: string[] = [];
  for await (const d of stream) out.push(d);
  return out;
}

const never = () => new Promise<void>((resolve) => release.push(resolve));

describe('the OpenAI-compatible backend', () => {
  it('reports health from /v1/models, per profile', async () => {
    server = await startFakeOpenAi({ models: ['qwen2.5-3b-instruct', 'qwen2.5-7b-instruct'] });
    const { llm, health } = await model();
    expect(server.paths).toContain('/v1/models');
    expect(llm.available('response')).toBe(true);
    expect(llm.available('vision')).toBe(false);
    expect(llm.health().models.response).toMatchObject({ backend: 'openai', pulled: true });
    // No Ollama at llm.url: only embeddings would need it, so the profiles' servers are all reachable.
    expect(llm.health().reachable).toBe(true);
    expect(llm.hasModel('nomic-embed-text')).toBe(false);
    expect(health.get('llm')).toMatchObject({ status: 'degraded', detail: expect.stringMatching(/not served: qwen2\.5-vl-7b-instruct/) });
  });

  it('streams the reply with the profile model, temperature and the API key from the environment, and records the call', async () => {
    server = await startFakeOpenAi({ reply: () => 'Hello there, nice to meet you.' });
    const { llm, records } = await model();
    const deltas = await collect(llm.stream({ agent: 'response', turnId: 't-1', messages: [{ role: 'user', content: 'hi' }] }));
    expect(deltas.join('')).toBe('Hello there, nice to meet you.');
    expect(deltas.length).toBeGreaterThan(3);
    expect(server.requests[0]).toMatchObject({ model: 'qwen2.5-7b-instruct', stream: true, temperature: 0.7 });
    expect(server.streams[0]!.authorization).toBe('Bearer sk-test-123');
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      turn_id: 't-1',
      agent: 'response',
      backend: 'openai',
      model: 'qwen2.5-7b-instruct',
      messages: [{ role: 'user', content: 'hi' }],
      format: false,
      output: 'Hello there, nice to meet you.',
      tokens: { prompt: 12, completion: 6 },
    });
    expect(records[0]!.ttft_ms).toBeGreaterThanOrEqual(0);
    expect(records[0]!.ms).toBeGreaterThanOrEqual(records[0]!.ttft_ms!);
  });

  it('asks for a JSON schema, and parses; a server without schemas gets json_object and the lenient parser', async () => {
    const schema = z.object({ intent: z.string(), language: z.string().nullable() });
    server = await startFakeOpenAi({ reply: () => '{"intent": "first_greeting", "language": "en"}' });
    const { llm, records } = await model();
    expect(await llm.json({ agent: 'intent', messages: [{ role: 'user', content: 'hello' }] }, schema)).toEqual({ intent: 'first_greeting', language: 'en' });
    expect(server.requests[0]!.response_format).toMatchObject({ type: 'json_schema', json_schema: { schema: { type: 'object', properties: { intent: { type: 'string' } } } } });
    expect(records[0]).toMatchObject({ format: true, parsed: { intent: 'first_greeting', language: 'en' } });
    await server.close();

    server = await startFakeOpenAi({ noJsonSchema: true, reply: () => "Sure! ```json\n{'intent': 'farewell', 'language': None}\n```" });
    const fallback = await model();
    expect(await fallback.llm.json({ agent: 'intent', messages: [] }, schema)).toEqual({ intent: 'farewell', language: null });
    expect(server.requests.map((r) => r.response_format?.type)).toEqual(['json_schema', 'json_object']);
    // Remembered: the next call goes straight to json_object.
    server.setReply(() => 'no JSON today');
    await expect(fallback.llm.json({ agent: 'intent', messages: [] }, schema)).rejects.toMatchObject({ kind: 'invalid_output' });
    expect(server.requests.at(-1)!.response_format?.type).toBe('json_object');
    expect(fallback.records.at(-1)).toMatchObject({ output: 'no JSON today', parse_error: expect.stringMatching(/no JSON/) });
    expect(fallback.records.at(-1)!.parsed).toBeUndefined();
  });

  it('goes straight to json_object for a profile configured so', async () => {
    server = await startFakeOpenAi({ reply: () => '{"intent": "farewell", "language": null}' });
    const { llm } = await model({}, { structuredOutput: 'json_object' });
    const schema = z.object({ intent: z.string(), language: z.string().nullable() });
    expect(await llm.json({ agent: 'intent', messages: [] }, schema)).toEqual({ intent: 'farewell', language: null });
    expect(server.requests.map((r) => r.response_format?.type)).toEqual(['json_object']);
  });

  it('fails with a clear error when the server breaks off mid-stream, keeping the partial output in the record', async () => {
    server = await startFakeOpenAi({ reply: () => ({ text: 'one two three four five', failAfterTokens: 2 }) });
    const { llm, records } = await model();
    const got: string[] = [];
    const run = (async () => {
      for await (const d of llm.stream({ agent: 'response', messages: [] })) got.push(d);
    })();
    await expect(run).rejects.toBeInstanceOf(LlmError);
    await expect(run).rejects.toMatchObject({ kind: 'http', message: /mid-stream.*crashed/ });
    expect(got.join('')).toBe('one two');
    expect(records[0]).toMatchObject({ output: 'one two', error: { kind: 'http' } });
    expect(llm.available('response')).toBe(true); // the server is up: only this call failed
  });

  it('times out when the first token does not come, as configured', async () => {
    server = await startFakeOpenAi({ reply: () => ({ text: 'too late', holdFirstToken: never() }) });
    const { llm, records } = await model({ firstTokenMs: 200 });
    await expect(collect(llm.stream({ agent: 'response', messages: [] }))).rejects.toMatchObject({ kind: 'timeout', message: /first token within 200 ms/ });
    expect(records[0]).toMatchObject({ output: '', ttft_ms: null, error: { kind: 'timeout' } });
    // The request is abandoned on the wire too, not left hanging.
    await vi.waitFor(() => expect(server!.streams[0]?.aborted).toBe(true));
  });

  it('stops streaming when the caller aborts (barge-in), and closes the request', async () => {
    server = await startFakeOpenAi({ reply: () => ({ text: 'a b c d e f g h i j k l', tokenDelayMs: 20 }) });
    const { llm, records } = await model();
    const controller = new AbortController();
    const got: string[] = [];
    const run = (async () => {
      for await (const d of llm.stream({ agent: 'response', messages: [], signal: controller.signal })) {
        got.push(d);
        if (got.length === 2) controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ kind: 'aborted' });
    expect(got.length).toBe(2);
    await vi.waitFor(() => expect(server!.streams[0]!.aborted).toBe(true));
    expect(records[0]!.error).toMatchObject({ kind: 'aborted' });
  });

  it('sends images to a vision model as data URLs', async () => {
    server = await startFakeOpenAi({ reply: () => 'I see a cup.' });
    const { llm } = await model();
    expect(llm.multimodal('vision')).toBe(true);
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64');
    expect(await llm.complete({ agent: 'vision', messages: [{ role: 'user', content: 'What is this?', images: [png] }] })).toBe('I see a cup.');
    expect(server.requests[0]!.messages[0]!.content).toEqual([
      { type: 'text', text: 'What is this?' },
      { type: 'image_url', image_url: { url: `data:image/png;base64,${png}` } },
    ]);
  });

  it('notices a server that went away', async () => {
    server = await startFakeOpenAi();
    const { llm, health } = await model();
    await server.close();
    server = null;
    await expect(collect(llm.stream({ agent: 'response', messages: [] }))).rejects.toMatchObject({ kind: 'unavailable' });
    expect(llm.available('response')).toBe(false);
    expect(health.get('llm')?.detail).toMatch(/no answer from the OpenAI-compatible server/);
  });
});
