import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HermesSaySchema } from '../../src/bus/index.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { testConfig } from '../helpers/config.js';
import { MOSQUITTO, startMosquitto, type Mosquitto } from '../helpers/mosquitto.js';
import { Probe } from '../helpers/mqtt.js';

const run = promisify(execFile);

// CI installs mosquitto (.ci/run); elsewhere these tests need it installed.
const noMosquitto = !MOSQUITTO && !process.env.CI;

describe.skipIf(noMosquitto)('the Hermes adapter with a Rhasspy-style voice stack on Mosquitto', () => {
  let broker: Mosquitto;
  let daemon: Daemon;
  let probe: Probe;

  beforeAll(async () => {
    broker = await startMosquitto();
    daemon = await startDaemon({
      config: testConfig({ mqtt: { url: broker.url }, hermes: { enabled: true, siteId: 'lobby' } }),
      log: silentLogger,
      mqtt: true,
    });
    probe = await Probe.connect(broker.url, '#');
  });
  afterAll(async () => {
    await probe?.close();
    await daemon?.stop();
    await broker?.stop();
  });

  /** mosquitto_sub for the next `count` messages on `topic`, started before `action` runs. */
  async function subscribeWhile(topic: string, count: number, action: () => Promise<unknown>): Promise<{ topic: string; payload: string }[]> {
    const sub = run('mosquitto_sub', ['-p', String(broker.port), '-v', '-C', String(count), '-W', '10', '-t', topic]);
    await new Promise((r) => setTimeout(r, 300)); // let the subscription settle
    await action();
    const { stdout } = await sub;
    return stdout
      .trim()
      .split('\n')
      .map((line) => ({ topic: line.slice(0, line.indexOf(' ')), payload: line.slice(line.indexOf(' ') + 1) }));
  }

  const pub = (topic: string, payload: object) => run('mosquitto_pub', ['-p', String(broker.port), '-q', '1', '-t', topic, '-m', JSON.stringify(payload)]);

  it('hears hermes/asr/textCaptured and answers on hermes/tts/say, one sentence per sayFinished', async () => {
    const [first] = await subscribeWhile('hermes/tts/say', 1, () =>
      pub('hermes/asr/textCaptured', { text: 'Hello there!', likelihood: 0.93, seconds: 1.4, siteId: 'lobby', sessionId: 'session-1' }),
    );
    expect(first!.topic).toBe('hermes/tts/say');
    const say = HermesSaySchema.parse(JSON.parse(first!.payload));
    expect(say).toMatchObject({ lang: 'en', siteId: 'lobby', sessionId: 'session-1' });
    expect(say.id).toMatch(/\.0$/);

    // The next sentence waits for the voice stack to finish this one.
    await new Promise((r) => setTimeout(r, 300));
    expect(probe.messages.filter((m) => m.topic === 'hermes/tts/say')).toHaveLength(1);
    const [second] = await subscribeWhile('hermes/tts/say', 1, () => pub('hermes/tts/sayFinished', { id: say.id, siteId: 'lobby', sessionId: 'session-1' }));
    const next = HermesSaySchema.parse(JSON.parse(second!.payload));
    expect(next.id).toMatch(/\.1$/);
    expect(next.sessionId).toBe('session-1');

    const event = JSON.parse((await probe.next('nadine/agent/state/turn')).text);
    expect(event.reply.startsWith(`${say.text} ${next.text}`)).toBe(true);
    expect(event.intent.name).toBe('first_greeting');
    // Speech goes to the voice stack, not to the control stack; gestures still go to control.
    expect(probe.messages.some((m) => m.topic === 'nadine/agent/control/speak')).toBe(false);
    expect(probe.messages.some((m) => m.topic === 'nadine/agent/control/animation' && m.text === 'WAVE_HAND')).toBe(true);
  });

  it("ignores another site's utterances, silence, and malformed payloads", async () => {
    probe.clear();
    await pub('hermes/asr/textCaptured', { text: 'Hello kitchen!', siteId: 'kitchen', sessionId: 'k-1' });
    await run('mosquitto_pub', ['-p', String(broker.port), '-t', 'hermes/asr/textCaptured', '-m', '{"text": 5}']);
    await pub('hermes/asr/textCaptured', { text: '', likelihood: 0, seconds: 3, siteId: 'lobby', sessionId: 's-2' }); // silence
    await new Promise((r) => setTimeout(r, 500));
    expect(probe.messages.filter((m) => m.topic === 'nadine/agent/state/turn')).toEqual([]);
    expect(daemon.health.counter('invalid_payloads.hermes_text_captured')).toBe(1);
    expect(daemon.health.get('hermes')?.status).toBe('ok');
  });
});

describe.skipIf(noMosquitto)('without the Hermes adapter', () => {
  it('does not subscribe to Hermes topics', async () => {
    const broker = await startMosquitto();
    const daemon = await startDaemon({ config: testConfig({ mqtt: { url: broker.url } }), log: silentLogger, mqtt: true });
    const probe = await Probe.connect(broker.url, '#');
    await run('mosquitto_pub', ['-p', String(broker.port), '-t', 'hermes/asr/textCaptured', '-m', '{"text": "Hello!", "siteId": "default"}']);
    await new Promise((r) => setTimeout(r, 500));
    expect(probe.messages.filter((m) => m.topic.startsWith('nadine/agent/') && m.topic !== 'nadine/agent/status')).toEqual([]);
    expect(daemon.health.get('hermes')).toBeUndefined();
    await probe.close();
    await daemon.stop();
    await broker.stop();
  });
});
