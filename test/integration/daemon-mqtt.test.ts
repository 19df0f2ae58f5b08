import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusSchema, TurnEventSchema } from '../../src/bus/index.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { testConfig } from '../helpers/config.js';
import { Probe } from '../helpers/mqtt.js';

describe('the daemon on its embedded broker', () => {
  let daemon: Daemon;
  let probe: Probe;
  const P = 'nadine/';

  beforeAll(async () => {
    daemon = await startDaemon({ config: testConfig(), log: silentLogger, mqtt: true });
    probe = await Probe.connect(daemon.broker!.url, `${P}#`);
  });
  afterAll(async () => {
    await probe.close();
    await daemon.stop();
  });

  it('answers "Hello there!" with a reply, a wave and a turn event', async () => {
    await probe.publish(`${P}agent/user_speech`, 'Hello there!');
    const speak = await probe.next(`${P}agent/control/speak`);
    const wave = await probe.next(`${P}agent/control/animation`);
    const event = TurnEventSchema.parse(JSON.parse((await probe.next(`${P}agent/state/turn`)).text));
    expect(event.reply).toMatch(/Nadine/);
    expect(wave.text).toBe('WAVE_HAND');
    // The first sentence goes out at once; the others follow the control stack's end_speak.
    expect(event.reply.startsWith(speak.text)).toBe(true);
    expect(event).toMatchObject({ user_text: 'Hello there!', intent: { name: 'first_greeting' } });
    expect(event.gestures).toEqual(['WAVE_HAND']);
  });

  it("carries the perception port's requests to perception over the bus", async () => {
    daemon.perception.userSettled({ user_id: 'alice_01', user_name: 'Alice' });
    const info = await probe.next(`${P}face_recognition/user_info`);
    expect(JSON.parse(info.text)).toEqual({ user_id: 'alice_01', user_name: 'Alice' });
    expect(daemon.perception.requestCapture('/tmp/nadine-view/frame-1.jpg')).toBe(true);
    expect((await probe.next(`${P}perception/capture_current_view`)).text).toBe('/tmp/nadine-view/frame-1.jpg');
  });

  it('keeps a retained status with its health for monitors that connect later', async () => {
    const late = await Probe.connect(daemon.broker!.url, `${P}agent/status`);
    const status = await late.next(`${P}agent/status`, (m) => m.retain);
    const parsed = StatusSchema.parse(JSON.parse(status.text));
    expect(parsed.status).toBe('online');
    expect(parsed.components?.llm?.status).toBe('degraded');
    await late.close();
  });

  it('drops malformed payloads on every inbound topic, counts them, and keeps answering', async () => {
    const before = daemon.health.counter('invalid_payloads');
    const junk: Buffer[] = [
      Buffer.from([0xff, 0xfe, 0x00, 0x81]),
      Buffer.from('{"text": 5, "user_name": [], "user_id": {}, "confidence": "x", "scene_id": 1}'),
      Buffer.alloc(1024 * 1024, 'a'),
      Buffer.alloc(0),
    ];
    const topics = ['agent/user_speech', 'graph/user_detected', 'graph/face_stored', 'memory/scene_stored'];
    for (const topic of topics) for (const payload of junk) await probe.publish(`${P}${topic}`, payload);

    probe.clear();
    await probe.publish(`${P}agent/user_speech`, 'Goodbye, see you tomorrow!');
    const event = TurnEventSchema.parse(JSON.parse((await probe.next(`${P}agent/state/turn`)).text));
    expect(event.intent.name).toBe('end_conversation');
    expect(daemon.health.counter('invalid_payloads') - before).toBe(topics.length * junk.length);
    expect(daemon.health.counter('invalid_payloads.user_speech')).toBeGreaterThanOrEqual(junk.length);
  });

  it('answers in the language reported by speech-to-text', async () => {
    probe.clear();
    await probe.publish(`${P}agent/user_speech`, JSON.stringify({ text: 'Hallo!', language: 'de-DE' }));
    const event = TurnEventSchema.parse(JSON.parse((await probe.next(`${P}agent/state/turn`)).text));
    expect(event.language).toBe('de');
    expect(event.reply).toMatch(/Hallo/);
  });
});

describe('the topic prefix', () => {
  it('is configurable: one robot per prefix', async () => {
    const daemon = await startDaemon({ config: testConfig({ mqtt: { prefix: 'robots/r2' } }), log: silentLogger, mqtt: true });
    const probe = await Probe.connect(daemon.broker!.url, '#');
    await probe.publish('nadine/agent/user_speech', 'Hello?');
    await probe.publish('robots/r2/agent/user_speech', 'Hello!');
    const speak = await probe.next('robots/r2/agent/control/speak');
    expect(speak.text.length).toBeGreaterThan(0);
    // The sentinel: a second utterance under the robot's prefix. Turns run in order, so by its
    // turn event a turn for the other prefix would have shown too.
    await probe.publish('robots/r2/agent/user_speech', 'Thank you!');
    const turns = () => probe.messages.filter((m) => m.topic === 'robots/r2/agent/state/turn');
    await probe.next('robots/r2/agent/state/turn', () => turns().length >= 2);
    expect(turns().map((m) => JSON.parse(m.text).user_text)).toEqual(['Hello!', 'Thank you!']);
    expect(probe.messages.filter((m) => m.topic.startsWith('nadine/') && m.topic !== 'nadine/agent/user_speech')).toEqual([]);
    await probe.close();
    await daemon.stop();
  });
});
