import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../../../src/log/index.js';
import {
  dot,
  EmbeddingCache,
  encoderFolder,
  encodeNpyVector,
  normalize,
  parseNpyVector,
  TransformersClipEncoder,
  VisualMemory,
  type ClipEncoder,
} from '../../../src/visual-memory/index.js';
import { STANDIN_CLIP_DIR, tempDir } from '../../helpers/config.js';
import {
  FIXTURE_USER,
  FixedVectorEncoder,
  fixtureEmbedding,
  fixtureImage,
  installSceneFixtures,
  sceneDir,
  textVectorIndex,
  writeScene,
} from '../../helpers/scenes.js';

const log = { log: silentLogger };
const VALID = ['scene_20260301_101500', 'scene_20260315_143000', 'scene_20260402_090000'];
const BEACH = 'Do you remember when we were at the beach?';

function memory(encoder: ClipEncoder | null, dataDir = tempDir(), settings: Partial<{ threshold: number; alpha: number; lexicalThreshold: number }> = {}) {
  installSceneFixtures(dataDir);
  const cacheDir = path.join(dataDir, 'cache', 'clip');
  const vm = new VisualMemory({ dataDir, cacheDir, encoder, settings: { threshold: 0.6, alpha: 0.7, lexicalThreshold: 0.15, imageScale: 1, ...settings }, log: silentLogger });
  return { vm, dataDir, cacheDir };
}

/** Every file under a folder, relative, with its size: to see that nothing was written there. */
function snapshot(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => {
      const file = path.join(e.parentPath, e.name);
      return `${path.relative(dir, file)}:${readFileSync(file).length}`;
    })
    .sort();
}

describe('visual memory over scene folders written by perception (fixed CLIP vectors, 512-d like perception)', () => {
  const expected = textVectorIndex().expected;

  it.each(Object.entries(expected.questions))('"%s" is ranked as NumPy ranks it', async (question, want) => {
    const { vm } = memory(new FixedVectorEncoder());
    const recall = await vm.recall(FIXTURE_USER, question, log);
    expect(recall.mode).toBe('clip');
    expect(recall.candidates).toBe(3);
    expect(recall.match?.scene_id ?? null).toBe(want.best);
    if (recall.match) {
      expect(recall.match.score).toBeCloseTo(want.scores[want.best!]!, 5);
      expect(recall.match.score_source).toBe('perception_embedding');
    }
  });

  it('reports the matched scene: image inside the scene folder, description, time, both similarities', async () => {
    const { vm, dataDir } = memory(new FixedVectorEncoder());
    const { match } = await vm.recall(FIXTURE_USER, BEACH, log);
    expect(match).toMatchObject({
      scene_id: 'scene_20260301_101500',
      description: 'Alice holding a red umbrella on a sunny beach',
      timestamp: '2026-03-01T10:15:00',
      // perception wrote /home/nadine/...: the file name is resolved in this daemon's folder
      image_path: path.join(sceneDir(dataDir, FIXTURE_USER), 'images', 'scene_20260301_101500.jpg'),
    });
    expect(match!.score).toBeCloseTo(0.7 * match!.image_similarity! + 0.3 * match!.description_similarity!, 6);
    expect(existsSync(match!.image_path)).toBe(true);
  });

  it('skips scenes with a malformed embedding or invalid metadata, and uses the rest', async () => {
    const { vm } = memory(new FixedVectorEncoder());
    await vm.recall(FIXTURE_USER, BEACH, log);
    expect(vm.stats(FIXTURE_USER)).toMatchObject({ scenes: 3, failed: 2, reembedded: 0 });
  });

  it('finds nothing for a user without scenes, and refuses a user id that is a path', async () => {
    const { vm } = memory(new FixedVectorEncoder());
    expect(await vm.recall('bob_02', BEACH, log)).toMatchObject({ match: null, candidates: 0 });
    await expect(vm.recall('../../etc', BEACH, log)).rejects.toThrow();
  });

  it('embeds the image itself when the metadata names another CLIP model, even with the same dimension', async () => {
    const encoder = new FixedVectorEncoder();
    const { vm, dataDir } = memory(encoder);
    writeScene(dataDir, FIXTURE_USER, 'scene_20260501_120000', {
      image: fixtureImage('scene_20260301_101500'),
      embedding: fixtureEmbedding('scene_20260301_101500'),
      extra: { embedding_model: 'ViT-L-14/laion2b' },
    });
    await vm.recall(FIXTURE_USER, BEACH, log);
    expect(encoder.imageCalls).toHaveLength(1);
    expect(vm.stats(FIXTURE_USER).reembedded).toBe(1);
  });

  it('compares stored embeddings of the same model under another export name', async () => {
    const encoder = new FixedVectorEncoder('Xenova/clip-vit-base-patch32');
    const { vm, dataDir } = memory(encoder);
    writeScene(dataDir, FIXTURE_USER, 'scene_20260501_120000', {
      image: fixtureImage('scene_20260301_101500'),
      embedding: fixtureEmbedding('scene_20260301_101500'),
      extra: { embedding_model: 'openai/clip-vit-base-patch32' },
    });
    await vm.recall(FIXTURE_USER, BEACH, log);
    expect(encoder.imageCalls).toHaveLength(0);
  });

  it("computes a question's vector once when the turn's start prefetched it, and recalls the same scene", async () => {
    const encoder = new FixedVectorEncoder();
    const { vm } = memory(encoder);
    const without = await memory(new FixedVectorEncoder()).vm.recall(FIXTURE_USER, BEACH, log);
    vm.prefetch(FIXTURE_USER, BEACH);
    const recalled = await vm.recall(FIXTURE_USER, BEACH, log);
    expect(encoder.textCalls.filter((t) => t === BEACH)).toHaveLength(1);
    expect(recalled.match).toEqual({ ...without.match, image_path: expect.any(String) });
    expect(recalled.match?.scene_id).toBeDefined();
    // Taken once: the next recall lists the folder again and finds the vector kept.
    await vm.recall(FIXTURE_USER, BEACH, log);
    expect(encoder.textCalls.filter((t) => t === BEACH)).toHaveLength(1);
  });

  it('lists the folder again for the recall when a scene was announced after the prefetch', async () => {
    const encoder = new FixedVectorEncoder();
    const { vm, dataDir } = memory(encoder);
    vm.prefetch(FIXTURE_USER, BEACH);
    writeScene(dataDir, FIXTURE_USER, 'scene_20260501_120000', { image: fixtureImage('scene_20260301_101500'), embedding: fixtureEmbedding('scene_20260301_101500') });
    void vm.sceneStored({ user_id: FIXTURE_USER, scene_id: 'scene_20260501_120000' });
    const recalled = await vm.recall(FIXTURE_USER, BEACH, log);
    expect(recalled.candidates).toBe(vm.stats(FIXTURE_USER).scenes);
    expect(vm.stats(FIXTURE_USER).scenes).toBeGreaterThan((await memory(new FixedVectorEncoder()).vm.recall(FIXTURE_USER, BEACH, log)).candidates);
  });
});

describe('a dimension mismatch: 512-d stored embeddings, the 64-d stand-in CLIP', () => {
  let encoder: TransformersClipEncoder;
  beforeAll(async () => {
    encoder = await TransformersClipEncoder.load(STANDIN_CLIP_DIR);
  });
  afterAll(() => encoder.close());

  it("re-embeds each image with the daemon's vision encoder, caches it in the daemon's data dir, never compares the 512-d vectors", async () => {
    const { vm, dataDir, cacheDir } = memory(encoder, tempDir(), { threshold: -1 });
    const perceptionFolder = sceneDir(dataDir, FIXTURE_USER);
    const before = snapshot(perceptionFolder);

    const recall = await vm.recall(FIXTURE_USER, BEACH, log);
    expect(recall.match).not.toBeNull();
    expect(recall.match!.score_source).toBe('daemon_embedding');
    expect(vm.stats(FIXTURE_USER)).toMatchObject({ scenes: 3, reembedded: 3, cacheHits: 0 });

    const cache = new EmbeddingCache(cacheDir);
    for (const stem of VALID) {
      const bytes = fixtureImage(stem);
      const file = cache.file(encoder, 'image', (await import('node:crypto')).createHash('sha256').update(bytes).digest('hex'));
      expect(file.startsWith(path.join(cacheDir, encoderFolder(encoder.id)))).toBe(true);
      const cached = parseNpyVector(readFileSync(file)).data;
      expect(cached).toHaveLength(64);
      expect(dot(cached, await encoder.embedImage(bytes))).toBeCloseTo(1, 5);
    }
    // The score is the daemon's own embedding against the question, not a 512-d comparison.
    const [question] = await encoder.embedTexts([BEACH]);
    const image = await encoder.embedImage(fixtureImage(recall.match!.scene_id as (typeof VALID)[number]));
    expect(recall.match!.image_similarity).toBeCloseTo(dot(question!, image), 5);
    expect(snapshot(perceptionFolder)).toEqual(before);
  });

  it('uses the cache after a restart instead of embedding again', async () => {
    const dataDir = tempDir();
    const first = memory(encoder, dataDir);
    await first.vm.recall(FIXTURE_USER, BEACH, log);
    expect(first.vm.stats(FIXTURE_USER).reembedded).toBe(3);
    const second = new VisualMemory({ dataDir, cacheDir: first.cacheDir, encoder, settings: { threshold: 0.6, alpha: 0.7, lexicalThreshold: 0.15, imageScale: 1 }, log: silentLogger });
    await second.recall(FIXTURE_USER, BEACH, log);
    // 3 images and 2 descriptions, all from the cache
    expect(second.stats(FIXTURE_USER)).toMatchObject({ scenes: 3, reembedded: 0, cacheHits: 5 });
  });

  it('recomputes a damaged cache entry rather than trusting it', async () => {
    const dataDir = tempDir();
    const first = memory(encoder, dataDir);
    await first.vm.recall(FIXTURE_USER, BEACH, log);
    const folder = path.join(first.cacheDir, encoderFolder(encoder.id));
    const entry = readdirSync(folder).find((f) => f.startsWith('image-'))!;
    writeFileSync(path.join(folder, entry), encodeNpyVector(normalize([1, 2, 3])));
    const second = new VisualMemory({ dataDir, cacheDir: first.cacheDir, encoder, settings: { threshold: 0.6, alpha: 0.7, lexicalThreshold: 0.15, imageScale: 1 }, log: silentLogger });
    await second.recall(FIXTURE_USER, BEACH, log);
    expect(second.stats(FIXTURE_USER).reembedded).toBe(1);
    expect(parseNpyVector(readFileSync(path.join(folder, entry))).data).toHaveLength(64);
  });
});

describe('without a CLIP model: description-only matching', () => {
  it('matches the words of the question against scene descriptions; an undescribed scene is never matched', async () => {
    const { vm } = memory(null);
    const beach = await vm.recall(FIXTURE_USER, 'Do you remember my red umbrella?', log);
    expect(beach.mode).toBe('lexical');
    expect(beach.match).toMatchObject({ scene_id: 'scene_20260301_101500', score_source: 'lexical', image_similarity: null });
    expect((await vm.recall(FIXTURE_USER, 'Tell me about the birthday candles', log)).match?.scene_id).toBe('scene_20260315_143000');
    expect((await vm.recall(FIXTURE_USER, 'Have you seen my dog before?', log)).match).toBeNull();
    expect((await vm.recall(FIXTURE_USER, 'How does a jet engine work?', log)).match).toBeNull();
  });

  it('reads no embedding file, so a malformed one costs nothing', async () => {
    const { vm } = memory(null);
    await vm.recall(FIXTURE_USER, 'umbrella', log);
    // the truncated .npy scene is usable by its description; only the bad metadata is skipped
    expect(vm.stats(FIXTURE_USER)).toMatchObject({ scenes: 4, failed: 1 });
  });
});

describe('keeping the index in step with the folder', () => {
  const cake = { image: fixtureImage('scene_20260315_143000'), embedding: fixtureEmbedding('scene_20260315_143000') };

  it('a scene_stored notice makes a new scene findable, with the description the message brings', async () => {
    const { vm, dataDir } = memory(null);
    expect((await vm.recall(FIXTURE_USER, 'the snowman in the park', log)).match).toBeNull();
    writeScene(dataDir, FIXTURE_USER, 'scene_20260601_090000', cake);
    await vm.sceneStored({ user_id: FIXTURE_USER, scene_id: 'scene_20260601_090000', description: 'A snowman in the park' });
    expect((await vm.recall(FIXTURE_USER, 'the snowman in the park', log)).match?.scene_id).toBe('scene_20260601_090000');
  });

  it('accepts a scene id without the scene_ prefix, and logs rather than throws for an unknown scene', async () => {
    const { vm, dataDir } = memory(null);
    await vm.recall(FIXTURE_USER, 'x', log);
    writeScene(dataDir, FIXTURE_USER, 'scene_20260602_090000', { ...cake, description: 'kites on the hill' });
    await vm.sceneStored({ user_id: FIXTURE_USER, scene_id: '20260602_090000' });
    expect((await vm.recall(FIXTURE_USER, 'kites', log)).match?.scene_id).toBe('scene_20260602_090000');
    await expect(vm.sceneStored({ user_id: FIXTURE_USER, scene_id: 'scene_20990101_000000' })).resolves.toBeUndefined();
  });

  it('builds the index of a user announced by scene_stored before any question', async () => {
    const encoder = new FixedVectorEncoder();
    const { vm, dataDir } = memory(encoder);
    writeScene(dataDir, 'bob_02', 'scene_20260603_090000', { ...cake, extra: { embedding_model: 'another-model' } });
    await vm.sceneStored({ user_id: 'bob_02', scene_id: 'scene_20260603_090000' });
    expect(vm.stats('bob_02')).toMatchObject({ scenes: 1, reembedded: 1 });
    expect(encoder.imageCalls).toHaveLength(1);
  });

  it('notices scenes added or removed without a message before the next question', async () => {
    const { vm, dataDir } = memory(null);
    expect((await vm.recall(FIXTURE_USER, 'kites', log)).match).toBeNull();
    writeScene(dataDir, FIXTURE_USER, 'scene_20260604_090000', { ...cake, description: 'Kites on the hill' });
    expect((await vm.recall(FIXTURE_USER, 'kites', log)).match?.scene_id).toBe('scene_20260604_090000');
    rmSync(path.join(sceneDir(dataDir, FIXTURE_USER), 'metadata', 'scene_20260604_090000_metadata.json'));
    expect((await vm.recall(FIXTURE_USER, 'kites', log)).match).toBeNull();
  });

  it('answers concurrent questions and announcements for one user consistently', async () => {
    const { vm, dataDir } = memory(new FixedVectorEncoder());
    writeScene(dataDir, FIXTURE_USER, 'scene_20260605_090000', cake);
    const results = await Promise.all([
      vm.recall(FIXTURE_USER, BEACH, log),
      vm.sceneStored({ user_id: FIXTURE_USER, scene_id: 'scene_20260605_090000' }),
      vm.recall(FIXTURE_USER, BEACH, log),
    ]);
    expect(results[0]!.candidates).toBe(4);
    expect(results[2]!.match?.scene_id).toBe('scene_20260301_101500');
  });
});

describe('scene metadata as perception writes it', () => {
  it.each([
    ['2026-03-01T10:15:00', '2026-03-01T10:15:00'],
    ['20260301_101500', '2026-03-01T10:15:00'],
    [1772360100, '2026-03-01T10:15:00.000Z'],
  ])('reads the timestamp %s as %s', async (timestamp, iso) => {
    const dataDir = tempDir();
    writeScene(dataDir, 'carol_03', 'scene_20260301_101500', { image: fixtureImage('scene_20260301_101500'), embedding: fixtureEmbedding('scene_20260301_101500'), description: 'snow', extra: { timestamp } });
    const vm = new VisualMemory({ dataDir, cacheDir: path.join(dataDir, 'cache'), encoder: null, settings: { threshold: 0.6, alpha: 0.7, lexicalThreshold: 0.15, imageScale: 1 }, log: silentLogger });
    expect((await vm.recall('carol_03', 'snow', log)).match?.timestamp).toBe(iso);
  });
});

describe('scene images for a multimodal model', () => {
  it('reads a scene image as base64, and nothing outside the scene folders', async () => {
    const { vm, dataDir } = memory(null);
    const image = path.join(sceneDir(dataDir, FIXTURE_USER), 'images', 'scene_20260301_101500.jpg');
    expect(await vm.imageBase64(image)).toBe(readFileSync(image).toString('base64'));
    expect(await vm.imageBase64(path.join(dataDir, 'memory', 'user_profiles', FIXTURE_USER, 'memorable_scenes', 'metadata', 'scene_20260301_101500_metadata.json'))).toBeNull();
    expect(await vm.imageBase64('/etc/hostname')).toBeNull();
    expect(await vm.imageBase64(path.join(sceneDir(dataDir, FIXTURE_USER), 'images', 'missing.jpg'))).toBeNull();
  });
});
