import { afterEach, describe, expect, it, vi } from 'vitest';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { createLogger, silentLogger } from '../../src/log/index.js';
import { chromaCollections, waitFor } from '../helpers/chroma.js';
import { testConfig } from '../helpers/config.js';
import { MOSQUITTO, startMosquitto, type Mosquitto } from '../helpers/mosquitto.js';
import { Probe } from '../helpers/mqtt.js';
import { startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.js';

const noMosquitto = !MOSQUITTO && !process.env.CI;
const P = 'nadine/';
const sharedChroma = chromaCollections();
const USER_INFO = `${P}face_recognition/user_info`;
const SPEAK = `${P}agent/control/speak`;
const MAX_DELAY_MS = 1_000;

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

/** Mosquitto, a TCP proxy in front of it for the daemon, and perception connected directly. */
async function setUp() {
  const mosquitto: Mosquitto = await startMosquitto();
  const proxy: TcpProxy = await startTcpProxy({ host: '127.0.0.1', port: mosquitto.port });
  const perception = await Probe.connect(mosquitto.url, `${P}#`);
  cleanup.push(() => mosquitto.stop(), () => proxy.close(), () => perception.close());
  const config = testConfig({
    mqtt: { url: proxy.url, reconnect: { initialMs: 100, maxMs: 500 } },
    speech: { maxDelayMs: MAX_DELAY_MS, waitForEndSpeak: false },
    chroma: sharedChroma(),
  });
  /** What the daemon handed to its bus, and when (the bus itself still runs). */
  const handed: { key: string; payload: unknown; at: number }[] = [];
  const start = async () => {
    const daemon = await startDaemon({ config, log: process.env.DEBUG_DELIVERY ? createLogger({ ...config.log, level: 'debug' }) : silentLogger, mqtt: true });
    cleanup.push(() => daemon.stop());
    const publish = daemon.bus!.publish.bind(daemon.bus!);
    vi.spyOn(daemon.bus!, 'publish').mockImplementation((key, payload) => (handed.push({ key, payload, at: performance.now() }), publish(key, payload)));
    return daemon;
  };
  const userInfo = (name: string) => perception.next(USER_INFO, (m) => (JSON.parse(m.text) as { user_name: string }).user_name === name, 30_000);
  const settledIds = () => handed.filter((h) => h.key === 'user_info').map((h) => (h.payload as { user_id: string }).user_id);
  return { proxy, perception, start, userInfo, handed, settledIds };
}

describe.skipIf(noMosquitto)('delivery classes across link cuts (mosquitto behind a TCP proxy)', () => {
  it('every settled name reaches perception through cuts of the link; a sentence past speech.maxDelayMs is never sent', async () => {
    const { proxy, perception, start, userInfo, handed } = await setUp();
    const daemon = await start();
    const sentences = () => handed.filter((h) => h.key === 'speak').map((h) => ({ text: h.payload as string, at: h.at }));
    // The link drops the moment the daemon has the utterance: the name settles, and its
    // user_info and reply are handed to the bus while nothing gets through. It comes back once
    // the turn is over and every sentence handed over meanwhile is past its deadline, so each
    // of them must be dropped, never sent late.
    const cuts: { from: number; to: number }[] = [];
    let cutting = true;
    const handedSince = (from: number, key: string) => handed.filter((h) => h.at >= from && h.key === key);
    const allExpired = (from: number) => {
      const last = Math.max(from, ...handedSince(from, 'speak').map((h) => h.at));
      return handedSince(from, 'turn_event').length > 0 && handedSince(from, 'user_info').length > 0 && performance.now() > last + MAX_DELAY_MS;
    };
    daemon.bus!.on('user_speech', () => {
      if (!cutting) return;
      const cut = { from: performance.now(), to: Number.POSITIVE_INFINITY };
      cuts.push(cut);
      proxy.cut();
      void waitFor(() => allExpired(cut.from), 30_000, 'the cut turn to end and its sentences to expire').finally(() => {
        cut.to = performance.now();
        proxy.restore();
      });
    });

    // After a reconnection the daemon subscribes again (clean session); mqtt.js resends a message
    // in flight before that, so a user_info can arrive first. A signal the daemon ignores, sent
    // until it hears one, says that it is listening again.
    let heard = 0;
    daemon.bus!.on('end_speak', () => void heard++);
    const listening = () =>
      expect.poll(async () => (await perception.publish(`${P}agent/feedback/end_speak`, ''), heard), { timeout: 15_000, interval: 100 }).toBeGreaterThan(0);

    const names = ['Anna', 'Bruno', 'Clara', 'David', 'Emma', 'Greta'];
    for (const name of names) {
      heard = 0;
      await listening();
      await perception.publish(`${P}agent/user_speech`, `My name is ${name}.`);
      await userInfo(name);
    }
    const settled = perception.messages.filter((m) => m.topic === USER_INFO).map((m) => (JSON.parse(m.text) as { user_name: string }).user_name);
    expect(new Set(settled)).toEqual(new Set(names));

    // The sentinel: a sentence handed over with the link up arrives, so anything held before it
    // has been sent or dropped by now (the bus sends in order).
    await expect.poll(() => cuts.every((c) => Number.isFinite(c.to)), { timeout: 10_000 }).toBe(true);
    cutting = false;
    const before = sentences().length;
    heard = 0;
    await listening();
    await perception.publish(`${P}agent/user_speech`, 'Thank you.');
    await expect.poll(() => sentences().length, { timeout: 15_000 }).toBeGreaterThan(before);
    const sentinel = sentences()[before]!.text;
    await perception.next(SPEAK, (m) => m.text === sentinel, 15_000);

    // Handed over during a cut, with its deadline before the link came back: it cannot have been
    // sent in time, so it must not have been sent at all.
    const stale = sentences().filter((h) => cuts.some((c) => h.at >= c.from && h.at + MAX_DELAY_MS < c.to));
    // Each cut outlasted the deadlines of its reply's sentences: every name's reply was at stake.
    expect(stale.length).toBeGreaterThanOrEqual(names.length);
    const spoken = new Set(perception.messages.filter((m) => m.topic === SPEAK).map((m) => m.text));
    for (const h of stale) expect(spoken.has(h.text), `"${h.text}" was spoken late`).toBe(false);
    expect(daemon.health.counter('expired_messages.speak')).toBeGreaterThanOrEqual(stale.length);
  }, 120_000);

  it('a settled name queued while the broker is unreachable reaches perception after a daemon restart', async () => {
    const { proxy, perception, start, userInfo, settledIds } = await setUp();
    const first = await start();
    first.bus!.on('user_speech', () => proxy.cut());
    await perception.publish(`${P}agent/user_speech`, 'My name is Greta.');
    // Settled and queued on disk, not sent: the link stays down until the daemon is gone.
    await expect.poll(() => settledIds().length, { timeout: 15_000 }).toBe(1);
    await expect.poll(() => first.bus!.outgoingPending, { timeout: 15_000 }).toBeGreaterThan(0);
    await first.stop();
    expect(perception.messages.filter((m) => m.topic === USER_INFO)).toEqual([]);

    proxy.restore();
    await start();
    expect(JSON.parse((await userInfo('Greta')).text)).toMatchObject({ user_name: 'Greta' });
  }, 60_000);

  it('forget-me drops a user_info still waiting for the link; the forget report follows it out', async () => {
    const { proxy, perception, start, settledIds } = await setUp();
    const daemon = await start();
    daemon.bus!.on('user_speech', () => proxy.cut());
    await perception.publish(`${P}agent/user_speech`, 'My name is Greta.');
    // Her user_info handed to the bus and on disk (the retained status may be waiting too).
    await expect.poll(() => settledIds().length, { timeout: 15_000 }).toBe(1);
    const [userId] = settledIds();
    await expect.poll(() => daemon.bus!.queuedFor(userId!), { timeout: 15_000 }).toHaveLength(1);

    const report = await daemon.forgetUser(userId!);
    expect(report.removed).toContain('MQTT outgoing queue: 1 message(s) to perception that were waiting to be sent');
    expect(report.remaining).toEqual([]);
    await daemon.bus!.publish('user_forgotten', report);
    proxy.restore();
    // Durable messages go out in order: once the report is here, a user_info queued before it would be too.
    await perception.next(`${P}agent/state/user_forgotten`, () => true, 30_000);
    expect(perception.messages.filter((m) => m.topic === USER_INFO)).toEqual([]);
  }, 60_000);
});
