import { existsSync } from 'node:fs';
import path from 'node:path';
import { generateStandinClip } from './clip.js';
import { generateStandinMiniLM, MINILM_STANDIN_FOLDER, type StandinOptions } from './minilm.js';

export { buildBertEncoder, MINILM_L6_SHAPE } from './bert.js';
export type { BertShape } from './bert.js';
export { generateStandinMiniLM, MINILM_STANDIN_FOLDER, MINILM_STANDIN_GENERATOR, MINILM_STANDIN_SEED } from './minilm.js';
export type { StandinOptions, StandinResult } from './minilm.js';
export { isStandinFresh, readStandinManifest, sha256File, STANDIN_MANIFEST, StandinManifestSchema } from './manifest.js';
export type { StandinManifest } from './manifest.js';
export { wordPieceTokenizerFiles, wordPieceVocabulary } from './wordpiece.js';
export { generateStandinClip, STANDIN_CLIP_SHAPE, VIT_B32_SHAPE } from './clip.js';
export type { StandinClipOptions, StandinClipResult } from './clip.js';

/** Where stand-ins live under paths.models: never where the daemon looks for real weights. */
export const STANDIN_ROOT = 'standin';

/** What generating (or finding up to date) one stand-in gives. */
export interface StandinGenerated {
  generated: boolean;
  dir: string;
  /** Where its tokenizer came from: copied from the real one, or generated. */
  tokenizer: 'copied' | 'generated';
}

export interface StandinModelEntry {
  /** Model folder under <models>/standin/ (the same name as the real model's folder). */
  folder: string;
  /** Folder under the tokenizers root (../shared/models/tokenizers) holding its real tokenizer. */
  tokenizerFolder: string;
  generate(options: StandinOptions): Promise<StandinGenerated>;
}

/** One entry per stand-in model; `--only <key>` selects among them. */
export const STANDIN_MODELS = {
  minilm: {
    folder: MINILM_STANDIN_FOLDER,
    tokenizerFolder: 'all-MiniLM-L6-v2',
    generate: async (o) => {
      const r = await generateStandinMiniLM(o);
      return { generated: r.generated, dir: r.dir, tokenizer: r.manifest.tokenizer.source };
    },
  },
  clip: {
    folder: 'clip-vit-base-patch32',
    tokenizerFolder: 'clip-vit-base-patch32',
    generate: async (o) => {
      const r = await generateStandinClip(o);
      return { generated: r.generated, dir: r.outDir, tokenizer: r.tokenizer };
    },
  },
} satisfies Record<string, StandinModelEntry>;

export type StandinKey = keyof typeof STANDIN_MODELS;

export function standinDir(modelsDir: string, key: StandinKey): string {
  return path.join(modelsDir, STANDIN_ROOT, STANDIN_MODELS[key].folder);
}

/**
 * Where the real tokenizers for the stand-ins are looked for: the given folder, else
 * $STANDIN_TOKENIZERS, else `../shared/models/tokenizers` beside the repository (the development
 * machine's copy). Null when that folder does not exist: the generators then make their own.
 */
export function standinTokenizersRoot(repo: string, explicit?: string): { root: string | null; looked: string } {
  const looked = explicit ?? process.env.STANDIN_TOKENIZERS ?? path.resolve(repo, '..', 'shared', 'models', 'tokenizers');
  return { root: existsSync(looked) ? looked : null, looked };
}

export interface EnsureStandinsOptions {
  modelsDir: string;
  /** Root of the real tokenizer folders; null generates tokenizers. */
  tokenizersRoot: string | null;
  only?: readonly StandinKey[];
  force?: boolean;
}

/** Generates the selected stand-ins that are missing or stale. */
export async function ensureStandinModels(options: EnsureStandinsOptions): Promise<Record<string, StandinGenerated>> {
  const keys = options.only ?? (Object.keys(STANDIN_MODELS) as StandinKey[]);
  const results: Record<string, StandinGenerated> = {};
  for (const key of keys) {
    const entry: StandinModelEntry = STANDIN_MODELS[key];
    results[key] = await entry.generate({
      outDir: standinDir(options.modelsDir, key),
      tokenizerDir: options.tokenizersRoot ? path.join(options.tokenizersRoot, entry.tokenizerFolder) : null,
      force: options.force ?? false,
    });
  }
  return results;
}
