import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../../src/config/index.js';
import { detectAnswer } from '../../../../src/people/index.js';
import { FILLED_YES } from './answers-data.js';
import { expectAnswerConfirmsKnown } from './harness.js';

/** A yes with interjections and particles around it confirms the known person asked about, in each language. */
const cases = LANGUAGES.flatMap((language: Language) =>
  FILLED_YES[language].answers.map((answer, i) => {
    const [known, said] = FILLED_YES[language].pairs[i % FILLED_YES[language].pairs.length]!;
    return [language, answer, known, said] as const;
  }),
);

describe('a yes with fillers, to "Is your name K?"', () => {
  it.each(cases)('[%s] "%s" is a yes', (_language, answer) => {
    expect(detectAnswer(answer)).toBe('yes');
  });

  it.each(cases)('[%s] "%s" confirms %s', async (language, answer, known, said) => {
    await expectAnswerConfirmsKnown(language, answer, known, said);
  });
});
