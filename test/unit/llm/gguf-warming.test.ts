import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Health, type ComponentStatus } from '../../../src/health/index.js';
import { LlmService } from '../../../src/llm/index.js';
import { silentLogger, type Logger } from '../../../src/log/index.js';
import { REPO, testConfig } from '../../helpers/config.js';

/** A real, tiny Llama-architecture GGUF (MIT), kept beside the repository, not in it. */
const FILE = [path.resolve(REPO, '../shared'), '/work/shared'].map((dir) => path.join(dir, 'models/gguf/stories260K.gguf')).find((f) => existsSync(f)) ?? '';
const present = FILE !== '';

/** A logger that keeps every message, in order, beside the health changes. */
function recording(events: string[]): Logger {
  const keep = (obj: unknown, msg?: string) => void events.push(typeof obj === 'string' ? obj : (msg ?? ''));
  const log = { ...silentLogger, debug: keep, info: keep, warn: keep, error: keep, child: () => log } as unknown as Logger;
  return log;
}

describe('health while a component gets ready', () => {
  it('a warming component works: it is not on a fallback, and the report says warming until it is ready', () => {
    const health = new Health();
    health.set('mqtt', 'ok');
    health.set('llm', 'warming', 'compiling');
    expect(health.report().status).toBe('warming');
    expect(health.degraded()).toEqual([]);
    health.set('chroma', 'degraded', 'down, in-memory index');
    expect(health.report().status).toBe('degraded');
    expect(health.degraded()).toEqual(['chroma']);
  });
});

describe.skipIf(!present)('the in-process model at start-up (stories260K)', () => {
  it('says warming until the model is loaded and the agents’ grammars are compiled; the first structured call compiles none', async () => {
    const events: string[] = [];
    const on = { backend: 'gguf' as const, path: FILE, gpu: 'cpu' as const, threads: 1, num_ctx: 512 };
    const config = testConfig({ llm: { enabled: true, timeouts: { firstTokenMs: 60_000, requestMs: 120_000 }, profiles: { small: on, big: on, response: on, vision: on } } });
    const health = new Health();
    const statuses: ComponentStatus[] = [];
    health.on('change', (report) => {
      const llm = report.components.llm;
      if (llm && statuses.at(-1) !== llm.status) {
        statuses.push(llm.status);
        events.push(`health ${llm.status}`);
      }
    });
    const llm = new LlmService({ config: config.llm, log: recording(events), health });
    const schema = z.object({ intent: z.enum(['greeting', 'question']), language: z.string().nullish() });
    try {
      await llm.start();
      // As the dialogue does when it starts: the answers its agents will ask for.
      void llm.warmSchema('intent', schema);
      void llm.warmSchema('plan', z.object({ steps: z.array(z.string()) }));
      await llm.whenWarm();
      expect(statuses).toEqual(['warming', 'ok']);
      expect(health.get('llm')!.detail).toMatch(/stories260K/);
      // Ready means ready: the model loaded and both grammars compiled before health said ok.
      const ready = events.indexOf('health ok');
      expect(events.slice(0, ready)).toEqual(expect.arrayContaining(['model loaded', 'answer grammars compiled ahead of use']));
      expect(events.slice(0, ready).filter((e) => e === 'gguf grammar compiled')).toHaveLength(2);

      const compiled = () => events.filter((e) => e === 'gguf grammar compiled').length;
      const before = compiled();
      const value = await llm.json({ agent: 'intent', messages: [{ role: 'user', content: 'Hello!' }] }, schema);
      expect(schema.parse(value)).toEqual(value);
      expect(compiled()).toBe(before);
      // A schema nobody announced is still compiled on its first use.
      await llm.json({ agent: 'intent', messages: [{ role: 'user', content: 'Hello!' }] }, z.object({ name: z.string() }));
      expect(compiled()).toBe(before + 1);
    } finally {
      await llm.stop();
    }
  }, 120_000);

  it('agents with the same context size share one context, each on a sequence of its own', async () => {
    const { GgufBackend } = await import('../../../src/llm/gguf.js');
    const backend = new GgufBackend({
      path: FILE,
      gpu: 'cpu',
      threads: 1,
      log: silentLogger,
      agents: () => [{ agent: 'intent', num_ctx: 512 }, { agent: 'appraisal', num_ctx: 512 }, { agent: 'plan', num_ctx: 512 }, { agent: 'response', num_ctx: 1024 }],
    });
    try {
      await backend.load();
      expect((await backend.prepared()).sort()).toEqual(['appraisal', 'intent', 'plan', 'response']);
      expect(backend.contexts()).toEqual([
        { size: 512, agents: ['intent', 'appraisal', 'plan'] },
        { size: 1024, agents: ['response'] },
      ]);
      // Each agent generates on its own sequence: two at once do not wait for each other's context.
      const ask = (agent: 'intent' | 'appraisal') => (async () => {
        let text = '';
        for await (const c of backend.chat({ agent, model: 'stories260K', messages: [{ role: 'user', content: 'Once upon a time' }], maxTokens: 8, signal: new AbortController().signal })) if ('text' in c) text += c.text;
        return text;
      })();
      const [a, b] = await Promise.all([ask('intent'), ask('appraisal')]);
      expect(a.length).toBeGreaterThan(0);
      expect(b.length).toBeGreaterThan(0);
    } finally {
      await backend.close();
    }
  }, 120_000);
});
