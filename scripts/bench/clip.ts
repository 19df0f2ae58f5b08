import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { silentLogger } from '../../src/log/index.js';
import { generateStandinClip, STANDIN_MODELS, standinTokenizersRoot, VIT_B32_SHAPE } from '../../src/models/standin/index.js';
import { encodeNpyVector, normalize, TransformersClipEncoder, VisualMemory } from '../../src/visual-memory/index.js';
import { summarize, type Measurement } from './stats.js';

const QUESTIONS = [
  'Do you remember when we were at the beach?',
  'What did we have for my birthday?',
  'Have you seen my dog before?',
  'Tell me about the photo we took last week in the garden with the whole team',
  'Erinnerst du dich an den Ausflug?',
  'hi',
];

export interface ClipBenchOptions {
  repo: string;
  modelsDir: string;
  /** Text embeddings measured; images get a tenth of it. */
  samples: number;
  /** Also measure the real ViT-B/32 shape (~600 MB generated once into models/standin/). */
  fullSize: boolean;
}

/**
 * CLIP latency as visual memory sees it, through the real loading code: the question's text
 * embedding (every turn), an image embedding (decode, preprocess, vision encoder: only when a
 * stored embedding does not fit the model), and a whole recall over a user's 200 scenes.
 * The tiny stand-in runs in tests; the full-size stand-in has ViT-B/32's real shape, so its
 * numbers are what the real model costs on this machine (weights differ, arithmetic does not).
 */
export async function benchClip(options: ClipBenchOptions): Promise<Measurement[]> {
  const { root } = standinTokenizersRoot(options.repo);
  const tokenizerDir = root && path.join(root, STANDIN_MODELS.clip.folder);
  const variants: [string, string, typeof VIT_B32_SHAPE | undefined][] = [['stand-in 64-d', 'clip-vit-base-patch32', undefined]];
  if (options.fullSize) variants.push(['ViT-B/32 shape', 'clip-vit-base-patch32-fullsize', VIT_B32_SHAPE]);
  const images = fixtureImages(options.repo);
  const out: Measurement[] = [];
  for (const [label, folder, shape] of variants) {
    const dir = path.join(options.modelsDir, 'standin', folder);
    await generateStandinClip({ outDir: dir, tokenizerDir, ...(shape && { shape }) });
    const encoder = await TransformersClipEncoder.load(dir);
    try {
      const text = await measure(options.samples, 20, (i) => encoder.embedTexts([QUESTIONS[i % QUESTIONS.length]!]));
      out.push({ name: `CLIP text embedding (${label})`, unit: 'ms', summary: summarize(text) });
      const image = await measure(Math.max(10, Math.round(options.samples / 10)), 3, (i) => encoder.embedImage(images[i % images.length]!));
      out.push({ name: `CLIP image embedding (${label})`, unit: 'ms', summary: summarize(image) });
      const memory = await sceneMemory(encoder);
      await memory.recall('bench_user', QUESTIONS[0]!, { log: silentLogger });
      const recall = await measure(options.samples, 5, (i) => memory.recall('bench_user', QUESTIONS[i % QUESTIONS.length]!, { log: silentLogger }));
      out.push({ name: `  visual memory recall, 200 scenes (${label})`, unit: 'ms', summary: summarize(recall) });
    } finally {
      await encoder.close();
    }
  }
  return out;
}

async function measure(n: number, warmup: number, run: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await run(i);
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await run(i);
    samples.push(performance.now() - started);
  }
  return samples;
}

function fixtureImages(repo: string): Buffer[] {
  const dir = path.join(repo, 'test/fixtures/scenes/user_profiles/alice_01/memorable_scenes/images');
  return readdirSync(dir).map((f) => readFileSync(path.join(dir, f)));
}

/** A user with 200 described scenes whose stored embeddings fit the model (the common case). */
async function sceneMemory(encoder: TransformersClipEncoder): Promise<VisualMemory> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'nadine-bench-scenes-'));
  const folder = path.join(dataDir, 'memory/user_profiles/bench_user/memorable_scenes');
  for (const sub of ['images', 'embeddings', 'metadata']) mkdirSync(path.join(folder, sub), { recursive: true });
  let seed = 1;
  const random = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) - 0.5;
  for (let i = 0; i < 200; i++) {
    const stem = `scene_2026${String(1 + (i % 12)).padStart(2, '0')}01_${String(100000 + i)}`;
    writeFileSync(path.join(folder, 'embeddings', `${stem}_embedding.npy`), encodeNpyVector(normalize(Array.from({ length: encoder.dims }, random))));
    const meta = { scene_id: stem, timestamp: '2026-01-01T10:00:00', image_path: `images/${stem}.jpg`, description: `Scene ${i}: people talking near the reception desk` };
    writeFileSync(path.join(folder, 'metadata', `${stem}_metadata.json`), JSON.stringify(meta));
  }
  return new VisualMemory({ dataDir, cacheDir: path.join(dataDir, 'cache'), encoder, settings: { threshold: 0.6, alpha: 0.7, lexicalThreshold: 0.15 }, log: silentLogger });
}
