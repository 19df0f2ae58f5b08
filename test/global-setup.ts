import path from 'node:path';
import { trainIntentPipeline } from '../src/intent/index.js';
import { ensureStandinModels } from '../src/models/standin/index.js';
import { MODELS_DIR, REPO } from './helpers/config.js';
import { HAS_SHARED_TOKENIZERS, SHARED_TOKENIZERS } from './helpers/standin.js';

/** Tests use the real intent model; train it once if the corpus changed since it was built. */
export default async function setup(): Promise<void> {
  await trainIntentPipeline({
    outDir: path.join(MODELS_DIR, 'intent'),
    corpusDir: path.join(MODELS_DIR, 'intent', 'corpus'),
    unseenFile: path.join(REPO, 'test/fixtures/intent/unseen.tsv'),
    ifStale: true,
  });
  // Stand-in models (real shapes, random weights) for the real loading code; regenerated only when stale.
  await ensureStandinModels({ modelsDir: MODELS_DIR, tokenizersRoot: HAS_SHARED_TOKENIZERS ? SHARED_TOKENIZERS : null, only: ['minilm', 'clip'] });
}
