import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCorpusDir, normalizeText, parseCorpusTsv } from '../../../src/intent/index.js';
import { MODELS_DIR, REPO } from '../../helpers/config.js';

const HELDOUT = path.join(REPO, 'test/fixtures/intent/heldout.tsv');
// Punctuation and spacing aside: "Adiós." and "adiós" are the same utterance.
const key = (text: string) => normalizeText(text).replace(/[\p{P}\s]+/gu, ' ').trim();

describe('the held-out set', () => {
  it('stays out of the corpus: no held-out utterance is trained on, however it is punctuated', () => {
    const corpus = new Set(loadCorpusDir(path.join(MODELS_DIR, 'intent', 'corpus')).examples.map((e) => key(e.text)));
    const heldout = parseCorpusTsv(readFileSync(HELDOUT, 'utf8'), HELDOUT, null);
    expect(heldout.filter((e) => corpus.has(key(e.text))).map((e) => e.text)).toEqual([]);
  });

  it('has at least 200 utterances, in all five languages, of every intent', () => {
    const heldout = parseCorpusTsv(readFileSync(HELDOUT, 'utf8'), HELDOUT, null);
    expect(heldout.length).toBeGreaterThanOrEqual(200);
    for (const language of ['en', 'de', 'fr', 'es', 'zh']) {
      const intents = new Set(heldout.filter((e) => e.language === language).map((e) => e.intent));
      expect(intents.size, language).toBe(5);
    }
  });
});
