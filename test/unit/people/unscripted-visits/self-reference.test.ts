import { describe, expect, it } from 'vitest';
import type { Language } from '../../../../src/config/index.js';
import { detectAnswer, looksLikeName } from '../../../../src/people/index.js';
import { expectAnswerConfirmsKnown } from './harness.js';

/**
 * "Myself", "moi-même", "ich selbst", "yo misma": the emphatic pronoun is a yes to "Is your name
 * K?", and never a name (a French answer with "moi-même" once settled a person called "Moi-Même").
 */
const CASES: [Language, string, string, string][] = [
  ['fr', 'Oui, moi-même.', 'Gisèle', 'Gisela'],
  ['fr', 'Moi-même !', 'Gisèle', 'Gisela'],
  ['fr', "Oui, c'est bien moi-même.", 'Gisèle', 'Gisela'],
  ['fr', 'En personne !', 'Gisèle', 'Gisela'],
  ['de', 'Ich selbst.', 'Henrike', 'Henrieke'],
  ['de', 'Ja, ich persönlich.', 'Henrike', 'Henrieke'],
  ['de', 'Jawohl, ich selber.', 'Henrike', 'Henrieke'],
  ['en', 'Myself, yes.', 'Lindsay', 'Lindsey'],
  ['en', 'Yes, me personally.', 'Lindsay', 'Lindsey'],
  ['en', 'In person!', 'Lindsay', 'Lindsey'],
  ['es', 'Sí, yo misma.', 'Ximena', 'Jimena'],
  ['es', 'Yo mismísimo.', 'Ximena', 'Jimena'],
  ['es', 'Sí, en persona.', 'Ximena', 'Jimena'],
];

describe('an emphatic "myself" to "Is your name K?"', () => {
  it.each(CASES)('[%s] "%s" is a yes and confirms the known person', async (language, answer, known, said) => {
    expect(detectAnswer(answer)).toBe('yes');
    await expectAnswerConfirmsKnown(language, answer, known, said);
  });

  it.each(['Moi-Même', 'Yo-Mismo', 'Toi-Même', 'Ich-Selbst'])('"%s" is no name', (word) => {
    expect(looksLikeName(word)).toBe(false);
  });

  it.each(['Jean-Pierre', 'Anne-Sophie', 'Hans-Peter', 'José-Luis', 'Mary-Beth'])('"%s" still is', (name) => {
    expect(looksLikeName(name)).toBe(true);
  });
});
