import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnEventSchema } from '../../src/bus/index.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import type { LlmCallRecord } from '../../src/llm/index.js';
import { silentLogger } from '../../src/log/index.js';
import { chromaCollections } from '../helpers/chroma.js';
import { testConfig } from '../helpers/config.js';
import { startFakeOpenAi, type FakeOpenAi, type OpenAiChatBody } from '../helpers/fake-openai.js';
import { MOSQUITTO, startMosquitto, type Mosquitto } from '../helpers/mosquitto.js';
import { Probe } from '../helpers/mqtt.js';

// CI installs mosquitto (.ci/run); elsewhere these tests need it installed.
const noMosquitto = !MOSQUITTO && !process.env.CI;

const text = (m: OpenAiChatBody['messages'][number]) => (typeof m.content === 'string' ? m.content : m.content.map((p) => p.text ?? '').join(' '));
const lastUser = (body: OpenAiChatBody) => text([...body.messages].reverse().find((m) => m.role === 'user') ?? { role: 'user', content: '' });

describe.skipIf(noMosquitto)('a fleet: two robots on one Mosquitto, one model server and one ChromaDB', () => {
  let broker: Mosquitto;
  const chroma = chromaCollections();
  let models: FakeOpenAi;
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  const robots: { name: string; prefix: string; daemon: Daemon; probe: Probe; calls: LlmCallRecord[] }[] = [];

  beforeAll(async () => {
    broker = await startMosquitto();
    // Robot A's questions are about apples: its model calls wait until the test lets them go.
    models = await startFakeOpenAi({
      reply: (body) => {
        const asked = lastUser(body);
        const answer = body.response_format ? '{}' : asked.includes('apples') ? 'Apples are crunchy and sweet.' : 'Boats float on water.';
        return asked.includes('apples') ? { text: answer, holdFirstToken: held } : answer;
      },
    });
    const profile = (model: string) => ({ backend: 'openai' as const, url: models.url, model });
    for (const [name, prefix] of [
      ['ada', 'robot-a/'],
      ['bea', 'robot-b/'],
    ] as const) {
      const calls: LlmCallRecord[] = [];
      const config = testConfig({
        mqtt: { url: broker.url, prefix, clientId: `nadine-${name}` },
        chroma: chroma(),
        persona: { name: name === 'ada' ? 'Ada' : 'Bea' },
        llm: {
          enabled: true,
          timeouts: { firstTokenMs: 60_000, requestMs: 120_000 },
          profiles: {
            small: profile('qwen2.5-3b-instruct'),
            big: profile('qwen2.5-7b-instruct'),
            response: profile('qwen2.5-7b-instruct'),
            vision: { ...profile('qwen2.5-vl-7b-instruct'), multimodal: true },
          },
        },
      });
      const daemon = await startDaemon({ config, log: silentLogger, mqtt: true, observe: (r) => calls.push(r) });
      const probe = await Probe.connect(broker.url, '#');
      robots.push({ name, prefix, daemon, probe, calls });
    }
  }, 120_000);
  afterAll(async () => {
    release?.();
    for (const r of robots) {
      await r.probe.close();
      await r.daemon.stop();
    }
    await models?.close();
    await broker?.stop();
  });

  it('answers each robot on its own topics; a slow answer for one does not hold up the other', async () => {
    const [a, b] = robots as [(typeof robots)[number], (typeof robots)[number]];
    expect(a.daemon.llm.available('response') && b.daemon.llm.available('response')).toBe(true);

    await a.probe.publish(`${a.prefix}agent/user_speech`, 'Tell me something about apples, please.');
    // A's reply is held on the model server; B asks meanwhile and gets its whole answer.
    await b.probe.publish(`${b.prefix}agent/user_speech`, 'Tell me something about boats, please.');
    const bTurn = TurnEventSchema.parse(JSON.parse((await b.probe.next(`${b.prefix}agent/state/turn`, undefined, 60_000)).text));
    expect(bTurn.user_text).toMatch(/boats/);
    expect(bTurn.reply).toContain('Boats float on water.');
    expect((await b.probe.next(`${b.prefix}agent/control/speak`)).text).toBeTruthy();
    // A has not answered yet: its turn is still waiting on the model.
    expect(b.probe.messages.some((m) => m.topic === `${a.prefix}agent/state/turn`)).toBe(false);

    release();
    const aTurn = TurnEventSchema.parse(JSON.parse((await a.probe.next(`${a.prefix}agent/state/turn`, undefined, 60_000)).text));
    expect(aTurn.user_text).toMatch(/apples/);
    expect(aTurn.reply).toContain('Apples are crunchy and sweet.');

    // Both asked the one shared server, each for its own conversation only.
    expect(a.calls.some((c) => c.agent === 'response')).toBe(true);
    expect(b.calls.some((c) => c.agent === 'response')).toBe(true);
    expect(a.calls.every((c) => !JSON.stringify(c.messages).includes('boats'))).toBe(true);
    expect(b.calls.every((c) => !JSON.stringify(c.messages).includes('apples'))).toBe(true);
  });

  it("never answers the other robot's utterances (a sentinel turn proves nothing else came)", async () => {
    const [a, b] = robots as [(typeof robots)[number], (typeof robots)[number]];
    for (const r of robots) r.probe.clear();
    await a.probe.publish(`${a.prefix}agent/user_speech`, 'Goodbye, see you tomorrow!');
    // The sentinel: B's next turn event is for B's own utterance, sent after A's.
    await b.probe.publish(`${b.prefix}agent/user_speech`, 'Hello there!');
    const bTurn = TurnEventSchema.parse(JSON.parse((await b.probe.next(`${b.prefix}agent/state/turn`, undefined, 60_000)).text));
    const aTurn = TurnEventSchema.parse(JSON.parse((await a.probe.next(`${a.prefix}agent/state/turn`, undefined, 60_000)).text));
    expect(bTurn.user_text).toBe('Hello there!');
    expect(aTurn.user_text).toBe('Goodbye, see you tomorrow!');
    const turns = (r: (typeof robots)[number], prefix: string) =>
      r.probe.messages.filter((m) => m.topic === `${prefix}agent/state/turn`).map((m) => JSON.parse(m.text).user_text);
    // A's probe hears B's sentinel in its own time: wait for it, then nothing else may be there.
    await a.probe.next(`${b.prefix}agent/state/turn`, (m) => JSON.parse(m.text).user_text === 'Hello there!', 60_000);
    expect(turns(a, b.prefix)).toEqual(['Hello there!']);
    expect(turns(a, a.prefix)).toEqual(['Goodbye, see you tomorrow!']);
    // Only B asked the model about B's greeting.
    const asked = (r: (typeof robots)[number], said: string) => r.calls.filter((c) => c.messages.some((m) => m.role === 'user' && m.content.includes(said))).length;
    expect(asked(b, 'Hello there!')).toBeGreaterThan(0);
    expect(asked(a, 'Hello there!')).toBe(0);
    expect(asked(b, 'Goodbye, see you tomorrow!')).toBe(0);
  });
});
