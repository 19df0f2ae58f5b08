import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../../src/config/index.js';
import { nameSimilarity } from '../../../../src/people/index.js';
import { testConfig } from '../../../helpers/config.js';
import { CORRECTIONS } from './corrections-data.js';
import { expectAnswerSettlesNew, fill } from './harness.js';

/**
 * The same corrections as an answer to "Is your name K?": K is known, the visitor gave a near
 * spelling, and puts the robot's guess right. The name they gave is settled as someone new, never K.
 */
const { low, high } = testConfig().people.nameMatch;
const cases = LANGUAGES.flatMap((language: Language) => {
  // Only pairs the robot asks about (between the thresholds).
  const pairs = CORRECTIONS[language].pairs.filter(([a, b]) => nameSimilarity(a, b) >= low && nameSimilarity(a, b) < high);
  return CORRECTIONS[language].templates.map((template, i) => {
    const [wrong, right] = pairs[i % pairs.length]!;
    return [language, fill(template, { wrong, right }), wrong, right] as const;
  });
});

describe('a correction as the answer to "Is your name K?"', () => {
  it.each(cases)('[%s] "%s"', async (language, text, known, said) => {
    await expectAnswerSettlesNew(language, text, known, said);
  });
});
