import { z } from 'zod';
import { lexicalSimilarity, type LexicalVector } from './lexical.js';
import { dot } from './vectors.js';

/**
 * How a scene's score was made:
 * - `perception_embedding`: CLIP, the question against the image embedding perception stored;
 * - `daemon_embedding`: CLIP, against the daemon's own embedding of the image, because the
 *   stored one came from another model or has another dimension;
 * - `description`: CLIP, against the description only (no usable image embedding);
 * - `lexical`: no CLIP model; the words of the question against the words of the description.
 */
export const ScoreSourceSchema = z.enum(['perception_embedding', 'daemon_embedding', 'description', 'lexical']);
export type ScoreSource = z.infer<typeof ScoreSourceSchema>;

/** The remembered scene a turn uses (blackboard field `visual_memory`). */
export const VisualMemoryMatchSchema = z.object({
  scene_id: z.string(),
  score: z.number(),
  /** The image inside the user's scene folder. */
  image_path: z.string(),
  description: z.string().nullable(),
  timestamp: z.string(),
  score_source: ScoreSourceSchema,
  image_similarity: z.number().nullable(),
  description_similarity: z.number().nullable(),
});
export type VisualMemoryMatch = z.infer<typeof VisualMemoryMatchSchema>;

/** What ranking needs of an indexed scene. */
export interface RankableScene {
  scene_id: string;
  /** A unit vector comparable with the daemon's CLIP text embeddings, and where it came from. */
  image: { vector: Float32Array; source: 'perception' | 'daemon' } | null;
  /** The daemon's CLIP text embedding of the description, when there is a description. */
  descriptionVector: Float32Array | null;
  lexical: LexicalVector | null;
}

export interface SceneScore<S extends RankableScene = RankableScene> {
  scene: S;
  score: number;
  score_source: ScoreSource;
  image_similarity: number | null;
  description_similarity: number | null;
}

/** CLIPScore's weight (Hessel et al., 2021, "CLIPScore: A Reference-free Evaluation Metric for Image Captioning"). */
const CLIP_SCORE_W = 2.5;

/**
 * The text–image cosine on a usable scale: CLIP ViT-B/32 gives a matching caption and image a raw
 * cosine of only about 0.25–0.35 (and unrelated ones ≈0.1–0.2), so a raw threshold like 0.6
 * would never be reached. CLIPScore rescales it as w·max(cos, 0); capped at 1 here so that the
 * combined score stays within 0…1 (the cap only bites above cos 0.4, beyond any real pair).
 * `w` = 1 leaves the raw cosine (negative values included).
 */
function rescaleImageSimilarity(cos: number, w: number): number {
  return w === 1 ? cos : Math.min(1, w * Math.max(cos, 0));
}

/**
 * alpha·s(text, image) + (1 − alpha)·sim(text, description), where s is the text–image cosine
 * rescaled by `imageScale` (CLIPScore's w; the text–text cosine of the description needs none).
 * A scene without a description is scored on its image alone, and one without a usable image on
 * its description alone, rather than counting the missing half as zero: a scene perception did
 * not describe is not worth less than one it did. Null when the scene has neither. The reported
 * similarities are the raw cosines.
 */
export function scoreClip<S extends RankableScene>(query: Float32Array, scene: S, alpha: number, imageScale: number = CLIP_SCORE_W): SceneScore<S> | null {
  const image = scene.image ? dot(query, scene.image.vector) : null;
  const description = scene.descriptionVector ? dot(query, scene.descriptionVector) : null;
  const imageSource: ScoreSource = scene.image?.source === 'daemon' ? 'daemon_embedding' : 'perception_embedding';
  const scaled = image === null ? null : rescaleImageSimilarity(image, imageScale);
  if (scaled !== null && description !== null) {
    return { scene, score: alpha * scaled + (1 - alpha) * description, score_source: imageSource, image_similarity: image, description_similarity: description };
  }
  if (scaled !== null) return { scene, score: scaled, score_source: imageSource, image_similarity: image, description_similarity: null };
  if (description !== null) return { scene, score: description, score_source: 'description', image_similarity: null, description_similarity: description };
  return null;
}

/** Without CLIP only described scenes can be matched. */
export function scoreLexical<S extends RankableScene>(query: LexicalVector, scene: S): SceneScore<S> | null {
  if (!scene.lexical) return null;
  const similarity = lexicalSimilarity(query, scene.lexical);
  return { scene, score: similarity, score_source: 'lexical', image_similarity: null, description_similarity: similarity };
}

/** The best-scoring scene if it reaches the threshold; ties go to the first (the oldest, in index order). */
export function bestAbove<S extends RankableScene>(scores: readonly (SceneScore<S> | null)[], threshold: number): SceneScore<S> | null {
  let best: SceneScore<S> | null = null;
  for (const s of scores) if (s && (!best || s.score > best.score)) best = s;
  return best && best.score >= threshold ? best : null;
}
