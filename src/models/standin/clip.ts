import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { buildTextModel, buildVisionModel, SeededWeights, type ClipShape } from './clip-graph.js';
import { CLIP_END_ID, minimalClipTokenizerFiles } from './clip-tokenizer.js';

/**
 * A tiny CLIP with random weights, in the transformers.js layout of Xenova/clip-vit-base-patch32
 * (config.json, tokenizer and preprocessor files, onnx/text_model.onnx, onnx/vision_model.onnx),
 * so that the daemon's real CLIP loading, tokenising, image preprocessing and inference code
 * runs in tests and benchmarks. Its embeddings mean nothing: it is never a default.
 *
 * The projection is 64-d, not CLIP's 512, on purpose: the real 512-d embeddings that perception
 * stores then take the mismatch path (the daemon embeds the image itself).
 */

export const STANDIN_CLIP_SHAPE: ClipShape = {
  vocab: 49408,
  textWidth: 64,
  textLayers: 2,
  textHeads: 2,
  maxPositions: 77,
  imageSize: 224,
  patch: 32,
  visionWidth: 64,
  visionLayers: 2,
  visionHeads: 2,
  projection: 64,
  mlpRatio: 4,
};

/**
 * CLIP ViT-B/32's real shape (text: 12 layers, width 512, 8 heads; vision: 12 layers, width 768,
 * 12 heads; 512-d projection): ~600 MB of random weights, for measuring latency on the real
 * architecture (npm run bench), never for tests.
 */
export const VIT_B32_SHAPE: ClipShape = {
  vocab: 49408,
  textWidth: 512,
  textLayers: 12,
  textHeads: 8,
  maxPositions: 77,
  imageSize: 224,
  patch: 32,
  visionWidth: 768,
  visionLayers: 12,
  visionHeads: 12,
  projection: 512,
  mlpRatio: 4,
};

/** Bumped whenever the generated files would differ for the same seed and tokenizer. */
const GENERATOR_VERSION = 1;
export const STANDIN_MANIFEST = 'standin.json';
export const STANDIN_CLIP_NAME = 'nadine-brain/standin-clip-vit-base-patch32';
const DEFAULT_SEED = 20261121;

/** Files copied from the real tokenizer folder when it is there (config.json is always generated). */
const TOKENIZER_FILES = ['tokenizer.json', 'tokenizer_config.json', 'special_tokens_map.json', 'vocab.json', 'merges.txt', 'preprocessor_config.json'];

const ManifestSchema = z.object({
  generator: z.literal('nadine-brain standin-clip'),
  version: z.number(),
  seed: z.number(),
  shape: z.record(z.string(), z.number()),
  tokenizer: z.object({ source: z.enum(['copied', 'generated']), sha256: z.string() }),
  files: z.record(z.string(), z.number()),
});
type Manifest = z.infer<typeof ManifestSchema>;

export interface StandinClipOptions {
  outDir: string;
  /** The real CLIP tokenizer folder (e.g. ../shared/models/tokenizers/clip-vit-base-patch32); used when it exists. */
  tokenizerDir?: string | null;
  seed?: number;
  /** The architecture's sizes; the tiny STANDIN_CLIP_SHAPE by default. */
  shape?: ClipShape;
  /** Regenerate even when the manifest says nothing changed. */
  force?: boolean;
}

export interface StandinClipResult {
  outDir: string;
  generated: boolean;
  tokenizer: 'copied' | 'generated';
}

/** Writes the stand-in CLIP into `outDir`, unless the manifest there says it is already up to date. */
export async function generateStandinClip(options: StandinClipOptions): Promise<StandinClipResult> {
  const seed = options.seed ?? DEFAULT_SEED;
  const shape = options.shape ?? STANDIN_CLIP_SHAPE;
  const tokenizer = tokenizerFiles(options.tokenizerDir ?? null);
  const tokenizerSha = sha256(Object.entries(tokenizer.files).map(([name, text]) => `${name}\0${text}`).join('\0'));
  const wanted = { version: GENERATOR_VERSION, seed, shape: { ...shape }, tokenizer: { source: tokenizer.source, sha256: tokenizerSha } };

  const current = readManifest(options.outDir);
  if (!options.force && current && isUpToDate(current, wanted, options.outDir)) {
    return { outDir: options.outDir, generated: false, tokenizer: tokenizer.source };
  }

  // The manifest goes last: an interrupted run leaves no manifest, so the next run starts over.
  rmSync(path.join(options.outDir, STANDIN_MANIFEST), { force: true });
  mkdirSync(path.join(options.outDir, 'onnx'), { recursive: true });
  const weights = new SeededWeights(seed);
  const outputs: Record<string, Uint8Array | string> = {
    ...tokenizer.files,
    'config.json': `${JSON.stringify(clipConfig(shape, seed), null, 2)}\n`,
    'onnx/text_model.onnx': buildTextModel(shape, weights),
    'onnx/vision_model.onnx': buildVisionModel(shape, weights),
  };
  const files: Record<string, number> = {};
  for (const [name, content] of Object.entries(outputs)) {
    await writeFileAtomic(path.join(options.outDir, name), typeof content === 'string' ? content : Buffer.from(content.buffer, content.byteOffset, content.byteLength));
    files[name] = typeof content === 'string' ? Buffer.byteLength(content) : content.byteLength;
  }
  const manifest: Manifest = { generator: 'nadine-brain standin-clip', ...wanted, files };
  await writeFileAtomic(path.join(options.outDir, STANDIN_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return { outDir: options.outDir, generated: true, tokenizer: tokenizer.source };
}

function tokenizerFiles(dir: string | null): { source: 'copied' | 'generated'; files: Record<string, string> } {
  if (dir && TOKENIZER_FILES.every((f) => existsSync(path.join(dir, f)))) {
    return { source: 'copied', files: Object.fromEntries(TOKENIZER_FILES.map((f) => [f, readFileSync(path.join(dir, f), 'utf8')])) };
  }
  return { source: 'generated', files: minimalClipTokenizerFiles() };
}

function readManifest(dir: string): Manifest | null {
  try {
    return ManifestSchema.parse(JSON.parse(readFileSync(path.join(dir, STANDIN_MANIFEST), 'utf8')));
  } catch {
    return null;
  }
}

function isUpToDate(current: Manifest, wanted: Omit<Manifest, 'generator' | 'files'>, dir: string): boolean {
  const same = JSON.stringify([current.version, current.seed, current.shape, current.tokenizer]) === JSON.stringify([wanted.version, wanted.seed, wanted.shape, wanted.tokenizer]);
  if (!same) return false;
  return Object.entries(current.files).every(([name, size]) => {
    try {
      return statSync(path.join(dir, name)).size === size;
    } catch {
      return false;
    }
  });
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** A config.json describing the tiny model, in the layout transformers.js reads for CLIP. */
function clipConfig(s: ClipShape, seed: number) {
  const common = { hidden_act: 'quick_gelu', layer_norm_eps: 1e-5, attention_dropout: 0, initializer_range: 0.02, initializer_factor: 1, projection_dim: s.projection };
  return {
    _name_or_path: STANDIN_CLIP_NAME,
    architectures: ['CLIPModel'],
    model_type: 'clip',
    projection_dim: s.projection,
    logit_scale_init_value: 2.6592,
    initializer_factor: 1,
    text_config: {
      ...common,
      model_type: 'clip_text_model',
      vocab_size: s.vocab,
      hidden_size: s.textWidth,
      intermediate_size: s.textWidth * s.mlpRatio,
      num_hidden_layers: s.textLayers,
      num_attention_heads: s.textHeads,
      max_position_embeddings: s.maxPositions,
      bos_token_id: CLIP_END_ID - 1,
      eos_token_id: CLIP_END_ID,
      pad_token_id: CLIP_END_ID,
    },
    vision_config: {
      ...common,
      model_type: 'clip_vision_model',
      hidden_size: s.visionWidth,
      intermediate_size: s.visionWidth * s.mlpRatio,
      num_hidden_layers: s.visionLayers,
      num_attention_heads: s.visionHeads,
      image_size: s.imageSize,
      patch_size: s.patch,
      num_channels: 3,
    },
    nadine_standin: {
      warning: 'random weights: the embeddings of this model mean nothing; for tests and benchmarks only',
      seed,
      generator_version: GENERATOR_VERSION,
    },
  };
}
