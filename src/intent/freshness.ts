import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { INTENT_META_FILE, INTENT_META_FORMAT, INTENT_MODEL_FILE, IntentMetaSchema, IntentModelError } from './classifier.js';
import { z } from 'zod';
import { corpusSha256 } from './corpus.js';
import { developmentSets } from './development.js';
import { DEFAULT_FEATURIZER } from './featurize.js';
import { ensembleHidden } from './ensemble.js';
import { DEFAULT_TRAIN_OPTIONS } from './train.js';

export const RETRAIN_COMMAND = 'npm run models';

const CalibrationRecordSchema = z.object({ files: z.array(z.string()), sha256: z.string().nullable() });

export type Freshness = { fresh: true } | { fresh: false; reason: string };

/**
 * Whether the model in `modelDir` was trained on the corpus in `corpusDir` with today's recipe.
 * The model is committed with the checksum of the corpus it was trained on; a corpus edited since
 * (or a new featuriser, network shape or meta format) makes it stale, and it must be retrained.
 */
export function intentModelFreshness(modelDir: string, corpusDir: string): Freshness {
  const metaPath = path.join(modelDir, INTENT_META_FILE);
  if (!existsSync(metaPath) || !existsSync(path.join(modelDir, INTENT_MODEL_FILE))) return { fresh: false, reason: `no trained model in ${modelDir}` };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(metaPath, 'utf8'));
  } catch (err) {
    return { fresh: false, reason: `${metaPath} is not JSON: ${(err as Error).message}` };
  }
  const meta = IntentMetaSchema.safeParse(raw);
  if (!meta.success) return { fresh: false, reason: `${metaPath} is not a format ${INTENT_META_FORMAT} intent model description` };
  if (JSON.stringify(meta.data.featurizer) !== JSON.stringify(DEFAULT_FEATURIZER) || meta.data.hidden !== ensembleHidden(DEFAULT_TRAIN_OPTIONS)) {
    return { fresh: false, reason: 'the model was trained with another featuriser or network shape' };
  }
  const sha = corpusSha256(corpusDir);
  if (meta.data.corpus.sha256 !== sha) {
    return { fresh: false, reason: `the corpus in ${corpusDir} changed since the model was trained (${meta.data.corpus.sha256.slice(0, 12)} → ${sha.slice(0, 12)})` };
  }
  // The temperature was fitted on the development sets: edited since, the model is stale. Where
  // they are not on disk (an install without eval/), there is nothing to compare.
  const calibration = CalibrationRecordSchema.safeParse(meta.data.training.calibration);
  if (calibration.success && calibration.data.files.length && calibration.data.files.every((f) => existsSync(f))) {
    const now = developmentSets(calibration.data.files).sha256;
    if (now !== calibration.data.sha256) return { fresh: false, reason: `the development sets the temperature was fitted on (${calibration.data.files.join(', ')}) changed since the model was trained` };
  }
  return { fresh: true };
}

/** For CI, the test run and the eval: a stale committed model fails loudly instead of drifting or retraining unseen. */
export function assertIntentModelFresh(modelDir: string, corpusDir: string): void {
  const freshness = intentModelFreshness(modelDir, corpusDir);
  if (!freshness.fresh) throw new IntentModelError(`the intent model is stale: ${freshness.reason}. Run "${RETRAIN_COMMAND}" and commit ${modelDir}`);
}
