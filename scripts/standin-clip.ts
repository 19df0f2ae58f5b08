/**
 * Generates the stand-in CLIP (tiny, random weights) for tests and benchmarks:
 *
 *   npm run standin:clip [-- --out DIR] [--tokenizer DIR] [--seed N] [--force] [--full]
 *
 * Default output: <paths.models>/standin/clip-vit-base-patch32 (tiny: 64-d, 2 layers). With
 * --full, the real ViT-B/32 shape (~600 MB) in <paths.models>/standin/clip-vit-base-patch32-fullsize,
 * which npm run bench uses to measure latency on the real architecture. The real CLIP tokenizer and
 * preprocessor files are copied from ../shared/models/tokenizers/clip-vit-base-patch32 when that
 * folder exists, else a minimal byte-level tokenizer is generated. Nothing is regenerated when
 * the manifest says the output is up to date. Never point the daemon at it for real use: its
 * embeddings mean nothing.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/index.js';
import { generateStandinClip, VIT_B32_SHAPE } from '../src/models/standin/clip.js';

const REPO = path.resolve(import.meta.dirname, '..');

const { values: args } = parseArgs({
  options: {
    out: { type: 'string' },
    tokenizer: { type: 'string' },
    seed: { type: 'string' },
    force: { type: 'boolean', default: false },
    full: { type: 'boolean', default: false },
  },
});

async function main(): Promise<void> {
  const { config } = loadConfig();
  const name = args.full ? 'clip-vit-base-patch32-fullsize' : 'clip-vit-base-patch32';
  const outDir = path.resolve(args.out ?? path.join(config.paths.models, 'standin', name));
  const tokenizerDir = path.resolve(args.tokenizer ?? path.join(REPO, '../shared/models/tokenizers/clip-vit-base-patch32'));
  const seed = args.seed === undefined ? undefined : Number(args.seed);
  if (seed !== undefined && !Number.isInteger(seed)) throw new Error(`--seed must be an integer, got "${args.seed}"`);
  const result = await generateStandinClip({ outDir, tokenizerDir, seed, force: args.force, ...(args.full && { shape: VIT_B32_SHAPE }) });
  console.log(
    result.generated
      ? `wrote the stand-in CLIP to ${outDir} (tokenizer ${result.tokenizer === 'copied' ? `copied from ${tokenizerDir}` : 'generated'})`
      : `the stand-in CLIP in ${outDir} is up to date`,
  );
}

main().catch((err: Error) => {
  console.error(`standin-clip: ${err.message}`);
  process.exit(1);
});
