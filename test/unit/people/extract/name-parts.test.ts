import { describe, expect, it } from 'vitest';
import { extractionRequest } from '../../../../src/people/index.js';

const read = (language: string, text: string) => extractionRequest({ text, language, robotName: 'Nadine', lastRobotMessage: null, askedName: null }).offline.user_name;

// The given name and the family name said in clauses of their own, in any order, with or without a verb.
describe('a name given in two parts', () => {
  it.each([
    ['en', 'My first name is Ana and my last name is Silva.', 'Ana Silva'],
    ['en', 'My surname is Okafor, first name Chidi.', 'Chidi Okafor'],
    ['de', 'Mein Vorname ist Jörg und mein Nachname Bäumer.', 'Jörg Bäumer'],
    ['de', 'Ich heiße Jörg, mit Nachnamen Bäumer.', 'Jörg Bäumer'],
    ['fr', "Mon nom de famille c'est Girard, et mon prénom Claire.", 'Claire Girard'],
    ['fr', 'Je suis Claire, nom de famille Girard.', 'Claire Girard'],
    ['es', 'Me llamo Ana, de apellido Silva.', 'Ana Silva'],
    ['es', 'Soy María José, y mis apellidos son García López.', 'María José García López'],
  ])('[%s] "%s" → %s', (language, text, name) => {
    expect(read(language, text)).toBe(name);
  });

  it.each([
    ['en', "I'm Ana Silva, last name Silva.", 'Ana Silva'],
    ['en', 'My last name is Silva.', null],
    ['en', 'What is your last name?', null],
    ['en', 'My last name is hard to spell.', null],
    ['de', 'Mein Nachname ist Bäumer.', 'Bäumer'],
  ])('[%s] a family name adds to a given name, never makes one: "%s" → %s', (language, text, name) => {
    expect(read(language, text)).toBe(name);
  });
});
