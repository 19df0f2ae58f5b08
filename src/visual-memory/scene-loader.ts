import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Logger } from '../log/index.js';
import type { ClipEncoder } from './clip.js';
import type { EmbeddingCache } from './embedding-cache.js';
import { lexicalVector } from './lexical.js';
import type { RankableScene } from './ranking.js';
import { readSceneEmbedding, readSceneMetadata, SceneError } from './scenes.js';
import { normalize } from './vectors.js';

/** A scene ready for ranking: what the blackboard reports, plus its vectors. */
export interface IndexedScene extends RankableScene {
  stem: string;
  timestamp: string;
  image_path: string;
  description: string | null;
}

export interface SceneLoaderDeps {
  /** Null: no CLIP model, description-only (lexical) matching. */
  encoder: ClipEncoder | null;
  cache: EmbeddingCache;
  log: Logger;
}

/** What loading a scene cost, for logs and for tests that watch the cache. */
export interface LoadCounters {
  /** Images the daemon embedded itself (stored embedding of another model or dimension). */
  reembedded: number;
  /** Image and description embeddings found in the daemon's cache. */
  cacheHits: number;
}

const sha256 = (data: string | Uint8Array) => createHash('sha256').update(data).digest('hex');

/** "openai/clip-vit-base-patch32" and "Xenova/clip-vit-base-patch32" are the same model in two exports. */
export function sameModel(a: string, b: string): boolean {
  const base = (name: string) => name.trim().toLowerCase().split('/').pop();
  return base(a) === base(b);
}

/**
 * Reads one scene and makes its vectors. Throws SceneError for a scene that cannot be used
 * (bad metadata, a malformed embedding file): the caller logs it and leaves the scene out.
 * `fallbackDescription` comes from the `scene_stored` message, for metadata without one.
 */
export async function loadScene(
  folder: string,
  stem: string,
  deps: SceneLoaderDeps,
  counters: LoadCounters,
  fallbackDescription: string | null = null,
): Promise<IndexedScene> {
  const files = await readSceneMetadata(folder, stem);
  const description = (files.meta.description ?? fallbackDescription)?.trim() || null;
  const scene: IndexedScene = {
    scene_id: files.meta.scene_id,
    stem,
    timestamp: files.timestamp,
    image_path: files.imagePath,
    description,
    image: null,
    descriptionVector: null,
    lexical: null,
  };
  const { encoder } = deps;
  if (!encoder) {
    scene.lexical = description ? lexicalVector(description) : null;
    return scene;
  }

  const stored = await readSceneEmbedding(files);
  const dims = stored.data.length;
  const model = files.meta.embedding_model;
  if (dims === encoder.dims && (!model || sameModel(model, encoder.model))) {
    scene.image = { vector: normalize(stored.data), source: 'perception' };
  } else {
    const why = dims !== encoder.dims ? `${dims}-d, the daemon's CLIP is ${encoder.dims}-d` : `made by ${model}, the daemon's CLIP is ${encoder.model}`;
    scene.image = await daemonImageEmbedding(files.imagePath, deps, counters, stem, why);
  }
  if (description) {
    const key = sha256(`text\0${description}`);
    let vector = await deps.cache.get(encoder, 'text', key);
    if (vector) counters.cacheHits++;
    else {
      [vector] = (await encoder.embedTexts([description])) as [Float32Array];
      await deps.cache.put(encoder, 'text', key, vector);
    }
    scene.descriptionVector = vector;
  }
  return scene;
}

/** The daemon's own embedding of a scene image, from its cache or made now. Null without an image. */
async function daemonImageEmbedding(
  imagePath: string,
  deps: SceneLoaderDeps,
  counters: LoadCounters,
  stem: string,
  why: string,
): Promise<IndexedScene['image']> {
  const { encoder, cache, log } = deps;
  let bytes: Uint8Array;
  try {
    bytes = await readFile(imagePath);
  } catch (err) {
    log.warn({ scene: stem, image: imagePath, err: (err as Error).message }, `visual memory: stored embedding unusable (${why}) and no image to embed; matching its description only`);
    return null;
  }
  const key = sha256(bytes);
  const cached = await cache.get(encoder!, 'image', key);
  if (cached) {
    counters.cacheHits++;
    return { vector: cached, source: 'daemon' };
  }
  let vector: Float32Array;
  try {
    vector = await encoder!.embedImage(bytes);
  } catch (err) {
    throw new SceneError(`${imagePath}: cannot embed the image: ${(err as Error).message}`);
  }
  await cache.put(encoder!, 'image', key, vector);
  counters.reembedded++;
  log.info({ scene: stem, reason: why }, 'visual memory: embedded the scene image with the daemon\'s CLIP (cached)');
  return { vector, source: 'daemon' };
}
