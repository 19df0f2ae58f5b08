import { mkdtempSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { assertIntentModelFresh } from '../src/intent/index.js';
import { ensureStandinModels } from '../src/models/standin/index.js';
import { MODELS_DIR } from './helpers/config.js';
import { HAS_SHARED_TOKENIZERS, SHARED_TOKENIZERS } from './helpers/standin.js';

/**
 * Every temp folder of the run (data folders, ChromaDB's, mosquitto's, the daemons the tests
 * spawn) goes under one folder, removed when the run ends: a ChromaDB folder alone is 300 MB, and
 * runs one after the other would fill the disk. Test workers and spawned processes inherit TMPDIR.
 *
 * Tests use the real, committed intent model; a stale one (its corpus changed since) fails the run
 * at once, naming the command that retrains it, so CI can never test against a model that drifted.
 * (The integration project builds the repository for the processes its tests spawn: test/global-build.ts.)
 */
export default async function setup(): Promise<() => Promise<void>> {
  const runDir = mkdtempSync(path.join(tmpdir(), 'nadine-run-'));
  process.env.TMPDIR = runDir;
  assertIntentModelFresh(path.join(MODELS_DIR, 'intent'), path.join(MODELS_DIR, 'intent', 'corpus'));
  // Stand-in models (real shapes, random weights) for the real loading code; regenerated only when stale.
  await ensureStandinModels({ modelsDir: MODELS_DIR, tokenizersRoot: HAS_SHARED_TOKENIZERS ? SHARED_TOKENIZERS : null, only: ['minilm', 'clip'] });
  return async () => {
    await rm(runDir, { recursive: true, force: true });
  };
}
