import { describe, expect, it } from 'vitest';
import { detectAnswer } from '../../../../src/people/answers.js';
import { extractionRequest } from '../../../../src/people/extract/index.js';
import { looksLikeName } from '../../../../src/people/not-names.js';

// Phrasings found by generated development visits (seeds 11, 12), each a kind of sentence in every language.
const read = (text: string, language: string, askedName: string | null = null) =>
  extractionRequest({ text, language, robotName: 'Nadine', lastRobotMessage: askedName ? `Is your name ${askedName}?` : null, askedName }).offline;

describe('a correction whose two names speech-to-text ran together', () => {
  it.each([
    ['no not Phillip Philip', 'en', 'Phillip', 'Philip'],
    ['nein nicht Hendrik Henrik', 'de', 'Hendrik', 'Henrik'],
    ['non pas Laurent Lorent', 'fr', 'Laurent', 'Lorent'],
    ['A ver, no Mariana no Marianna', 'es', 'Mariana', 'Marianna'],
    ['错了，是王建华，不是王建国。', 'zh', '王建国', '王建华'],
  ])('%s', (text, language, wrong, right) => {
    const r = read(text, language);
    expect(r.rejected_name).toBe(wrong);
    expect(r.user_name).toBe(right);
  });

  it('keeps a double name that is no correction', () => {
    expect(read('not Mary Beth', 'en').rejected_name).toBe('Mary Beth');
  });
});

describe('a name said before what marks it as one', () => {
  it.each([
    ['Oliver. Nice to meet you.', 'en', 'Oliver'],
    ['Hello there, the name is Phillip.', 'en', 'Phillip'],
    ['Henrik mein Name.', 'de', 'Henrik'],
    ['Jürgen, freut mich.', 'de', 'Jürgen'],
    ['Hélène, enchantée.', 'fr', 'Hélène'],
    ['Je me présente : Loïc.', 'fr', 'Loïc'],
    ['Begoña es mi nombre.', 'es', 'Begoña'],
    ['Nuria, encantada.', 'es', 'Nuria'],
    ['何平，你好。', 'zh', '何平'],
    ['周杰，很高兴认识你', 'zh', '周杰'],
    ['嗨！李伟，你好。', 'zh', '李伟'],
    ['下午好！王芳，来自上海。', 'zh', '王芳'],
    ['hallo Wolfgang mein Name.', 'de', 'Wolfgang'],
    ['bonjour Je me présente : Hélène.', 'fr', 'Hélène'],
  ])('%s', (text, language, name) => {
    expect(read(text, language).user_name).toBe(name);
  });

  it('not a greeting before a pleasantry', () => {
    expect(read('¡Buenas tardes! Mucho gusto, soy Nuria.', 'es').user_name).toBe('Nuria');
    expect(read('Guten Morgen! Freut mich, ich bin Greta.', 'de').user_name).toBe('Greta');
    expect(read('Bonsoir ! Enchantée, je suis Hélène.', 'fr').user_name).toBe('Hélène');
    expect(read('¡Buenos días! Encantado.', 'es').user_name).toBeNull();
  });

  it('not a place or a thing before a pleasantry', () => {
    expect(read('Berlin is nice to visit.', 'en').user_name).toBeNull();
    expect(read('Das Wetter, freut mich nicht.', 'de').user_name).toBeNull();
  });
});

describe('answers to "Is your name …?"', () => {
  it('a form of address is never a name, in every language', () => {
    for (const word of ['Sir', 'Madam', 'Herr', 'Frau', 'Monsieur', 'Madame', 'Señor', 'Señora']) expect(looksLikeName(word), word).toBe(false);
    for (const [text, language] of [['Yes, sir.', 'en'], ['Ja, Frau Doktor.', 'de'], ['Oui, madame.', 'fr'], ['Sí, señor.', 'es']] as const) {
      const r = read(text, language, 'Jimena');
      expect(r.user_name, text).toBeNull();
      expect(r.answer, text).toBe('yes');
    }
  });

  it('"Eso." alone is a yes, "¿Qué es eso?" is not', () => {
    expect(detectAnswer('Eso.')).toBe('yes');
    expect(detectAnswer('¿Qué es eso?')).toBe('unclear');
  });
});

describe('hyphenated first names', () => {
  it.each([
    ["hi i'm Mary-Beth", 'en', 'Mary-Beth'],
    ['My name is Anne-Marie Smith.', 'en', 'Anne-Marie Smith'],
    ['ich bin die Anna-Lena', 'de', 'Anna-Lena'],
    ["Moi c'est Jean-Baptiste.", 'fr', 'Jean-Baptiste'],
    ['Me llamo José-Luis.', 'es', 'José-Luis'],
  ])('%s', (text, language, name) => {
    expect(read(text, language).user_name).toBe(name);
  });
});
