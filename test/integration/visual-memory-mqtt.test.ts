import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TurnEventSchema, type TurnEvent } from '../../src/bus/index.js';
import { startDaemon, type Daemon } from '../../src/daemon.js';
import { silentLogger } from '../../src/log/index.js';
import { clipCacheDir, encoderFolder } from '../../src/visual-memory/index.js';
import { tempDir, testConfig } from '../helpers/config.js';
import { Probe } from '../helpers/mqtt.js';
import { FIXTURE_USER, fixtureEmbedding, fixtureImage, installSceneFixtures, writeScene } from '../helpers/scenes.js';

const P = 'nadine/';

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function ask(probe: Probe, text: string): Promise<TurnEvent> {
  probe.clear();
  await probe.publish(`${P}agent/user_speech`, text);
  return TurnEventSchema.parse(JSON.parse((await probe.next(`${P}agent/state/turn`, (m) => m.text.includes(JSON.stringify(text)))).text));
}

describe('visual memory in the daemon, with the stand-in CLIP (64-d) and perception writing 512-d embeddings', () => {
  let daemon: Daemon;
  let probe: Probe;
  const dataDir = tempDir();

  beforeAll(async () => {
    // The stand-in's random weights rank nothing meaningfully: threshold -1 makes the best scene
    // always count, so the test is about plumbing (message, re-embedding, cache, turn event).
    daemon = await startDaemon({ config: testConfig({ paths: { data: dataDir }, visualMemory: { threshold: -1 } }), log: silentLogger, mqtt: true });
    probe = await Probe.connect(daemon.broker!.url, `${P}#`);
  });
  afterAll(async () => {
    await probe.close();
    await daemon.stop();
  });

  it('says in its health that the stand-in runs', () => {
    expect(daemon.health.get('visual_memory')).toMatchObject({ status: 'degraded', detail: expect.stringMatching(/stand-in CLIP with random weights/) });
  });

  it('makes a scene announced on memory/scene_stored findable without a restart, embedded ahead of the question', async () => {
    daemon.dialogue.presence.switchUser({ user_id: 'bob_02', user_name: 'Bob' });
    expect((await ask(probe, 'What did we see together?')).visual_memory).toBeNull();

    writeScene(dataDir, 'bob_02', 'scene_20260701_180000', {
      image: fixtureImage('scene_20260315_143000'),
      embedding: fixtureEmbedding('scene_20260315_143000'),
      description: 'A birthday cake with lit candles',
    });
    await probe.publish(`${P}memory/scene_stored`, JSON.stringify({ user_id: 'bob_02', user_name: 'Bob', scene_id: 'scene_20260701_180000', memorability: 0.9 }));
    // The 512-d embedding does not fit the 64-d model: the daemon embeds the image itself, on the
    // message, before anyone asks, and caches it under its own data directory.
    const cache = path.join(clipCacheDir(daemon.config), encoderFolder(daemon.visualMemory!.encoder!.id));
    await waitFor(() => existsSync(cache) && readdirSync(cache).some((f) => f.startsWith('image-')));

    const event = await ask(probe, 'What did we see together?');
    expect(event.visual_memory).toMatchObject({ scene_id: 'scene_20260701_180000', score_source: 'daemon_embedding' });
    expect(event.model_ms.visual_memory).toBeGreaterThan(0);
  });

  it('builds the index of a person as soon as perception sees them', async () => {
    installSceneFixtures(dataDir);
    expect(daemon.visualMemory!.stats(FIXTURE_USER).scenes).toBe(0);
    await probe.publish(`${P}graph/user_detected`, JSON.stringify({ user_name: 'Alice', user_id: FIXTURE_USER, confidence: 91 }));
    await waitFor(() => {
      const { scenes, failed } = daemon.visualMemory!.stats(FIXTURE_USER);
      return scenes + failed === 5;
    });
    // Bob's scene had the same cake photo: the cache is keyed by content, so only two are embedded.
    expect(daemon.visualMemory!.stats(FIXTURE_USER)).toMatchObject({ failed: 2, reembedded: 2, cacheHits: 1 });
  });
});

describe('visual memory in the daemon without a CLIP model', () => {
  let daemon: Daemon;
  let probe: Probe;

  beforeAll(async () => {
    const dataDir = tempDir();
    installSceneFixtures(dataDir);
    daemon = await startDaemon({ config: testConfig({ paths: { data: dataDir }, visualMemory: { model: 'no-such-clip-model' } }), log: silentLogger, mqtt: true });
    probe = await Probe.connect(daemon.broker!.url, `${P}#`);
  });
  afterAll(async () => {
    await probe.close();
    await daemon.stop();
  });

  it('runs degraded on scene descriptions, and says so in its retained status', async () => {
    expect(daemon.health.get('visual_memory')).toMatchObject({ status: 'degraded', detail: expect.stringMatching(/no CLIP model at .*no-such-clip-model.*descriptions only/) });
    const status = JSON.parse((await probe.next(`${P}agent/status`, (m) => m.text.includes('visual_memory'))).text);
    expect(status.components.visual_memory.status).toBe('degraded');

    daemon.dialogue.presence.switchUser({ user_id: FIXTURE_USER, user_name: 'Alice' });
    const event = await ask(probe, 'Do you remember my red umbrella?');
    expect(event.visual_memory).toMatchObject({ scene_id: 'scene_20260301_101500', score_source: 'lexical' });
    expect(event.degraded).toContain('visual_memory');
  });
});

describe('visual memory switched off', () => {
  it('is not started when agents.memory is off, and the turn never runs it', async () => {
    const daemon = await startDaemon({ config: testConfig({ agents: { memory: false } }), log: silentLogger, mqtt: false });
    try {
      expect(daemon.visualMemory).toBeNull();
      expect(daemon.health.get('visual_memory')).toBeUndefined();
      daemon.dialogue.presence.switchUser({ user_id: FIXTURE_USER, user_name: 'Alice' });
      const result = await daemon.dialogue.turns.submit({ text: 'Do you remember my red umbrella?' });
      expect(result!.run.path).not.toContain('visual_memory');
    } finally {
      await daemon.stop();
    }
  });
});
