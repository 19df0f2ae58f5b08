import { mkdirSync, readdirSync, readFileSync, utimesSync, writeFileSync, appendFileSync } from 'node:fs';
import path from 'node:path';
import { RawImage } from '@huggingface/transformers';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConfigInput } from '../../../src/config/index.js';
import { visionAgent } from '../../../src/dialogue/agents/vision.js';
import { newSession, startTurn, type TurnState , step } from '../../../src/dialogue/index.js';
import { Health } from '../../../src/health/index.js';
import { OllamaLanguageModel } from '../../../src/llm/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { cleanupFrames, framesDir, PerceptionCamera, waitForFrame } from '../../../src/vision/index.js';
import { tempDir, testConfig } from '../../helpers/config.js';
import { startFakeOllama, type FakeOllama } from '../../helpers/fake-ollama.js';
import { RecordingPerception, turnPorts } from '../../helpers/ports.js';
import { fixtureImage } from '../../helpers/scenes.js';

const JPEG = fixtureImage('scene_20260315_143000');
const WAIT = { timeoutMs: 5_000, pollMs: 20, stableMs: 30, maxBytes: 1024 * 1024 };

describe('a frame is read only once it is complete', () => {
  it('knows whole JPEG, PNG and WebP files from cut ones', async () => {
    const dir = tempDir();
    // What waitForFrame makes of these bytes, left alone in a file: a whole image is ready, a cut one never is.
    const outcome = async (name: string, bytes: Uint8Array) => {
      const file = path.join(dir, name);
      writeFileSync(file, bytes);
      const result = await waitForFrame(file, { ...WAIT, timeoutMs: 300 });
      return result.status === 'ready' ? (Buffer.from(result.image).equals(Buffer.from(bytes)) ? 'whole' : 'other bytes') : result.status;
    };
    expect(await outcome('a.jpg', JPEG)).toBe('whole');
    expect(await outcome('b.jpg', JPEG.subarray(0, JPEG.length - 100))).toBe('timeout');
    expect(await outcome('c.jpg', Buffer.concat([JPEG, Buffer.alloc(16)]))).toBe('whole'); // zero padding after the end marker
    const pngFile = path.join(dir, 'frame.png');
    await RawImage.fromBlob(new Blob([JPEG])).then((img) => img.save(pngFile));
    const png = readFileSync(pngFile);
    expect(await outcome('d.png', png)).toBe('whole');
    expect(await outcome('e.png', png.subarray(0, png.length - 4))).toBe('timeout');
    const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([20, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(12)]);
    expect(await outcome('f.webp', webp)).toBe('whole');
    expect(await outcome('g.webp', webp.subarray(0, 20))).toBe('timeout');
    // Bytes of no known kind are taken whole once their size stops changing (which is also what tells the cut ones above: read as unknown, they would pass).
    expect(await outcome('h.jpg', Buffer.from('not an image at all'))).toBe('whole');
  });

  it('waits for a frame written in two parts, and gives the whole image', async () => {
    const file = path.join(tempDir(), 'frame.jpg');
    const half = Math.floor(JPEG.length / 2);
    writeFileSync(file, JPEG.subarray(0, half));
    // The first part alone, however long it stays: never taken for a frame.
    expect(await waitForFrame(file, { ...WAIT, timeoutMs: 300 })).toMatchObject({ status: 'timeout', detail: 'the frame was still incomplete at the time-out' });
    const waiting = waitForFrame(file, WAIT);
    appendFileSync(file, JPEG.subarray(half));
    const result = await waiting;
    expect(result.status).toBe('ready');
    expect(result.status === 'ready' && result.image.equals(JPEG)).toBe(true);
  });

  it('gives up at the time-out, saying whether anything arrived', async () => {
    const dir = tempDir();
    expect(await waitForFrame(path.join(dir, 'never.jpg'), { ...WAIT, timeoutMs: 300 })).toMatchObject({ status: 'timeout', detail: 'no frame arrived' });
    const half = path.join(dir, 'half.jpg');
    writeFileSync(half, JPEG.subarray(0, 500));
    expect(await waitForFrame(half, { ...WAIT, timeoutMs: 300 })).toMatchObject({ status: 'timeout', detail: 'the frame was still incomplete at the time-out' });
  });

  it('stops waiting when the turn is cancelled, and refuses a frame that is too large', async () => {
    const controller = new AbortController();
    const waiting = waitForFrame(path.join(tempDir(), 'x.jpg'), { ...WAIT, signal: controller.signal });
    controller.abort();
    expect((await waiting).status).toBe('aborted');
    const big = path.join(tempDir(), 'big.jpg');
    writeFileSync(big, JPEG);
    expect(await waitForFrame(big, { ...WAIT, maxBytes: 100 })).toMatchObject({ status: 'invalid' });
  });

  it('keeps only the newest frames', async () => {
    const dir = tempDir();
    for (let i = 0; i < 6; i++) {
      const f = path.join(dir, `f${i}.jpg`);
      writeFileSync(f, JPEG);
      utimesSync(f, new Date(1_000_000 + i * 1000), new Date(1_000_000 + i * 1000));
    }
    expect(await cleanupFrames(dir, 2)).toBe(4);
    expect(readdirSync(dir).sort()).toEqual(['f4.jpg', 'f5.jpg']);
    expect(await cleanupFrames(path.join(dir, 'missing'), 2)).toBe(0);
  });
});

describe('the camera through perception', () => {
  it('asks perception for an absolute file named after the turn, and reads it when written', async () => {
    const config = testConfig({ paths: { data: path.relative(process.cwd(), tempDir()) } });
    const perception = new RecordingPerception();
    const camera = new PerceptionCamera(perception, framesDir(config), { ...config.vision, pollMs: 20, stableMs: 20 });
    const capturing = camera.capture('turn-1', { signal: new AbortController().signal, log: silentLogger });
    await expect.poll(() => perception.captures.length).toBe(1);
    const file = perception.captures[0]!;
    expect(path.isAbsolute(file)).toBe(true);
    expect(file).toBe(path.resolve(config.paths.data, 'vision', 'frames', 'turn-1.jpg'));
    writeFileSync(file, JPEG);
    expect(await capturing).toMatchObject({ status: 'captured', file, image: JPEG });
  });

  it('does not wait when no perception process can be asked', async () => {
    const camera = new PerceptionCamera(new RecordingPerception(false), tempDir(), testConfig().vision);
    expect(await camera.capture('t', { signal: new AbortController().signal, log: silentLogger })).toMatchObject({ status: 'no_perception', file: null });
  });
});

describe('the vision agent', () => {
  let server: FakeOllama | null = null;
  afterEach(async () => {
    await server?.close();
    server = null;
  });

  const turn = (patch: Partial<TurnState> = {}): TurnState => ({
    ...startTurn(newSession('en'), 'turn-7', 'What am I holding?', null),
    plan_steps: [{ tool: 'vision', query: 'What am I holding?' }],
    ...patch,
  });

  /** Ports with a fake Ollama and a fake perception that writes `frame` (or nothing) when asked. */
  async function setup(frame: Buffer | null, config: ConfigInput = {}, models?: string[]) {
    server = await startFakeOllama({ reply: () => 'You are holding a brown wooden box.', ...(models && { models }) });
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
