import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { normalize, parseNpyVector, type ClipEncoder } from '../../src/visual-memory/index.js';
import { REPO } from './config.js';

/** Fixtures made by test/fixtures/scenes/make_fixtures.py (NumPy) and make_images.ts. */
export const SCENE_FIXTURES = path.join(REPO, 'test/fixtures/scenes');
export const FIXTURE_USER = 'alice_01';

export const readNpy = (file: string) => parseNpyVector(readFileSync(file)).data;

/** Copies the fixture user profiles into `<dataDir>/memory/user_profiles`, as perception would have written them. */
export function installSceneFixtures(dataDir: string): string {
  const profiles = path.join(dataDir, 'memory', 'user_profiles');
  mkdirSync(profiles, { recursive: true });
  cpSync(path.join(SCENE_FIXTURES, 'user_profiles'), profiles, { recursive: true });
  return profiles;
}

export const sceneDir = (dataDir: string, user: string) => path.join(dataDir, 'memory', 'user_profiles', user, 'memorable_scenes');

/** Writes one scene the way perception does: image, embedding, then metadata (which makes it exist). */
export function writeScene(
  dataDir: string,
  user: string,
  stem: string,
  files: { image: Buffer; embedding: Buffer; description?: string; extra?: Record<string, unknown> },
): void {
  const dir = sceneDir(dataDir, user);
  for (const sub of ['images', 'embeddings', 'metadata']) mkdirSync(path.join(dir, sub), { recursive: true });
  writeFileSync(path.join(dir, 'images', `${stem}.jpg`), files.image);
  writeFileSync(path.join(dir, 'embeddings', `${stem}_embedding.npy`), files.embedding);
  const meta = {
    scene_id: stem,
    timestamp: '2026-05-01T12:00:00',
    image_path: `images/${stem}.jpg`,
    memorability: 0.9,
    emotion_salience: 0.5,
    novelty_salience: 0.5,
    emotion_probs: { happy: 1 },
    ...(files.description && { description: files.description }),
    ...files.extra,
  };
  writeFileSync(path.join(dir, 'metadata', `${stem}_metadata.json`), JSON.stringify(meta));
}

export const fixtureImage = (stem: string) => readFileSync(path.join(SCENE_FIXTURES, 'user_profiles', FIXTURE_USER, 'memorable_scenes/images', `${stem}.jpg`));
export const fixtureEmbedding = (stem: string) =>
  readFileSync(path.join(SCENE_FIXTURES, 'user_profiles', FIXTURE_USER, 'memorable_scenes/embeddings', `${stem}_embedding.npy`));

interface TextVectorIndex {
  dims: number;
  texts: Record<string, string>;
  expected: { alpha: number; threshold: number; questions: Record<string, { best: string | null; scores: Record<string, number> }> };
}

export const textVectorIndex = (): TextVectorIndex => JSON.parse(readFileSync(path.join(SCENE_FIXTURES, 'text_vectors/index.json'), 'utf8'));

/**
 * A CLIP stand-in whose text embeddings are the fixed NumPy-made vectors of the fixtures (the
 * stand-in model's random weights rank nothing meaningfully). Images get a vector derived from
 * their bytes, and every call is recorded, so tests see when the daemon embeds an image itself.
 */
export class FixedVectorEncoder implements ClipEncoder {
  readonly texts = new Map<string, Float32Array>();
  readonly imageCalls: number[] = [];
  readonly textCalls: string[] = [];
  readonly dims: number;
  readonly id: string;
  readonly standin = false;

  constructor(readonly model = 'openai/clip-vit-base-patch32') {
    const index = textVectorIndex();
    this.dims = index.dims;
    this.id = `${model}@${this.dims}d#fixed`;
    for (const [text, file] of Object.entries(index.texts)) this.texts.set(text, readNpy(path.join(SCENE_FIXTURES, 'text_vectors', file)));
  }

  async embedTexts(texts: string[]): Promise<Float32Array[]> {
    this.textCalls.push(...texts);
    return texts.map((t) => this.texts.get(t) ?? this.#pseudo(Buffer.from(t)));
  }

  async embedImage(bytes: Uint8Array): Promise<Float32Array> {
    this.imageCalls.push(bytes.length);
    return this.#pseudo(bytes);
  }

  async close(): Promise<void> {}

  /** A deterministic unit vector for unknown inputs: nearly orthogonal to everything else. */
  #pseudo(bytes: Uint8Array): Float32Array {
    let h = 2166136261;
    for (const b of bytes) h = Math.imul(h ^ b, 16777619);
    const v = new Float32Array(this.dims);
    for (let i = 0; i < v.length; i++) {
      h = Math.imul(h ^ (h >>> 13), 0x5bd1e995);
      v[i] = ((h >>> 0) / 4294967296) - 0.5;
    }
    return normalize(v);
  }
}
