import { writeFileSync, appendFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TurnEventSchema, type TurnEvent } from '../../src/bus/index.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { TOOL_LINES } from '../../src/dialogue/offline/tool-lines.js';
import { silentLogger } from '../../src/log/index.js';
import { tempDir, testConfig } from '../helpers/config.js';
import { startFakeOllama, type ChatBody, type FakeOllama } from '../helpers/fake-ollama.js';
import { Probe } from '../helpers/mqtt.js';
import { fixtureImage } from '../helpers/scenes.js';

const P = 'nadine/';
const CAPTURE = `${P}perception/capture_current_view`;
const FRAME = fixtureImage('scene_20260402_090000');
const TIMEOUT_MS = 1_500;

/**
 * The fake Ollama plays every model the turn uses: the planner asks to look, the vision model
 * describes the image only if it is the frame perception wrote, and the response model says what
 * its prompt tells it (the description, or that nothing was seen).
 */
function reply(body: ChatBody): string {
  const system = body.messages[0]?.content ?? '';
  // What the reply's prompt says this turn is in its notes, after the utterance.
  const prompt = body.messages.map((m) => m.content).join('\n');
  if (body.model === 'qwen2.5vl:7b') return body.messages.at(-1)?.images?.[0] === FRAME.toString('base64') ? 'You are holding a red mug.' : 'The image is empty.';
  if (system.startsWith('You decide which tools')) return '{"steps": [{"tool": "vision", "query": "What is the person holding?"}]}';
  if (body.format) return '{"question": "What am I holding?"}';
  // This turn's notes only: earlier utterances keep theirs in the history.
  const now = body.messages.at(-1)?.content ?? '';
  const seen = /What you see: (.*?) Answer from this/.exec(now)?.[1];
  if (seen) return `Let me look. ${seen}`;
  return now.includes('no picture arrived in time') ? 'Sorry, I could not see anything just now.' : 'Hello.';
}

describe('"what do you see?" over MQTT, with perception writing the frame', () => {
  let daemon: Daemon;
  let probe: Probe;
  let fake: FakeOllama;
  let perceptionWrites = true;
  const dataDir = tempDir();

  beforeAll(async () => {
    fake = await startFakeOllama({ reply });
    daemon = await startDaemon({
      config: testConfig({
        llm: { enabled: true, url: fake.url },
        paths: { data: dataDir },
        dialogue: { intentThreshold: 0 },
        // The language model plans here (the default plans by rules on the device).
        agents: { affect: false }, plan: { useModel: true },
        speech: { waitForEndSpeak: false },
        vision: { captureTimeoutMs: TIMEOUT_MS, pollMs: 25, stableMs: 25 },
      }),
      log: silentLogger,
      mqtt: true,
    });
    probe = await Probe.connect(daemon.broker!.url, `${P}#`);
    // The fake perception process: asked for the current view, it writes the frame where it is told, in two parts.
    probe.client.on('message', (topic, payload) => {
      if (topic !== CAPTURE || !perceptionWrites) return;
      const file = payload.toString();
      setTimeout(() => writeFileSync(file, FRAME.subarray(0, 2000)), 30);
      setTimeout(() => appendFileSync(file, FRAME.subarray(2000)), 120);
    });
  });
  beforeEach(() => {
    perceptionWrites = true;
    probe.clear();
    fake.chats.length = 0;
  });
  afterAll(async () => {
    await probe.close();
    await daemon.stop();
    await fake.close();
  });

  async function ask(text: string): Promise<{ event: TurnEvent; ms: number }> {
    const started = performance.now();
    await probe.publish(`${P}agent/user_speech`, text);
    const event = TurnEventSchema.parse(JSON.parse((await probe.next(`${P}agent/state/turn`, (m) => JSON.parse(m.text).user_text === text, 20_000)).text));
    return { event, ms: performance.now() - started };
  }

  it('asks perception for the current view, and answers from what the vision model saw in that frame', async () => {
    const { event } = await ask('What am I holding?');
    const request = await probe.next(CAPTURE);
    expect(request.text).toBe(path.join(path.resolve(dataDir), 'vision', 'frames', `${event.turn_id}.jpg`));
    expect(event.plan).toEqual({ steps: [{ tool: 'vision', query: 'What is the person holding?' }], source: 'llm' });
    expect(event.vision).toMatchObject({ status: 'described', description: 'You are holding a red mug.' });
    expect(event.reply).toBe('Let me look. You are holding a red mug.');
    const visionChat = fake.chats.find((c) => c.model === 'qwen2.5vl:7b')!;
    expect(visionChat.messages.at(-1)).toMatchObject({ content: 'What is the person holding?', images: [FRAME.toString('base64')] });
    // The acknowledgement is said before the camera is asked, then the answer.
    const ack = await probe.next(`${P}agent/control/speak`);
    expect(ack.text).toMatch(/^Let me have a look\./);
    const answer = await probe.next(`${P}agent/control/speak`, (m) => m.text.startsWith('Let me look.'));
    expect(probe.messages.indexOf(answer)).toBeGreaterThan(probe.messages.indexOf(ack));
    expect(event.model_ms.vision).toBeGreaterThan(0);
  });

  it('says honestly that it saw nothing when no frame comes, within the time-out', async () => {
    perceptionWrites = false;
    const { event } = await ask('What do you see now?');
    expect(event.vision).toMatchObject({ status: 'timeout', description: null });
    expect(event.reply).toBe('Sorry, I could not see anything just now.');
    const response = fake.chats.find((c) => c.model === 'qwen2.5:7b' && !c.format)!;
    expect(response.messages.at(-1)!.content).toMatch(/no picture arrived in time\. Say so honestly, and do not describe anything/);
    expect(fake.chats.some((c) => c.model === 'qwen2.5vl:7b')).toBe(false);
    // It waited for the frame (a timer never fires early; a loaded machine only makes it later),
    // and the "timeout" status says the time-out, not anything else, ended the wait.
    expect(event.timings_ms.vision).toBeGreaterThanOrEqual(TIMEOUT_MS - 50);
  });

  it('says it with its offline line when the response model is gone too', async () => {
    perceptionWrites = false;
    fake.setModels(['qwen2.5vl:7b']);
    await daemon.llm.checkHealth();
    try {
      const { event } = await ask('What do you see?');
      expect(event.plan?.source).toBe('rules');
      expect(event.vision?.status).toBe('timeout');
      expect(event.reply).toBe(TOOL_LINES.en.vision_timeout[0]);
    } finally {
      fake.setModels(['qwen2.5:3b', 'qwen2.5:7b', 'qwen2.5vl:7b']);
      await daemon.llm.checkHealth();
    }
  });

  it('keeps only the newest frames on disk', async () => {
    const frames = path.join(dataDir, 'vision', 'frames');
    expect(existsSync(frames)).toBe(true);
    for (let i = 0; i < 4; i++) await ask(`What am I holding, take ${i}?`);
    const { readdirSync } = await import('node:fs');
    expect(readdirSync(frames).length).toBeLessThanOrEqual(daemon.config.vision.keepFrames);
  });
});

describe('"what do you see?" in the console (no MQTT)', () => {
  it('cannot ask perception, and says so', async () => {
    const daemon = await startDaemon({ config: testConfig(), log: silentLogger, mqtt: false });
    try {
      expect(daemon.health.get('vision')).toMatchObject({ status: 'degraded', detail: expect.stringMatching(/no perception process/) });
      const result = await daemon.dialogue.turns.submit({ text: 'What do you see?' });
      // No language model here either: the offline responder says it cannot tell (no vision model).
      expect(result!.state.vision_results).toMatchObject({ status: 'no_model' });
      expect(result!.event.reply).toBe(TOOL_LINES.en.vision_no_model[0]);
    } finally {
      await daemon.stop();
    }
  });
});
