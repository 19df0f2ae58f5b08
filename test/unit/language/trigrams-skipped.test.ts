import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src/config/index.js';
import { identifyLanguage, languageEvidence } from '../../../src/language/index.js';
import { DEV, KEEP_DEV } from './sentences-dev.js';
import { HELDOUT, HELDOUT_2, KEEP_HELDOUT } from './sentences-heldout.js';

const LATIN = ['en', 'de', 'fr', 'es'] as const;

/** The documented rule over the full evidence (franc's trigrams always asked): what identify must decide. */
function decidedWithTrigrams(text: string, current: Language, settled: boolean): Language {
  const evidence = languageEvidence(text);
  const best = [...LATIN].sort((a, b) => evidence[b] - evidence[a])[0]!;
  const prior = current === 'zh' ? 0 : evidence[current];
  const lead = settled ? 1.5 : Number.MIN_VALUE;
  return best === current || evidence[best] < 2 || evidence[best] - prior < lead ? current : best;
}

const texts = [DEV, HELDOUT, HELDOUT_2].flatMap((set) => LATIN.flatMap((l) => set[l] ?? []));
const kept = [...KEEP_DEV, ...KEEP_HELDOUT];

// Franc is asked only when its trigrams could change the answer: every decision stays the one
// the full evidence gives, for every visit language and before anything was said.
describe('language identification without the trigrams it cannot need', () => {
  it.each(['en', 'de', 'fr', 'es', 'zh'] as const)('decides as with the trigrams when the visit is in %s', (current) => {
    expect(texts.length).toBeGreaterThan(100);
    for (const text of [...texts, ...kept]) {
      for (const settled of [true, false]) {
        if (/\p{Script=Han}/u.test(text)) continue;
        expect([text, settled, identifyLanguage(text, current, settled).language]).toEqual([text, settled, decidedWithTrigrams(text, current, settled)]);
      }
    }
  });
});
