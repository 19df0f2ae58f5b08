import { describe, expect, it } from 'vitest';
import { extractByRules } from '../../../../src/people/extract/index.js';

const nameIn = (text: string, language: string) => extractByRules({ text, expectingName: false, language }).user_name;

/** "You can call me X", "just call me X", "X, from <city>": introductions with no "my name is", in the five languages. */
describe('introductions by what to call someone', () => {
  it.each([
    ['You can call me Dana.', 'en', 'Dana'],
    ['Just call me Marco.', 'en', 'Marco'],
    ['Everyone calls me Priya.', 'en', 'Priya'],
    ['Du kannst mich Jonas nennen.', 'de', 'Jonas'],
    ['Sie können mich gern Greta nennen.', 'de', 'Greta'],
    ['Nenn mich einfach Till.', 'de', 'Till'],
    ['Sag einfach Frieda zu mir.', 'de', 'Frieda'],
    ['Alle nennen mich Lukas.', 'de', 'Lukas'],
    ["Tu peux m'appeler Camille.", 'fr', 'Camille'],
    ["Vous pouvez m'appeler Manon.", 'fr', 'Manon'],
    ['Appelle-moi simplement Théo.', 'fr', 'Théo'],
    ["Appelez-moi juste Gaspard.", 'fr', 'Gaspard'],
    ['Puedes llamarme Lucía.', 'es', 'Lucía'],
    ['Me puedes llamar Paloma.', 'es', 'Paloma'],
    ['Llámame simplemente Mateo.', 'es', 'Mateo'],
    ['Todos me llaman Rodrigo.', 'es', 'Rodrigo'],
    ['你可以叫我王芳。', 'zh', '王芳'],
    ['叫我李伟就行。', 'zh', '李伟'],
  ])('%s → %s', (text, language, name) => expect(nameIn(text, language)).toBe(name));
});

describe('a name, then where the person is from', () => {
  it.each([
    ['Marco, from Leeds.', 'en', 'Marco'],
    ['Hi! Grace here, from Toronto.', 'en', 'Grace'],
    ['Jonas, aus Leipzig.', 'de', 'Jonas'],
    ['Hallo! Greta aus Bremen.', 'de', 'Greta'],
    ['Camille, de Lyon.', 'fr', 'Camille'],
    ['Bonjour ! Théo, de Marseille.', 'fr', 'Théo'],
    ['Lucía, de Sevilla.', 'es', 'Lucía'],
    ['¡Hola! Mateo, de Bilbao.', 'es', 'Mateo'],
    ['王芳，来自上海。', 'zh', '王芳'],
    ['你好！李伟，从成都来的。', 'zh', '李伟'],
    ["Dana here, I'm from Leeds.", 'en', 'Dana'],
    ['Jonas hier, ich komme aus Leipzig.', 'de', 'Jonas'],
    ['Camille, je viens de Lyon.', 'fr', 'Camille'],
    ['Lucía, vengo de Sevilla.', 'es', 'Lucía'],
    ['王芳，家在上海。', 'zh', '王芳'],
  ])('%s → %s', (text, language, name) => expect(nameIn(text, language)).toBe(name));

  it.each([
    ['Greetings from Leeds.', 'en'],
    ['Hello, from Toronto!', 'en'],
    ['Grüße aus Leipzig.', 'de'],
    ['Bonjour, de Lyon.', 'fr'],
    ['Saludos de Sevilla.', 'es'],
    ['你好，来自上海。', 'zh'],
    ['Ich komme aus Bremen.', 'de'],
    ['Pakete aus China sind angekommen.', 'de'],
    ['Flights from London are late.', 'en'],
  ])('%s gives no name', (text, language) => expect(nameIn(text, language)).toBeNull());
});
