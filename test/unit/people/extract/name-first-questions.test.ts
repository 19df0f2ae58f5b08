import { describe, expect, it } from 'vitest';
import { extractByRules } from '../../../../src/people/extract/index.js';

const read = (text: string, language: string, expectingName: boolean) => extractByRules({ text, expectingName, language, robotName: 'Nadine' }).user_name;

// A name said first is marked by what follows it ("Becker hier.", "Antoine, à l'appareil"). An
// adverb such as "here"/"hier" also follows verbs and pronouns, and a question is never an
// introduction: an unrelated question answering "Is your name Thorsten?" must not name anyone.
describe('a word said first is a name only in an introduction', () => {
  const cases: [string, string][] = [
    ['Gibt es hier WLAN?', 'de'],
    ['Sitzt hier jemand?', 'de'],
    ['Arbeitet hier Frau Berg?', 'de'],
    ['Warten Sie hier?', 'de'],
    ['Jemand hier?', 'de'],
    ['Alles hier ist schön.', 'de'],
    ['steht hier ein stuhl', 'de'],
    ['Anyone here?', 'en'],
    ['Nobody here speaking English?', 'en'],
    ["Quelqu'un au téléphone ?", 'fr'],
    ['¿Alguien al teléfono?', 'es'],
    ['Todo encantado', 'es'],
  ];
  it.each(cases)('%s (%s) gives no name, asked for one or not', (text, language) => {
    expect(read(text, language, true)).toBeNull();
    expect(read(text, language, false)).toBeNull();
  });

  it.each([
    ['Becker hier, guten Tag.', 'de', 'Becker'],
    ['Tag, Becker hier.', 'de', 'Becker'],
    ['Sam here, I have a parcel.', 'en', 'Sam'],
    ['Hello, Fatima here.', 'en', 'Fatima'],
    ["Antoine, à l'appareil.", 'fr', 'Antoine'],
    ['Angenehm, Müller.', 'de', 'Müller'],
  ])('%s (%s) still gives %s', (text, language, name) => {
    expect(read(text, language, false)).toBe(name);
  });
});
