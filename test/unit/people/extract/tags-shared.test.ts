import { describe, expect, it } from 'vitest';
import { extractByRules, statesOwnName } from '../../../../src/people/index.js';
import { tagEnglish } from '../../../../src/people/extract/tokens.js';

describe("compromise's tags of an utterance", () => {
  it('are computed once for the few utterances of the moment: a turn asks for them up to three times', () => {
    const text = 'My name is Quinn and I work as a nurse.';
    const first = tagEnglish(text);
    expect(tagEnglish(text)).toBe(first);
    // Read-only: one caller cannot change what the next one reads.
    expect(Object.isFrozen(first)).toBe(true);
    expect(first.find((t) => t.text === 'Quinn')?.tags.has('Person')).toBe(true);
  });

  it('give the same answers when asked again, before the reply and in the name rules', () => {
    const text = "I'm Will, and I'm tired.";
    expect(statesOwnName(text, 'en')).toBe(true);
    expect(extractByRules({ text, expectingName: false, language: 'en' }).user_name).toBe('Will');
    expect(statesOwnName("I'm tired.", 'en')).toBe(false);
    expect(statesOwnName("I'm tired.", 'en')).toBe(false);
  });
});
