import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCorpusTsv, type CorpusExample } from './corpus.js';

/** The development sets the temperature is fitted on (never trained on: test/unit/intent/heldout.test.ts). */
export const DEVELOPMENT_SETS = ['eval/intent/dev-c.tsv', 'eval/intent/dev-d.tsv', 'eval/intent/dev-e.tsv', 'eval/intent/dev-f.tsv'];

/**
 * Short canonical phrasings in five languages (greetings, farewells, thanks, yes and no, questions
 * for the robot's name): not a measure but a requirement. The temperature may not push any of them
 * the model gets right under CANONICAL_MARGIN above the threshold (calibrate.ts), and
 * test/unit/intent/canonical-short.test.ts checks each one.
 */
export const CANONICAL_SET = 'eval/intent/canonical.tsv';
/** How far above dialogue.intentThreshold a canonical phrasing must stay: a farewell at 0.598 no longer ended the visit offline. */
export const CANONICAL_MARGIN = 0.1;

export interface DevelopmentSets {
  files: string[];
  examples: CorpusExample[];
  /** Over file names and contents: the temperature depends on them, as the weights do on the corpus. */
  sha256: string | null;
}

/** The development sets present on disk (a checkout without eval/ calibrates on the validation split instead). */
export function developmentSets(files: readonly string[]): DevelopmentSets {
  const present = files.filter((f) => existsSync(f));
  if (!present.length) return { files: [], examples: [], sha256: null };
  const hash = createHash('sha256');
  const examples = present.flatMap((f) => {
    const text = readFileSync(f, 'utf8');
    hash.update(`${path.basename(f)}\0${text}\0`);
    return parseCorpusTsv(text, f, null);
  });
  return { files: present, examples, sha256: hash.digest('hex') };
}
