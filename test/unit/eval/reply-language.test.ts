import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../../../src/config/index.js';
import { offlineLineTexts } from '../../../src/dialogue/index.js';
import { otherLanguage } from '../../../src/eval/reply-language.js';

/** The language otherLanguage tells a sentence in (it reports it against any other expected one), or null. */
const replyLanguage = (sentence: string) => otherLanguage([sentence], 'en')[0]?.language ?? otherLanguage([sentence], 'de')[0]?.language ?? null;

const filled = (line: string, name: string) => line.replace(/\{name\}/g, name).replace(/\{robot\}/g, 'Nadine').replace(/\{\w+\}/g, 'X');

describe('the language of what the robot said', () => {
  it('tells every offline line of every language as that language, or not at all, whatever the name in it', () => {
    for (const language of LANGUAGES) {
      const lines = offlineLineTexts(language);
      expect(lines.length).toBeGreaterThan(40);
      for (const name of ['Jonas', 'Élodie', '王芳']) {
        const told = lines.map((l) => replyLanguage(filled(l, name)));
        expect(told.filter((t) => t !== null && t !== language), `${language} with ${name}`).toEqual([]);
        expect(told.filter((t) => t === language).length / lines.length, `${language} with ${name}`).toBeGreaterThan(0.9);
      }
    }
  });

  it('the failures of the issue are caught: a German visitor answered in English', () => {
    expect(otherLanguage(["Nice to meet you, Jonas. I'll remember you."], 'de')).toEqual([{ sentence: "Nice to meet you, Jonas. I'll remember you.", language: 'en' }]);
    expect(otherLanguage(['Is your name Mariana?'], 'es')).toHaveLength(1);
    expect(otherLanguage(['Heißt du Mariana?'], 'de')).toEqual([]);
    expect(otherLanguage(['很高兴认识你，王芳！'], 'zh')).toEqual([]);
  });

  it('a sentence it cannot tell fails nothing', () => {
    expect(replyLanguage('Jonas!')).toBeNull();
    expect(replyLanguage('OK.')).toBeNull();
    expect(otherLanguage(['Nadine.', '…'], 'fr')).toEqual([]);
  });
});
