import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StatusSchema } from '../../src/bus/index.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { chromaCollections } from '../helpers/chroma.js';
import { tempDir, testConfig } from '../helpers/config.js';
import { spawnDaemon, SPAWNED_ONLINE_MS } from '../helpers/daemon-process.js';
import { MOSQUITTO, startMosquitto, type Mosquitto } from '../helpers/mosquitto.js';
import { Probe } from '../helpers/mqtt.js';

const run = promisify(execFile);

// CI installs mosquitto (.ci/run), so there these tests always run; elsewhere they need it installed.
const noMosquitto = !MOSQUITTO && !process.env.CI;
if (noMosquitto) console.warn('mosquitto is not installed: skipping the external-broker tests (apt-get install -y mosquitto mosquitto-clients)');

describe.skipIf(noMosquitto)('the daemon against an external Mosquitto broker', () => {
  let broker: Mosquitto;
  let daemon: Daemon;

  beforeAll(async () => {
    broker = await startMosquitto();
    daemon = await startDaemon({ config: testConfig({ mqtt: { url: broker.url } }), log: silentLogger, mqtt: true });
  });
  afterAll(async () => {
    await daemon?.stop();
    await broker?.stop();
  });

  it('does not start its own broker when a URL is configured', () => {
    expect(daemon.broker).toBeNull();
    expect(daemon.bus?.connected).toBe(true);
  });

  it('answers mosquitto_pub, as seen by mosquitto_sub', async () => {
    const port = String(broker.port);
    const sub = spawn('mosquitto_sub', ['-p', port, '-v', '-W', '20', '-t', 'nadine/agent/control/#', '-t', 'nadine/agent/state/turn', '-t', 'test/ready']);
    let stdout = '';
    sub.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    try {
      // mosquitto_sub says nothing when it has subscribed: a message it prints does.
      await expect
        .poll(async () => (await run('mosquitto_pub', ['-p', port, '-t', 'test/ready', '-m', 'ready']), stdout.includes('test/ready')), { timeout: 10_000, interval: 100 })
        .toBe(true);
      await run('mosquitto_pub', ['-p', port, '-q', '1', '-t', 'nadine/agent/user_speech', '-m', 'Hello there!']);
      await expect.poll(() => stdout.match(/^nadine\/agent\/state\/turn /m) !== null, { timeout: 15_000 }).toBe(true);
    } finally {
      sub.kill();
    }
    expect(stdout).toMatch(/^nadine\/agent\/control\/speak \S/m);
    expect(stdout).toMatch(/^nadine\/agent\/control\/animation WAVE_HAND$/m);
    expect(stdout).toMatch(/^nadine\/agent\/state\/turn \{"turn_id"/m);
  });

  it('reconnects after the broker goes away, and answers again', async () => {
    await broker.stop();
    await waitFor(() => daemon.health.get('mqtt')?.status === 'down');
    await broker.restart();
    await waitFor(() => daemon.bus?.connected === true, 15_000);
    const probe = await Probe.connect(broker.url, 'nadine/agent/control/speak');
    await probe.publish('nadine/agent/user_speech', 'Are you back?');
    expect((await probe.next('nadine/agent/control/speak')).text.length).toBeGreaterThan(0);
    await probe.close();
  });
});

describe.skipIf(noMosquitto)('the last will', () => {
  it('marks the daemon offline when its process dies without a goodbye', async () => {
    const broker = await startMosquitto();
    // A data folder of its own (the default, db/, is the checkout's: shared with whatever else runs there).
    // The run's ChromaDB server, in collections of its own: a server of its own would only slow its start.
    const chroma = chromaCollections()();
    const { child } = spawnDaemon({
      NADINE_MQTT__URL: broker.url,
      NADINE_PATHS__DATA: tempDir(),
      NADINE_LLM__ENABLED: 'false',
      NADINE_LOG__LEVEL: 'silent',
      NADINE_CHROMA__URL: chroma.url,
      NADINE_CHROMA__COLLECTION_PREFIX: chroma.collectionPrefix,
    });
    const probe = await Probe.connect(broker.url, 'nadine/agent/status');
    // A spawned daemon imports its modules first: 20 s was not enough at a load of 12.
    const online = await probe.next('nadine/agent/status', (m) => m.text.includes('"online"'), SPAWNED_ONLINE_MS);
    expect(StatusSchema.parse(JSON.parse(online.text)).status).toBe('online');
    child.kill('SIGKILL');
    const offline = await probe.next('nadine/agent/status', (m) => m.text.includes('"offline"'), 60_000);
    expect(StatusSchema.parse(JSON.parse(offline.text)).status).toBe('offline');
    await probe.close();
    await broker.stop();
  }, SPAWNED_ONLINE_MS + 90_000);
});

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 50));
  }
}
