import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HermesSaySchema } from '../../src/bus/index.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { chromaCollections } from '../helpers/chroma.js';
import { testConfig } from '../helpers/config.js';
import { MOSQUITTO, startMosquitto, type Mosquitto } from '../helpers/mosquitto.js';
import { Probe } from '../helpers/mqtt.js';

const run = promisify(execFile);

// CI installs mosquitto (.ci/run); elsewhere these tests need it installed.
const noMosquitto = !MOSQUITTO && !process.env.CI;
const sharedChroma = chromaCollections();

describe.skipIf(noMosquitto)('the Hermes adapter with a Rhasspy-style voice stack on Mosquitto', () => {
  let broker: Mosquitto;
  let daemon: Daemon;
  let probe: Probe;

  beforeAll(async () => {
    broker = await startMosquitto();
    daemon = await startDaemon({
      config: testConfig({ mqtt: { url: broker.url }, hermes: { enabled: true, siteId: 'lobby' }, chroma: sharedChroma() }),
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

  const says = () => probe.messages.filter((m) => m.topic === 'hermes/tts/say');
  const turns = () => probe.messages.filter((m) => m.topic === 'nadine/agent/state/turn');

  const pub = (topic: string, payload: object) => run('mosquitto_pub', ['-p', String(broker.port), '-q', '1', '-t', topic, '-m', JSON.stringify(payload)]);

  it('hears hermes/asr/textCaptured and answers on hermes/tts/say, one sentence per sayFinished', async () => {
    probe.clear();
    await pub('hermes/asr/textCaptured', { text: 'Hello there!', likelihood: 0.93, seconds: 1.4, siteId: 'lobby', sessionId: 'session-1' });
    const say = HermesSaySchema.parse(JSON.parse((await probe.next('hermes/tts/say')).text));
    expect(say).toMatchObject({ lang: 'en', siteId: 'lobby', sessionId: 'session-1' });
    expect(say.id).toMatch(/\.0$/);

    // The next sentence waits for the voice stack to finish this one. The turn event comes once
    // the whole reply is written: a second sentence not held back would have come before it.
    const event = JSON.parse((await probe.next('nadine/agent/state/turn')).text);
    expect(says()).toHaveLength(1);
    await pub('hermes/tts/sayFinished', { id: say.id, siteId: 'lobby', sessionId: 'session-1' });
    await probe.next('hermes/tts/say', () => says().length >= 2);
    const next = HermesSaySchema.parse(JSON.parse(says()[1]!.text));
    expect(next.id).toMatch(/\.1$/);
    expect(next.sessionId).toBe('session-1');

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
    // The sentinel: an utterance of this site, heard after the others, is the only turn.
    await pub('hermes/asr/textCaptured', { text: 'Thank you!', siteId: 'lobby', sessionId: 's-3' });
    await probe.next('nadine/agent/state/turn');
    expect(turns().map((m) => JSON.parse(m.text).user_text)).toEqual(['Thank you!']);
    expect(daemon.health.counter('invalid_payloads.hermes_text_captured')).toBe(1);
    expect(daemon.health.get('hermes')?.status).toBe('ok');
  });
});

describe.skipIf(noMosquitto)('without the Hermes adapter', () => {
  it('does not subscribe to Hermes topics', async () => {
    const broker = await startMosquitto();
    const daemon = await startDaemon({ config: testConfig({ mqtt: { url: broker.url }, chroma: sharedChroma() }), log: silentLogger, mqtt: true });
    const probe = await Probe.connect(broker.url, '#');
    await run('mosquitto_pub', ['-p', String(broker.port), '-t', 'hermes/asr/textCaptured', '-m', '{"text": "Hello!", "siteId": "default"}']);
    // The sentinel: an utterance on the daemon's own topic, sent after, is the only turn.
    await probe.publish('nadine/agent/user_speech', 'Thank you!');
    await probe.next('nadine/agent/state/turn');
    const turns = probe.messages.filter((m) => m.topic === 'nadine/agent/state/turn');
    expect(turns.map((m) => JSON.parse(m.text).user_text)).toEqual(['Thank you!']);
    expect(daemon.health.get('hermes')).toBeUndefined();
    await probe.close();
    await daemon.stop();
    await broker.stop();
  });
});
