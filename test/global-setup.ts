import path from 'node:path';
import { trainIntentPipeline } from '../src/intent/index.js';
// visual memory (issue 5)
import { generateStandinClip } from '../src/models/standin/clip.js';
import { MODELS_DIR, REPO, SHARED_MODELS_DIR, STANDIN_CLIP_DIR } from './helpers/config.js';

/** Tests use the real intent model; train it once if the corpus changed since it was built. */
export default async function setup(): Promise<void> {
  await trainIntentPipeline({
    outDir: path.join(MODELS_DIR, 'intent'),
    corpusDir: path.join(MODELS_DIR, 'intent', 'corpus'),
    unseenFile: path.join(REPO, 'test/fixtures/intent/unseen.tsv'),
    ifStale: true,
  });
  // visual memory (issue 5): the stand-in CLIP, regenerated only when its inputs changed.
  await generateStandinClip({ outDir: STANDIN_CLIP_DIR, tokenizerDir: path.join(SHARED_MODELS_DIR, 'tokenizers', 'clip-vit-base-patch32') });
}
