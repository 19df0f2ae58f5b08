import { z } from 'zod';

export const FeaturizerSpecSchema = z.strictObject({
  version: z.literal(1),
  /** Size of the hashed feature vector. */
  dims: z.number().int().min(64).max(1 << 20),
  charNgramMin: z.number().int().min(1).max(8),
  charNgramMax: z.number().int().min(1).max(8),
});
export type FeaturizerSpec = z.infer<typeof FeaturizerSpecSchema>;

export const DEFAULT_FEATURIZER: FeaturizerSpec = { version: 1, dims: 32768, charNgramMin: 2, charNgramMax: 5 };

export interface SparseFeatures {
  indices: Int32Array;
  values: Float32Array;
}

// ICU word segmentation splits Chinese and Japanese into words as well as spaced languages.
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** Lower-case, NFKC, typographic apostrophes folded: what speech-to-text variants have in common. */
export function normalizeText(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[’‘`´]/g, "'").replace(/\s+/g, ' ').trim();
}

export function words(normalized: string): string[] {
  const out: string[] = [];
  for (const s of segmenter.segment(normalized)) if (s.isWordLike) out.push(s.segment);
  // Question and exclamation marks separate "can you speak German?" from "I speak German".
  if (/[?？]/.test(normalized)) out.push('<?>');
  if (/[!！]/.test(normalized)) out.push('<!>');
  return out;
}

/** FNV-1a over UTF-16 code units: fast, stable across platforms and runs. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The hashing trick over word unigrams, word bigrams and character n-grams (which carry
 * morphology, typos and languages without spaces). Signed hashing keeps collisions unbiased;
 * log counts, then L2 normalisation. Deterministic, no vocabulary to ship.
 */
export function featurize(text: string, spec: FeaturizerSpec): SparseFeatures {
  const normalized = normalizeText(text);
  const tokens = words(normalized);
  const grams: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    grams.push(`w:${tokens[i]}`);
    if (i > 0) grams.push(`b:${tokens[i - 1]} ${tokens[i]}`);
  }
  if (tokens.length) {
    grams.push(`b:<s> ${tokens[0]}`, `b:${tokens[tokens.length - 1]} </s>`);
  }
  const padded = ` ${tokens.join(' ')} `;
  for (let n = spec.charNgramMin; n <= spec.charNgramMax; n++) {
    for (let i = 0; i + n <= padded.length; i++) grams.push(`c:${padded.slice(i, i + n)}`);
  }

  const counts = new Map<number, number>();
  for (const gram of grams) {
    const h = fnv1a(gram);
    const index = h % spec.dims;
    const sign = h & 0x80000000 ? -1 : 1;
    counts.set(index, (counts.get(index) ?? 0) + sign);
  }
  const indices: number[] = [];
  const values: number[] = [];
  let norm = 0;
  for (const [index, count] of counts) {
    if (count === 0) continue;
    const v = Math.sign(count) * Math.log1p(Math.abs(count));
    indices.push(index);
    values.push(v);
    norm += v * v;
  }
  norm = Math.sqrt(norm) || 1;
  return { indices: Int32Array.from(indices), values: Float32Array.from(values, (v) => v / norm) };
}

/** Writes sparse features into row `row` of a dense [batch, dims] buffer (the ONNX model's input). */
export function densify(features: SparseFeatures, dims: number, out = new Float32Array(dims), row = 0): Float32Array {
  const offset = row * dims;
  out.fill(0, offset, offset + dims);
  for (let i = 0; i < features.indices.length; i++) out[offset + features.indices[i]!] = features.values[i]!;
  return out;
}
