import { describe, expect, it } from 'vitest';
import { detectAnswer, extractionRequest } from '../../../../src/people/index.js';

/**
 * German capitalises every noun, and many German given names end like a job noun (-er, -or):
 * "Ich bin Rainer aus Kiel" was read as the job "Rainer aus Kiel", and a name the English-centred
 * name lexicon did not know was lost. Jobs stay jobs.
 */
const read = (text: string) => extractionRequest({ text, language: 'de', robotName: 'Nadine', lastRobotMessage: null, askedName: null }).offline;

describe('German given names that end like a job', () => {
  it.each(['Dietmar', 'Lothar', 'Werner', 'Walther', 'Günther', 'Reinhard', 'Heiner', 'Gunter', 'Folker', 'Hannelore', 'Edeltraud'])('"Ich bin %s aus Kiel." gives the name and no job', (name) => {
    const got = read(`Ich bin ${name} aus Kiel.`);
    expect(got.user_name).toBe(name);
    expect(got.facts.current_position).toBeUndefined();
  });

  it.each([
    ['Ich bin Schreiner aus Kiel.', 'Schreiner'],
    ['Ich bin Rentner.', 'Rentner'],
    ['Ich bin Ingenieur aus Ulm.', 'Ingenieur'],
  ])('"%s" is still a job, without the place', (text, job) => {
    const got = read(text);
    expect(got.user_name).toBeNull();
    expect(got.facts.current_position).toBe(job);
  });
});

describe('a hedge that holds a yes-word is no yes', () => {
  it.each(['Na ja, wo ist denn hier der Ausgang?', 'Na ja.', 'Ouais bon, elle est où la sortie ?', 'Ja mei, wann macht ihr zu?'])('"%s" is not yes', (text) => {
    expect(detectAnswer(text)).not.toBe('yes');
  });
  it.each(['Ja, genau.', 'Ja, das bin ich.'])('"%s" is still yes', (text) => expect(detectAnswer(text)).toBe('yes'));
});
