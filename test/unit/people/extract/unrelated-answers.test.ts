import { describe, expect, it } from 'vitest';
import { extractionRequest } from '../../../../src/people/index.js';

/** Answers to "Is your name Mariana?" that say neither yes nor no, in the robot's five languages: none holds a name. */
describe('an unrelated answer to a confirmation question is no name', () => {
  it.each([
    ['Keine Ahnung.', 'de'],
    ['Gute Frage.', 'de'],
    ['Wo finde ich Frau Weber?', 'de'],
    ['Je ne sais pas.', 'fr'],
    ['Bonne question.', 'fr'],
    ['Madame Dupont est là ?', 'fr'],
    ['¿Me repites?', 'es'],
    ['¿Me puedes ayudar?', 'es'],
    ['Buena pregunta.', 'es'],
    ['Good question.', 'en'],
    ['No idea.', 'en'],
    ['Is Mr. Brown in today?', 'en'],
    ['王老师在吗？', 'zh'],
    ['你说啥？', 'zh'],
  ])('"%s"', (text, language) => {
    const { offline } = extractionRequest({ text, language, robotName: 'Nadine', lastRobotMessage: 'Is your name Mariana?', askedName: 'Mariana' });
    expect(offline.user_name).toBeNull();
  });

  it('a bare name is still an answer', () => {
    const answer = (text: string, language: string) =>
      extractionRequest({ text, language, robotName: 'Nadine', lastRobotMessage: 'Is your name Mariana?', askedName: 'Mariana' }).offline.user_name;
    expect(answer('No, Marina.', 'es')).toBe('Marina');
    expect(answer('Nein, Hanne.', 'de')).toBe('Hanne');
  });
});
