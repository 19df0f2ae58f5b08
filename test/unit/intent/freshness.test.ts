import { appendFileSync, cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { assertIntentModelFresh, CANONICAL_SET, intentModelFreshness, RETRAIN_COMMAND } from '../../../src/intent/index.js';
import { MODELS_DIR, REPO, tempDir } from '../../helpers/config.js';

const INTENT_DIR = path.join(MODELS_DIR, 'intent');

describe('the committed intent model', () => {
  it('was trained on the committed corpus (otherwise run `npm run models` and commit models/intent)', () => {
    // This is the check that keeps CI from testing a model that drifted from its corpus.
    expect(() => assertIntentModelFresh(INTENT_DIR, path.join(INTENT_DIR, 'corpus'))).not.toThrow();
  });

  it('is refused once its corpus changes, with the command that retrains it', () => {
    const dir = tempDir();
    cpSync(INTENT_DIR, dir, { recursive: true });
    expect(intentModelFreshness(dir, path.join(dir, 'corpus'))).toEqual({ fresh: true });
    appendFileSync(path.join(dir, 'corpus', 'en.tsv'), 'continue_conversation\t\tWhat a lovely lobby.\n');
    const stale = intentModelFreshness(dir, path.join(dir, 'corpus'));
    expect(stale.fresh).toBe(false);
    expect(() => assertIntentModelFresh(dir, path.join(dir, 'corpus'))).toThrow(new RegExp(`corpus .* changed since the model was trained.*${RETRAIN_COMMAND}`));
    expect(intentModelFreshness(path.join(dir, 'nowhere'), path.join(dir, 'corpus'))).toMatchObject({ fresh: false, reason: expect.stringMatching(/no trained model/) });
  });
});

describe('an intent model calibrated on the development sets', () => {
  it('is refused once a development set it was calibrated on changes', () => {
    const dir = tempDir();
    cpSync(INTENT_DIR, dir, { recursive: true });
    const metaFile = path.join(dir, 'intent.meta.json');
    const meta = JSON.parse(readFileSync(metaFile, 'utf8'));
    expect(meta.training.calibration.on).toBe('development');
    // The same files, copied: same names and contents, so the same checksum.
    const files = (meta.training.calibration.files as string[]).map((f) => {
      const to = path.join(dir, path.basename(f));
      cpSync(path.join(REPO, f), to);
      return to;
    });
    writeFileSync(metaFile, JSON.stringify({ ...meta, training: { ...meta.training, calibration: { ...meta.training.calibration, files } } }));
    expect(intentModelFreshness(dir, path.join(dir, 'corpus'))).toEqual({ fresh: true });
    appendFileSync(files[0]!, 'continue_conversation\ten\t\tWhat a lovely lobby.\n');
    expect(intentModelFreshness(dir, path.join(dir, 'corpus'))).toMatchObject({ fresh: false, reason: expect.stringMatching(/development sets .* changed/) });
    // The canonical phrasings bound the temperature too: edited, the model is stale as well.
    cpSync(path.join(REPO, meta.training.calibration.files[0]), files[0]!);
    expect(intentModelFreshness(dir, path.join(dir, 'corpus'))).toEqual({ fresh: true });
    const canonical = files.find((f) => path.basename(f) === path.basename(CANONICAL_SET));
    appendFileSync(canonical!, 'end_conversation\ten\t\tBye now!\n');
    expect(intentModelFreshness(dir, path.join(dir, 'corpus'))).toMatchObject({ fresh: false });
  });
});
