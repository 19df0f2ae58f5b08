import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startEmbeddedBroker } from '../../../src/bus/index.js';
import { Health } from '../../../src/health/index.js';
import { createLanguageModel, LlmService, type LlmCallRecord } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { REPO, tempDir, testConfig } from '../../helpers/config.js';

/** A real, tiny Llama-architecture GGUF (MIT), kept beside the repository, not in it. */
const FILE = [path.resolve(REPO, '../shared'), '/work/shared'].map((dir) => path.join(dir, 'models/gguf/stories260K.gguf')).find((f) => existsSync(f)) ?? path.resolve(REPO, '../shared/models/gguf/stories260K.gguf');
const present = existsSync(FILE);
if (!present) console.log(`gguf backend tests skipped: ${FILE} is not there (the tiny stories260K model lives in ../shared)`);

describe.skipIf(!present)('the in-process GGUF backend (node-llama-cpp, stories260K)', () => {
  let llm: LlmService;
  let health: Health;
  const records: LlmCallRecord[] = [];

  beforeAll(async () => {
    const on = { backend: 'gguf' as const, path: FILE, gpu: 'cpu' as const, threads: 1, num_ctx: 1024 };
    const config = testConfig({
      llm: { enabled: true, timeouts: { firstTokenMs: 60_000, requestMs: 120_000 }, profiles: { small: { ...on, temperature: 0 }, big: on, response: { ...on, temperature: 0.8 }, vision: on } },
    });
    health = new Health();
    llm = new LlmService({ config: config.llm, log: silentLogger, health, observe: (r) => records.push(r) });
    await llm.start();
  }, 120_000);
  afterAll(async () => {
    await llm?.stop();
  });

  it('finds the file, loads the model ahead of use and says so in health', async () => {
    expect(llm.available('response')).toBe(true);
    expect(llm.multimodal('response')).toBe(false);
    await llm.whenWarm();
    expect(llm.health().models.response).toMatchObject({ backend: 'gguf', model: 'stories260K', pulled: true, loaded: true });
    expect(health.get('llm')).toMatchObject({ status: 'ok', detail: expect.stringMatching(/GGUF file .*stories260K\.gguf/) });
  });

  it('streams generated text and records the call with token counts', async () => {
    records.length = 0;
    const deltas: string[] = [];
    for await (const d of llm.stream({ agent: 'response', turnId: 't-9', messages: [{ role: 'system', content: 'Tell a story.' }, { role: 'user', content: 'Once upon a time' }] })) deltas.push(d);
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.join('').trim().length).toBeGreaterThan(10);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ turn_id: 't-9', agent: 'response', backend: 'gguf', model: 'stories260K', output: deltas.join('') });
    expect(records[0]!.tokens.prompt).toBeGreaterThan(0);
    expect(records[0]!.tokens.completion).toBeGreaterThan(3);
    expect(records[0]!.ttft_ms).not.toBeNull();
    // What of the time to the first token was waiting rather than the model's own prompt evaluation.
    expect(records[0]!.wait_ms).toBeGreaterThanOrEqual(0);
    expect(records[0]!.wait_ms).toBeLessThanOrEqual(records[0]!.ttft_ms!);
  });

  it('answers in JSON that parses when a schema constrains the grammar', async () => {
    records.length = 0;
    const schema = z.object({ name: z.string(), happy: z.boolean() });
    const value = await llm.json({ agent: 'intent', messages: [{ role: 'user', content: 'Who is in the story?' }] }, schema);
    expect(schema.parse(value)).toEqual(value);
    expect(records[0]).toMatchObject({ format: true, parsed: value });
    expect(records[0]!.parse_error).toBeUndefined();
  });

  it('stops generating on barge-in, and the agent can ask again at once', async () => {
    const controller = new AbortController();
    const got: string[] = [];
    const run = (async () => {
      for await (const d of llm.stream({ agent: 'response', messages: [{ role: 'user', content: 'Once upon a time' }], signal: controller.signal })) {
        got.push(d);
        if (got.length === 3) controller.abort();
      }
    })();
    await expect(run).rejects.toMatchObject({ kind: 'aborted' });
    expect(got).toHaveLength(3);
    const again = await llm.complete({ agent: 'response', messages: [{ role: 'user', content: 'The cat' }] });
    expect(again.length).toBeGreaterThan(0);
  });

  it('keeps the event loop free while it generates: an MQTT message is handled mid-generation', async () => {
    const broker = await startEmbeddedBroker({ host: '127.0.0.1', port: 0, log: silentLogger });
    const client = await mqtt.connectAsync(broker.url);
    try {
      await client.subscribeAsync('test/ping');
      const controller = new AbortController();
      const order: string[] = [];
      // The message ends the generation: it can only do so if it was handled while the model ran.
      client.on('message', () => {
        order.push('mqtt');
        controller.abort();
      });
      const run = (async () => {
        for await (const _ of llm.stream({ agent: 'plan', messages: [{ role: 'user', content: 'Once upon a time' }], signal: controller.signal })) {
          if (order.length === 0) void client.publishAsync('test/ping', 'ping');
          order.push('token');
        }
        order.push('finished');
      })();
      await expect(run).rejects.toMatchObject({ kind: 'aborted' });
      expect(order).toContain('mqtt');
      expect(order).not.toContain('finished');
    } finally {
      await client.endAsync();
      await broker.close();
    }
  });
  it('runs a background call (a reappraisal) asked while a reply streams only once the reply has ended', async () => {
    const order: string[] = [];
    const schema = z.object({ emotion: z.string(), intensity: z.number() });
    const ask = () =>
      llm.json({ agent: 'appraisal', background: true, messages: [{ role: 'user', content: 'How does the story feel?' }] }, schema).then(() => order.push('background answered'));
    let background: Promise<unknown> | null = null;
    for await (const _ of llm.stream({ agent: 'response', messages: [{ role: 'user', content: 'Once upon a time' }] })) {
      // Asked while the reply streams: a short structured answer that would otherwise be done long before it.
      background ??= ask();
    }
    order.push('reply ended');
    await background;
    expect(order).toEqual(['reply ended', 'background answered']);
  });
});

describe('a GGUF profile whose file is not usable', () => {
  it('says so in health, and its agents take their offline path', async () => {
    const dir = tempDir('nadine-gguf-');
    const broken = path.join(dir, 'broken.gguf');
    writeFileSync(broken, 'this is not a GGUF file');
    const on = (file: string) => ({ backend: 'gguf' as const, path: file, gpu: 'cpu' as const, threads: 1 });
    const config = testConfig({ llm: { enabled: true, profiles: { small: on(path.join(dir, 'absent.gguf')), big: on(broken), response: on(broken), vision: on(broken) } } });
    const health = new Health();
    const llm = new LlmService({ config: config.llm, log: silentLogger, health });
    try {
      await llm.start();
      expect(llm.available('intent')).toBe(false);
      await llm.whenWarm();
      expect(llm.available('response')).toBe(false);
      expect(health.get('llm')?.detail).toMatch(/absent\.gguf: cannot read it \(ENOENT\)/);
      expect(health.get('llm')?.detail).toMatch(/broken\.gguf: cannot load it/);
      await expect(llm.complete({ agent: 'response', messages: [] })).rejects.toMatchObject({ kind: 'unavailable' });
    } finally {
      await llm.stop();
    }
  });
});

describe('the embedded fallback', () => {
  const options = (embeddedPath: string) => {
    const config = testConfig({ llm: { enabled: true, url: 'http://127.0.0.1:9', warm: false, embedded: { enabled: true, path: embeddedPath, threads: 1, num_ctx: 512 } } });
    return { config: config.llm, modelsDir: config.paths.models, log: silentLogger, health: new Health() };
  };

  it('keeps Ollama (and the offline answers) when the embedded model file is not there', async () => {
    const llm = await createLanguageModel(options('gguf/not-downloaded.gguf'));
    try {
      expect(llm.health().models.response).toMatchObject({ backend: 'ollama', pulled: false });
      expect(llm.available('response')).toBe(false);
    } finally {
      await llm.stop();
    }
  });

  it.skipIf(!present)('talks in process with the embedded model when no Ollama answers', async () => {
    const llm = await createLanguageModel(options(FILE));
    try {
      expect(llm.health().models.response).toMatchObject({ backend: 'gguf', model: 'stories260K', pulled: true });
      expect(llm.available('response')).toBe(true);
      expect((await llm.complete({ agent: 'response', messages: [{ role: 'user', content: 'Once upon a time' }] })).length).toBeGreaterThan(0);
    } finally {
      await llm.stop();
    }
  });
});

describe.skipIf(!present)('the in-process GGUF backend at start-up', () => {
  it("makes every agent's context when the model loads, before any call", async () => {
    const { GgufBackend } = await import('../../../src/llm/gguf.js');
    const backend = new GgufBackend({ path: FILE, gpu: 'cpu', threads: 1, log: silentLogger, agents: () => [{ agent: 'intent', num_ctx: 512 }, { agent: 'response' }] });
    try {
      await backend.load();
      expect((await backend.prepared()).sort()).toEqual(['intent', 'response']);
    } finally {
      await backend.close();
    }
  }, 120_000);
});
