/**
 * Generates the stand-in models (real architectures, random weights) under <models>/standin/.
 *
 *   npm run models:standin [-- --only minilm,clip] [--force] [--models DIR] [--tokenizers DIR]
 *
 * The real tokenizer files are copied from --tokenizers (default: $STANDIN_TOKENIZERS, else
 * ../shared/models/tokenizers beside the repository) when that folder exists; otherwise a
 * small tokenizer is generated. Up-to-date models are skipped (see each folder's standin.json).
 * Stand-ins are for tests and benchmarks: the daemon never uses them unless configured to.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/index.js';
import { ensureStandinModels, STANDIN_MODELS, standinTokenizersRoot, type StandinKey } from '../src/models/standin/index.js';

const REPO = path.resolve(import.meta.dirname, '..');

const { values: args } = parseArgs({
  options: {
    only: { type: 'string' },
    force: { type: 'boolean', default: false },
    models: { type: 'string' },
    tokenizers: { type: 'string' },
  },
});

async function main(): Promise<void> {
  const known = Object.keys(STANDIN_MODELS);
  const only = args.only?.split(',').map((s) => s.trim()).filter(Boolean);
  const unknown = only?.filter((k) => !known.includes(k)) ?? [];
  if (unknown.length) throw new Error(`unknown model(s) ${unknown.join(', ')} (known: ${known.join(', ')})`);
  const modelsDir = path.resolve(args.models ?? loadConfig().config.paths.models);
  const { root: tokenizersRoot, looked } = standinTokenizersRoot(REPO, args.tokenizers);
  if (!tokenizersRoot) console.log(`no tokenizer folder at ${looked}: generating small tokenizers instead`);

  const started = performance.now();
  const results = await ensureStandinModels({ modelsDir, tokenizersRoot, only: only as StandinKey[] | undefined, force: args.force });
  for (const [key, r] of Object.entries(results)) {
    const tokenizer = r.tokenizer === 'copied' ? `tokenizer copied from ${tokenizersRoot}` : 'tokenizer generated';
    console.log(`${key}: ${r.generated ? 'generated' : 'up to date'} ${r.dir} (${tokenizer})`);
  }
  console.log(`done in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((err: Error) => {
  console.error(`make-standin-models: ${err.message}`);
  process.exit(1);
});
