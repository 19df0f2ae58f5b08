import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ConfigInput } from '../../../../src/config/index.js';
import { visionAgent } from '../../../../src/dialogue/agents/vision.js';
import { newSession, startTurn, type TurnState, step } from '../../../../src/dialogue/index.js';
import { Health } from '../../../../src/health/index.js';
import { OllamaLanguageModel } from '../../../../src/llm/index.js';
import { silentLogger } from '../../../../src/log/index.js';
import { framesDir, PerceptionCamera } from '../../../../src/vision/index.js';
import { testConfig } from '../../../helpers/config.js';
import type { FakeOllama } from '../../../helpers/fake-ollama.js';
import { RecordingPerception, turnPorts } from '../../../helpers/ports.js';
import { fixtureImage } from '../../../helpers/scenes.js';
import { fakeOllamaForTest } from '../../../helpers/per-test.js';

const JPEG = fixtureImage('scene_20260315_143000');

describe('the vision agent', () => {
  let server: FakeOllama | null = null;

  const turn = (patch: Partial<TurnState> = {}): TurnState => ({
    ...startTurn(newSession('en'), 'turn-7', 'What am I holding?', null),
    plan_steps: [{ tool: 'vision', query: 'What am I holding?' }],
    ...patch,
  });

  /** Ports with a fake Ollama and a fake perception that writes `frame` (or nothing) when asked. */
  async function setup(frame: Buffer | null, config: ConfigInput = {}, models?: string[]) {
    server = await fakeOllamaForTest({ reply: () => 'You are holding a brown wooden box.', ...(models && { models }) });
    const cfg = testConfig({ ...config, llm: { ...config.llm, enabled: true, url: server.url }, vision: { captureTimeoutMs: 1_000, pollMs: 20, stableMs: 20 } });
    const llm = new OllamaLanguageModel({ config: cfg.llm, log: silentLogger, health: new Health() });
    await llm.start();
    const perception = new RecordingPerception();
    const original = perception.requestCapture.bind(perception);
    perception.requestCapture = (file) => {
      const ok = original(file);
      if (frame) setTimeout(() => writeFileSync(file, frame), 50);
      return ok;
    };
    const camera = new PerceptionCamera(perception, framesDir(cfg), cfg.vision);
    return { ports: turnPorts(cfg, { llm, camera }), perception };
  }

  it('describes the frame with the vision model, which gets the image', async () => {
    const { ports } = await setup(JPEG);
    const { vision_results } = await step(visionAgent, turn(), ports);
    expect(vision_results).toMatchObject({ status: 'described', description: 'You are holding a brown wooden box.', query: 'What am I holding?', detail: null });
    const chat = server!.chats[0]!;
    expect(chat.model).toBe('qwen2.5vl:7b');
    expect(chat.messages.at(-1)).toMatchObject({ content: 'What am I holding?', images: [JPEG.toString('base64')] });
    expect(chat.messages[0]!.content).toMatch(/Write in English\./);
    expect(ports.modelMs.vision).toBeGreaterThan(0);
  });

  it('says it is looking before the camera is asked, in the session language', async () => {
    for (const [language, words] of [['en', 'Let me have a look.'], ['de', 'Lass mich kurz schauen.'], ['fr', 'Je regarde.'], ['es', 'Déjame mirar.'], ['zh', '我看一下。']] as const) {
      const { ports, perception } = await setup(JPEG);
      let heardBeforeCapture = '';
      const ask = perception.requestCapture.bind(perception);
      perception.requestCapture = (file) => {
        heardBeforeCapture = ports.reply.text;
        return ask(file);
      };
      await step(visionAgent, turn({ language }), ports);
      expect(heardBeforeCapture.trim()).toBe(words);
      await server?.close();
    }
  });

  it('says the frame did not come, within the time-out', async () => {
    const { ports, perception } = await setup(null);
    const { vision_results } = await step(visionAgent, turn(), ports);
    expect(perception.captures).toHaveLength(1);
    expect(vision_results).toMatchObject({ status: 'timeout', description: null, detail: expect.stringMatching(/no frame arrived within 1000 ms/) });
    expect(server!.chats).toHaveLength(0);
  });

  it('does not even ask perception without a vision model', async () => {
    const { ports, perception } = await setup(JPEG, {}, ['qwen2.5:3b', 'qwen2.5:7b']);
    expect((await step(visionAgent, turn(), ports)).vision_results).toMatchObject({ status: 'no_model', detail: 'the vision model is not available' });
    expect(perception.captures).toEqual([]);
  });

  it('does not ask perception when the vision profile is not multimodal', async () => {
    const { ports, perception } = await setup(JPEG, { llm: { profiles: { vision: { model: 'qwen2.5vl:7b', multimodal: false } } } });
    expect((await step(visionAgent, turn(), ports)).vision_results).toMatchObject({ status: 'no_model', detail: 'the vision profile is not multimodal' });
    expect(perception.captures).toEqual([]);
  });

  it('reports a failing vision model as a failure, not a description', async () => {
    const { ports } = await setup(JPEG);
    server!.setReply(() => ({ text: '', status: 500 }));
    expect((await step(visionAgent, turn(), ports)).vision_results).toMatchObject({ status: 'failed', description: null });
  });

  it('does nothing when looking was not planned', async () => {
    const { ports, perception } = await setup(JPEG);
    expect(await step(visionAgent, turn({ plan_steps: [{ tool: 'search', query: 'x' }] }), ports)).toEqual({ vision_results: null });
    expect(perception.captures).toEqual([]);
  });
});
