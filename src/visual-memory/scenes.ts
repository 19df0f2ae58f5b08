import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { UserIdSchema } from '../people/index.js';
import { NpyError, parseNpyVector, type NpyVector } from './npy.js';
import { oneLineZodError } from '../log/index.js';

/**
 * The scene folders the perception process writes under each person's profile folder:
 *
 *   <data>/memory/user_profiles/<user_id>/memorable_scenes/
 *     images/scene_YYYYMMDD_HHMMSS.jpg
 *     embeddings/scene_YYYYMMDD_HHMMSS_embedding.npy
 *     metadata/scene_YYYYMMDD_HHMMSS_metadata.json
 *
 * The daemon only reads them. A scene is named by its file stem (`scene_YYYYMMDD_HHMMSS`);
 * the metadata file is what makes a scene exist.
 */

const Figure = z.number().finite();

export const SceneMetadataSchema = z
  .object({
    scene_id: z.string().min(1).max(200),
    /** ISO 8601, `YYYYMMDD_HHMMSS`, or seconds since the epoch. */
    timestamp: z.union([z.string().min(1).max(64), Figure]),
    image_path: z.string().min(1).max(4096),
    memorability: Figure.optional(),
    emotion_salience: Figure.optional(),
    novelty_salience: Figure.optional(),
    emotion_probs: z.union([z.record(z.string(), Figure), z.array(Figure)]).optional(),
    description: z.string().max(4000).nullish(),
    /** The CLIP model that made the embedding, when perception names it. */
    embedding_model: z.string().max(200).optional(),
  })
  .loose();
export type SceneMetadata = z.infer<typeof SceneMetadataSchema>;

const METADATA_SUFFIX = '_metadata.json';
const EMBEDDING_SUFFIX = '_embedding.npy';
const IMAGE_NAME = /^[\w.-]+\.(jpe?g|png|webp)$/i;

export function sceneFolder(dataDir: string, userId: string): string {
  // User ids come from MQTT payloads and become path segments: never let one climb out.
  return path.join(dataDir, 'memory', 'user_profiles', UserIdSchema.parse(userId), 'memorable_scenes');
}

export const metadataDir = (folder: string) => path.join(folder, 'metadata');

/** Scene stems with a metadata file, oldest first (the stems sort by time); none when the folder is missing. */
export async function listSceneStems(folder: string): Promise<string[]> {
  let names: string[];
  try {
    names = await readdir(metadataDir(folder));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  return names.filter((n) => n.endsWith(METADATA_SUFFIX) && !n.startsWith('.')).map((n) => n.slice(0, -METADATA_SUFFIX.length)).sort();
}

/** The stem for a scene id from a `scene_stored` message: ids may come with or without the `scene_` prefix. */
export function stemCandidates(sceneId: string): string[] {
  return sceneId.startsWith('scene_') ? [sceneId] : [sceneId, `scene_${sceneId}`];
}

export interface SceneFiles {
  stem: string;
  meta: SceneMetadata;
  /** Always inside the scene folder: the path perception wrote is used for its file name only. */
  imagePath: string;
  embeddingPath: string;
  timestamp: string;
}

export class SceneError extends Error {
  override name = 'SceneError';
}

export async function readSceneMetadata(folder: string, stem: string): Promise<SceneFiles> {
  const file = path.join(metadataDir(folder), `${stem}${METADATA_SUFFIX}`);
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8'));
  } catch (err) {
    throw new SceneError(`${file}: ${(err as Error).message}`);
  }
  const parsed = SceneMetadataSchema.safeParse(raw);
  if (!parsed.success) {
    throw new SceneError(`${file}: ${oneLineZodError(parsed.error)}`);
  }
  const meta = parsed.data;
  const given = path.posix.basename(meta.image_path.replaceAll('\\', '/'));
  return {
    stem,
    meta,
    imagePath: path.join(folder, 'images', IMAGE_NAME.test(given) ? given : `${stem}.jpg`),
    embeddingPath: path.join(folder, 'embeddings', `${stem}${EMBEDDING_SUFFIX}`),
    timestamp: normalizeTimestamp(meta.timestamp),
  };
}

/** Seconds since the epoch and the file-name form `YYYYMMDD_HHMMSS` become ISO 8601; other strings stay as written. */
function normalizeTimestamp(value: string | number): string {
  if (typeof value === 'number') return new Date(value * 1000).toISOString();
  const compact = /^(\d{4})(\d{2})(\d{2})_(\d{2})(\d{2})(\d{2})$/.exec(value);
  return compact ? `${compact[1]}-${compact[2]}-${compact[3]}T${compact[4]}:${compact[5]}:${compact[6]}` : value;
}

export async function readSceneEmbedding(files: SceneFiles): Promise<NpyVector> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(files.embeddingPath);
  } catch (err) {
    throw new SceneError(`${files.embeddingPath}: ${(err as Error).message}`);
  }
  try {
    return parseNpyVector(bytes);
  } catch (err) {
    if (err instanceof NpyError) throw new SceneError(`${files.embeddingPath}: ${err.message}`);
    throw err;
  }
}
