import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCorpusTsv, type CorpusExample } from './corpus.js';

/** The development sets the temperature is fitted on (never trained on: test/unit/intent/heldout.test.ts). */
export const DEVELOPMENT_SETS = ['eval/intent/dev-c.tsv', 'eval/intent/dev-d.tsv', 'eval/intent/dev-e.tsv'];

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
