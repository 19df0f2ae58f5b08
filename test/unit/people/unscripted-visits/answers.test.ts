import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../../src/config/index.js';
import { detectAnswer } from '../../../../src/people/index.js';
import { FILLED_YES } from './answers-data.js';
import { fill, INTRO, setup, turn } from './harness.js';

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
    const { ports, perception, store } = setup();
    store.save({ user_id: 'k_01', user_name: known }, {});
    const asking = await turn(ports, null, fill(INTRO[language]('{n}'), { n: said }), language);
    expect(asking.name_resolution).toMatchObject({ status: 'asking', candidate: { user_id: 'k_01' } });
    const answered = await turn(ports, asking, answer, language);
    expect(answered.user_info).toMatchObject({ user_id: 'k_01', user_name: known });
    expect(perception.settled).toEqual([{ user_id: 'k_01', user_name: known }]);
  });
});
