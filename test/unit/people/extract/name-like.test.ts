import { describe, expect, it } from 'vitest';
import { extractByRules } from '../../../../src/people/extract/index.js';

const nameIn = (text: string, language: string) => extractByRules({ text, expectingName: false, language }).user_name;

describe('"je suis X", "soy X", "ich bin X" with a name the lexicon does not know', () => {
  it.each([
    ['Je suis Océane.', 'fr', 'Océane'],
    ['Salut ! Je suis Margaux.', 'fr', 'Margaux'],
    ['Je suis Baptiste et je travaille chez Airbus.', 'fr', 'Baptiste'],
    ['Soy Joaquina.', 'es', 'Joaquina'],
    ['¡Hola! Soy Agustina, de Bilbao.', 'es', 'Agustina'],
    ['Ich bin Hanelore.', 'de', 'Hanelore'],
    ['Hallo! Ich bin Dietmar.', 'de', 'Dietmar'],
  ])('%s → %s', (text, language, name) => {
    expect(nameIn(text, language)).toBe(name);
  });

  it.each([
    ['Je suis infirmière.', 'fr'],
    ['Je suis Français.', 'fr'],
    ['Je suis de Lyon.', 'fr'],
    ['Je suis désolé.', 'fr'],
    ["Oui, c'est moi.", 'fr'],
    ['Soy enfermera.', 'es'],
    ['Soy Español.', 'es'],
    ['Sí, soy yo.', 'es'],
    ['Ich bin Lehrer.', 'de'],
    ['Ich bin Gast hier.', 'de'],
    ['Ich bin Student.', 'de'],
    ['Ich bin Ingenieurin bei Bosch.', 'de'],
    ['Ich bin Berliner.', 'de'],
    ['Ich bin Vegetarier.', 'de'],
    ['Ja, das bin ich.', 'de'],
  ])('%s is no name', (text, language) => {
    expect(nameIn(text, language)).toBeNull();
  });

  it('lower-case text (as speech-to-text writes it) still needs the lexicon', () => {
    expect(nameIn('je suis océane', 'fr')).toBeNull();
  });
});

describe('introduction phrasings around the name', () => {
  it.each([
    ['Ich heiße übrigens Frauke.', 'de', 'Frauke'],
    ['Mein Name ist eigentlich Jannik.', 'de', 'Jannik'],
    ['Me dicen Nacho.', 'es', 'Nacho'],
    ['Me llaman Pepe.', 'es', 'Pepe'],
    ['Soy la Begoña.', 'es', 'Begoña'],
    ['叫我小李就行。', 'zh', '小李'],
    ['我叫李明吧。', 'zh', '李明'],
  ])('%s → %s', (text, language, name) => {
    expect(nameIn(text, language)).toBe(name);
  });

  it('an article before a job is no name', () => {
    expect(nameIn('Soy la profesora.', 'es')).toBeNull();
  });
});

describe('"我是X": a name starts with a surname, and is no place or job', () => {
  it.each([
    ['我是严明。', '严明'],
    ['我是柳青，在杭州工作。', '柳青'],
    ['我是葛优。', '葛优'],
  ])('%s → %s', (text, name) => expect(nameIn(text, 'zh')).toBe(name));

  it.each(['我是上海人。', '我是杭州人。', '我是东北人。', '我是司机。', '我是房东。', '我是管理员。', '我是老师。'])('%s is no name', (text) => {
    expect(nameIn(text, 'zh')).toBeNull();
  });
});
