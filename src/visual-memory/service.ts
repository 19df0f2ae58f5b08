import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { LRUCache } from 'lru-cache';
import type { Logger } from '../log/index.js';
import type { ClipEncoder } from './clip.js';
import { EmbeddingCache } from './embedding-cache.js';
import { lexicalVector } from './lexical.js';
import { bestAbove, scoreClip, scoreLexical, type SceneScore, type VisualMemoryMatch } from './ranking.js';
import { loadScene, type IndexedScene, type LoadCounters } from './scene-loader.js';
import { listSceneStems, metadataDir, sceneFolder, stemCandidates } from './scenes.js';

export interface VisualMemorySettings {
  threshold: number;
  alpha: number;
  lexicalThreshold: number;
  /** CLIPScore's w for the text–image cosine (1: the raw cosine); CLIP_SCORE_W when absent. */
  imageScale?: number;
}

export interface VisualMemoryRecall {
  match: VisualMemoryMatch | null;
  /** Scenes the question was compared with. */
  candidates: number;
  mode: 'clip' | 'lexical';
  /** Time spent in the CLIP text encoder for the question. */
  modelMs: number;
}

/** What the dialogue needs of visual memory. */
export interface VisualMemoryPort {
  /** The user's best remembered scene for what they said, if one reaches the threshold. */
  recall(userId: string, text: string, context: { log: Logger }): Promise<VisualMemoryRecall>;
  /** Starts what a recall of `text` for the user will need (their index, the text's vector), without waiting for it. */
  prefetch?(userId: string, text: string): void;
  /** A scene image (from a match) as base64 for a multimodal model; null if it cannot be read. */
  imageBase64(imagePath: string): Promise<string | null>;
}

export interface SceneStoredNotice {
  user_id: string;
  scene_id: string;
  description?: string | undefined;
}

interface UserIndex {
  folder: string;
  scenes: Map<string, IndexedScene>;
  /** Scenes left out, with why: retried when the folder changes or perception announces them again. */
  failed: Map<string, string>;
  /** mtime of the metadata folder at the last listing: null when it did not exist, undefined before the first. */
  listedMtimeMs: number | null | undefined;
  counters: LoadCounters;
}

export interface VisualMemoryOptions {
  dataDir: string;
  cacheDir: string;
  encoder: ClipEncoder | null;
  settings: VisualMemorySettings;
  log: Logger;
}

const MAX_IMAGE_BYTES = 16 * 1024 * 1024;

/** How long a listing begun at a turn's start serves that turn's recall (a turn's agents before it take milliseconds). */
const PREFETCH_KEPT_MS = 5_000;

/**
 * Visual memory over the scene folders perception writes: one in-memory index per user, built on
 * first use and kept in step with the folder (a `scene_stored` message adds a scene at once; a
 * changed folder is re-listed before the next question). Work on one user's index is serialised.
 */
export class VisualMemory implements VisualMemoryPort {
  readonly #options: VisualMemoryOptions;
  readonly #cache: EmbeddingCache;
  readonly #log: Logger;
  readonly #indices = new Map<string, UserIndex>();
  readonly #queues = new Map<string, Promise<unknown>>();
  /** The CLIP vectors of the latest questions, done or under way: one begun at the turn's start is not computed again by its recall. */
  readonly #questions = new LRUCache<string, Promise<Float32Array>>({ max: 16 });
  /** The user's listing begun at a turn's start, for that turn's recall; `serial` numbers the work queued on the scenes. */
  readonly #prefetched = new Map<string, { index: Promise<UserIndex>; serial: number; at: number }>();
  #serials = 0;

  constructor(options: VisualMemoryOptions) {
    this.#options = options;
    this.#cache = new EmbeddingCache(options.cacheDir);
    this.#log = options.log.child({ component: 'visual_memory' });
  }

  get mode(): 'clip' | 'lexical' {
    return this.#options.encoder ? 'clip' : 'lexical';
  }

  get encoder(): ClipEncoder | null {
    return this.#options.encoder;
  }

  async recall(userId: string, text: string, context: { log: Logger }): Promise<VisualMemoryRecall> {
    const log = context.log.child({ component: 'visual_memory' });
    const index = await (this.#takePrefetched(userId) ?? this.#serial(userId, () => this.#refresh(userId, log)));
    const scenes = [...index.scenes.values()];
    const { encoder, settings } = this.#options;
    const empty = { match: null, candidates: scenes.length, mode: this.mode, modelMs: 0 };
    if (!scenes.length) return empty;

    let scores: (SceneScore<IndexedScene> | null)[];
    let threshold: number;
    let modelMs = 0;
    if (encoder) {
      const started = performance.now();
      const query = await this.#question(encoder, text);
      modelMs = performance.now() - started;
      scores = scenes.map((s) => scoreClip(query, s, settings.alpha, settings.imageScale));
      threshold = settings.threshold;
    } else {
      const query = lexicalVector(text);
      scores = scenes.map((s) => scoreLexical(query, s));
      threshold = settings.lexicalThreshold;
    }
    const best = bestAbove(scores, -Infinity);
    const chosen = best && best.score >= threshold ? best : null;
    log.debug({ candidates: scenes.length, best: best?.scene.scene_id, score: best?.score, threshold, used: chosen !== null }, 'visual memory recall');
    return { ...empty, modelMs, match: chosen && toMatch(chosen) };
  }

  prefetch(userId: string, text: string): void {
    const encoder = this.#options.encoder;
    const index = this.#serial(userId, () => this.#refresh(userId, this.#log));
    this.#prefetched.set(userId, { index, serial: this.#serials, at: performance.now() });
    void index
      .then(async (found) => {
        if (encoder && found.scenes.size > 0) await this.#question(encoder, text);
      })
      .catch(() => undefined);
  }

  /**
   * The listing begun by prefetch, once, for the turn that began it: not when other work on the
   * scenes was queued after it, nor one left by a turn that did not recall (then the folder is listed again).
   */
  #takePrefetched(userId: string): Promise<UserIndex> | null {
    const prefetched = this.#prefetched.get(userId);
    this.#prefetched.delete(userId);
    const fresh = prefetched && prefetched.serial === this.#serials && performance.now() - prefetched.at < PREFETCH_KEPT_MS;
    return fresh ? prefetched.index.catch(() => this.#serial(userId, () => this.#refresh(userId, this.#log))) : null;
  }

  #question(encoder: ClipEncoder, text: string): Promise<Float32Array> {
    let vector = this.#questions.get(text);
    if (!vector) {
      vector = encoder.embedTexts([text]).then(([v]) => v!);
      this.#questions.set(text, vector);
      // A failure is not kept: the next recall tries again.
      vector.catch(() => this.#questions.get(text) === vector && this.#questions.delete(text));
    }
    return vector;
  }

  /** Perception stored a scene: add it now, so that it is findable (and embedded) before it is asked about. */
  sceneStored(notice: SceneStoredNotice): Promise<void> {
    return this.#serial(notice.user_id, async () => {
      const index = await this.#refresh(notice.user_id, this.#log);
      const listed = new Set(await listSceneStems(index.folder));
      const stem = stemCandidates(notice.scene_id).find((s) => listed.has(s));
      if (!stem) {
        this.#log.warn({ user_id: notice.user_id, scene_id: notice.scene_id, folder: index.folder }, 'scene_stored: no metadata file for this scene');
        return;
      }
      // The listing has usually loaded it already; load it again when it failed or the message
      // brings the description its metadata lacks.
      const known = index.scenes.get(stem);
      if (!known || (notice.description && !known.description)) await this.#load(index, stem, this.#log, notice.description ?? null);
    }).catch((err: Error) => this.#log.error({ user_id: notice.user_id, scene_id: notice.scene_id, err: err.message }, 'scene_stored: could not index the scene'));
  }

  /** Builds a user's index in the background (e.g. when they are seen), so that their first question does not wait. */
  prepare(userId: string): void {
    void this.#serial(userId, () => this.#refresh(userId, this.#log)).catch((err: Error) =>
      this.#log.error({ user_id: userId, err: err.message }, 'visual memory: could not index the scenes'),
    );
  }

  // Forget-me. The scene files go with the person's profile folder; this drops
  // what was loaded from them, after any indexing of theirs still running.
  /** Drops the person's scene index from memory; says what was dropped. */
  async forget(userId: string): Promise<string[]> {
    return this.#serial(userId, async () => {
      const index = this.#indices.get(userId);
      this.#indices.delete(userId);
      return index ? [`scene index (${index.scenes.size} scenes)`] : [];
    });
  }

  /** What is still held in memory about the person. */
  holds(userId: string): string[] {
    return this.#indices.has(userId) ? ['scene index'] : [];
  }

  /** Counters of a user's index, once built. */
  stats(userId: string): { scenes: number; failed: number } & LoadCounters {
    const index = this.#indices.get(userId);
    return { scenes: index?.scenes.size ?? 0, failed: index?.failed.size ?? 0, reembedded: index?.counters.reembedded ?? 0, cacheHits: index?.counters.cacheHits ?? 0 };
  }

  async imageBase64(imagePath: string): Promise<string | null> {
    // Only scene images: this must never become a way to read any file into a prompt.
    const profiles = path.resolve(this.#options.dataDir, 'memory', 'user_profiles') + path.sep;
    const resolved = path.resolve(imagePath);
    if (!resolved.startsWith(profiles) || !resolved.includes(`${path.sep}memorable_scenes${path.sep}images${path.sep}`)) {
      this.#log.warn({ image: imagePath }, 'visual memory: refusing to read an image outside the scene folders');
      return null;
    }
    try {
      const { size } = await stat(resolved);
      if (size > MAX_IMAGE_BYTES) throw new Error(`${size} bytes is more than ${MAX_IMAGE_BYTES}`);
      return (await readFile(resolved)).toString('base64');
    } catch (err) {
      this.#log.warn({ image: imagePath, err: (err as Error).message }, 'visual memory: cannot read the scene image');
      return null;
    }
  }

  async close(): Promise<void> {
    await Promise.allSettled(this.#queues.values());
    await this.#options.encoder?.close();
  }

  #serial<T>(userId: string, work: () => Promise<T>): Promise<T> {
    this.#serials++;
    const previous = this.#queues.get(userId) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(work);
    const settled = next.catch(() => undefined);
    this.#queues.set(userId, settled);
    void settled.then(() => this.#queues.get(userId) === settled && this.#queues.delete(userId));
    return next;
  }

  /** Lists the user's folder again when it changed since the last listing (or was never listed). */
  async #refresh(userId: string, log: Logger): Promise<UserIndex> {
    let index = this.#indices.get(userId);
    if (!index) {
      index = { folder: sceneFolder(this.#options.dataDir, userId), scenes: new Map(), failed: new Map(), listedMtimeMs: undefined, counters: { reembedded: 0, cacheHits: 0 } };
      this.#indices.set(userId, index);
    }
    // Taken before listing: a scene written while the folder is read changes it again.
    const current = await mtime(metadataDir(index.folder));
    if (current === index.listedMtimeMs) return index;
    const stems = await listSceneStems(index.folder);
    const listed = new Set(stems);
    for (const stem of index.scenes.keys()) if (!listed.has(stem)) index.scenes.delete(stem);
    for (const stem of index.failed.keys()) if (!listed.has(stem)) index.failed.delete(stem);
    for (const stem of stems) if (!index.scenes.has(stem)) await this.#load(index, stem, log, null);
    index.listedMtimeMs = current;
    log.debug({ user_id: userId, scenes: index.scenes.size, failed: index.failed.size }, 'visual memory: scene folder listed');
    return index;
  }

  async #load(index: UserIndex, stem: string, log: Logger, fallbackDescription: string | null): Promise<void> {
    const deps = { encoder: this.#options.encoder, cache: this.#cache, log };
    try {
      index.scenes.set(stem, await loadScene(index.folder, stem, deps, index.counters, fallbackDescription));
      index.failed.delete(stem);
    } catch (err) {
      const reason = (err as Error).message;
      index.scenes.delete(stem);
      // Logged once per scene and reason: a broken file stays broken across re-listings.
      if (index.failed.get(stem) !== reason) log.warn({ scene: stem, reason }, 'visual memory: scene skipped');
      index.failed.set(stem, reason);
    }
  }
}

async function mtime(dir: string): Promise<number | null> {
  try {
    return (await stat(dir)).mtimeMs;
  } catch {
    return null;
  }
}

function toMatch(best: SceneScore<IndexedScene>): VisualMemoryMatch {
  const { scene } = best;
  return {
    scene_id: scene.scene_id,
    score: best.score,
    image_path: scene.image_path,
    description: scene.description,
    timestamp: scene.timestamp,
    score_source: best.score_source,
    image_similarity: best.image_similarity,
    description_similarity: best.description_similarity,
  };
}
