import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../../src/config/index.js';
import { extractionRequest } from '../../../../src/people/index.js';
import { JOB_INTROS } from './intros-data.js';
import { fill } from './harness.js';

/** A job said as a trade or profession never hides the name, and is the profile's position. */
const cases = LANGUAGES.flatMap((language: Language) =>
  JOB_INTROS[language].templates.map((template, i) => {
    const [name, job] = JOB_INTROS[language].people[i % JOB_INTROS[language].people.length]!;
    return [language, fill(template, { name, job }), name, job] as const;
  }),
);
const read = (language: Language, text: string) => extractionRequest({ text, language, robotName: 'Nadine', lastRobotMessage: null, askedName: null }).offline;

describe('an introduction with the job as a trade or profession', () => {
  it.each(cases)('[%s] "%s": the name is %s', (language, text, name) => {
    expect(read(language, text).user_name).toBe(name);
  });

  it.each(cases)('[%s] "%s": the job of %s', (language, text, _name, job) => {
    expect(read(language, text).facts.current_position?.toLowerCase()).toContain(job.toLowerCase());
  });
});
