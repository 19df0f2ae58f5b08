import { describe, expect, it } from 'vitest';
import { identifyLanguage } from '../../../src/language/index.js';

/**
 * A known visitor greeted in English asks a short question in their own language: French
 * typography (a space before "?"), pronoun inversion ("es-tu") and common verb forms are evidence
 * enough, as the script is for Chinese.
 */
describe('short questions of a known visitor, from an English greeting', () => {
  it.each([
    ['Tu es un robot ?', 'fr'],
    ['Qui es-tu ?', 'fr'],
    ['Tu me reconnais ?', 'fr'],
    ['Tu vas bien ?', 'fr'],
    ['De quoi on a parlé ?', 'fr'],
    ['Tu m’as reconnue ?', 'fr'],
    ['Wer bist du?', 'de'],
    ['Kennst du mich noch?', 'de'],
    ['Weißt du noch?', 'de'],
    ['¿Me recuerdas?', 'es'],
    ['¿Quién eres?', 'es'],
    ['¿Te acuerdas de mí?', 'es'],
    ['你还记得我吗？', 'zh'],
    ['你是谁？', 'zh'],
  ])('%s → %s', (text, language) => expect(identifyLanguage(text, 'en').language).toBe(language));

  it.each(['Okay?', 'Really?', 'Marco?', 'Is it?'])('%s stays English', (text) => expect(identifyLanguage(text, 'en').language).toBe('en'));
});
