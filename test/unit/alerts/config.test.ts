import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AlertsConfigSchema } from '../../../src/alerts/config.js';
import { detectSignal, phraseLists } from '../../../src/alerts/detect.js';
import { LEXICONS } from '../../../src/alerts/lexicon/index.js';
import { LANGUAGES } from '../../../src/config/index.js';

const REPO = path.resolve(import.meta.dirname, '..', '..', '..');
// The rules alone: these lists configure the rules, and the classifier beside them reads a
// request for a human in "don't worry folks get me a human" whatever the subjects.
const signal = (text: string, lists?: ReturnType<typeof phraseLists>) => detectSignal(text, lists, null)?.signal ?? null;

describe('configurable hyperbole marks and subject pronouns', () => {
  it('default to none beyond the built-in lexicons', () => {
    const config = AlertsConfigSchema.parse({});
    expect(config.hyperbolePhrases).toEqual({ en: [], de: [], fr: [], es: [], zh: [] });
    expect(config.subjectWords).toEqual({ en: [], de: [], fr: [], es: [], zh: [] });
  });

  it('add a mark that makes an emergency a figure of speech', () => {
    const lists = phraseLists(AlertsConfigSchema.parse({ hyperbolePhrases: { de: ['nur theater'] } }));
    expect(signal('ich falle gleich um, nur Theater')).toBe('emergency');
    expect(signal('ich falle gleich um, nur Theater', lists)).toBe(null);
    // Only the mark: the same lists still raise a real emergency.
    expect(signal('ich falle gleich um', lists)).toBe('emergency');
  });

  it('add a subject that starts a clause a negation does not reach', () => {
    const lists = phraseLists(AlertsConfigSchema.parse({ subjectWords: { en: ['folks'] } }));
    expect(signal("don't worry folks get me a human")).toBe(null);
    expect(signal("don't worry folks get me a human", lists)).toBe('help_requested');
  });

  it('refuse what is not a list of words per language', () => {
    expect(AlertsConfigSchema.safeParse({ subjectWords: { en: [''] } }).success).toBe(false);
    expect(AlertsConfigSchema.safeParse({ hyperbolePhrases: { xx: ['lol'] } }).success).toBe(false);
  });

  it('have their defaults documented in docs/alerts.md', () => {
    const doc = readFileSync(path.join(REPO, 'docs', 'alerts.md'), 'utf8');
    for (const language of LANGUAGES) {
      const lexicon = LEXICONS[language];
      for (const word of [...(lexicon.hyperbole ?? []), ...(lexicon.subjects ?? [])]) expect(doc, `${language}: ${word}`).toContain(`\`${word}\``);
    }
  });
});
