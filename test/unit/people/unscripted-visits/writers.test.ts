import { describe, expect, it } from 'vitest';
import { LANGUAGES, type Language } from '../../../../src/config/index.js';
import { detectAnswer, extractionRequest } from '../../../../src/people/index.js';
import { expectAnswerConfirmsKnown, expectAnswerSettlesNew, fill, INTRO, setup, turn } from './harness.js';
import { ASK_NAME, WRITERS } from './writers-data.js';

/**
 * What a new writer of visits would have a visitor say (writers-data.ts), through the real
 * extraction and memory update: the name taken from a longer sentence, none from "whatever you
 * like", a yes (with or without the name) confirming the known person, a correction or a spelled
 * name settling someone new under the right name.
 */
const read = (language: Language, text: string, lastRobotMessage: string | null) =>
  extractionRequest({ text, language, robotName: 'Nadine', lastRobotMessage, askedName: null }).offline;

const each = <T,>(pick: (language: Language, battery: (typeof WRITERS)[Language]) => T[]) => LANGUAGES.flatMap((language) => pick(language, WRITERS[language]));

const intros = each((language, b) => b.intros.map(([text, name]) => [language, text, name] as const));
const noNames = each((language, b) => b.noName.map((text) => [language, text] as const));
const yeses = each((language, b) =>
  b.yes.map((template, i) => {
    const [known, said] = b.pairs[i % b.pairs.length]!;
    return [language, fill(template, { known }), known, said] as const;
  }),
);
const corrections = each((language, b) =>
  b.corrections.map((template, i) => {
    const [wrong, right] = b.pairs[i % b.pairs.length]!;
    return [language, fill(template, { wrong, right }), wrong, right] as const;
  }),
);
const spelled = each((language, b) => b.spelled.map(([known, said, text]) => [language, text, known, said] as const));

describe('visits nobody scripted: what a new writer has visitors say', () => {
  it.each(intros)('[%s] "%s" gives the name %s', (language, text, name) => {
    expect(read(language, text, null).user_name).toBe(name);
    expect(read(language, text, ASK_NAME[language]).user_name).toBe(name);
  });

  it.each(noNames)('[%s] "%s", to "what\'s your name?", gives none', (language, text) => {
    expect(read(language, text, ASK_NAME[language]).user_name).toBeNull();
  });

  it.each(yeses)('[%s] "%s" is a yes that confirms %s', async (language, text, known, said) => {
    expect(detectAnswer(text)).toBe('yes');
    await expectAnswerConfirmsKnown(language, text, known, said);
  });

  it.each(corrections)('[%s] "%s", to "Is your name %s?", settles %s', async (language, text, wrong, right) => {
    await expectAnswerSettlesNew(language, text, wrong, right);
  });

  it.each(corrections)('[%s] "%s", after the robot called a new person %s, settles %s', async (language, text, wrong, right) => {
    const { ports, perception } = setup();
    const met = await turn(ports, null, INTRO[language](wrong), language);
    expect(met.name_resolution.status).toBe('new_user');
    const fixed = await turn(ports, met, text, language);
    expect(fixed.user_info.user_name).toBe(right);
    expect(perception.settled.at(-1)?.user_name).toBe(right);
  });

  it.each(spelled)('[%s] "%s", to "Is your name %s?", settles %s', async (language, text, known, said) => {
    await expectAnswerSettlesNew(language, text, known, said);
  });
});
