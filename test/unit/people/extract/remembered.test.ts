import { describe, expect, it } from 'vitest';
import { findCues, wordSentiment } from '../../../../src/affect/index.js';
import { extractByRules } from '../../../../src/people/index.js';

// A turn asks the same readings of its utterance from several agents: they are remembered, and
// what one caller does with its answer must not reach the next.
describe('readings remembered for the next caller', () => {
  it('gives each caller of the name rules a copy of its own', () => {
    const input = { text: 'I love hiking and chess, and I work at Siemens.', expectingName: false, language: 'en' };
    const first = extractByRules(input);
    expect(first.facts.hobbies?.length).toBeGreaterThan(0);
    const hobbies = [...first.facts.hobbies!];
    first.user_name = 'Changed';
    first.facts.hobbies!.push('mutated');
    first.facts.current_company = 'Elsewhere';
    const second = extractByRules(input);
    expect(second.user_name).toBeNull();
    expect(second.facts.hobbies).toEqual(hobbies);
    expect(second.facts.current_company).toBe('Siemens');
  });

  it('reads the same text the same way under other options', () => {
    const text = 'Ich heiße Jonas und arbeite bei Bosch.';
    expect(extractByRules({ text, expectingName: false, language: 'de' }).user_name).toBe('Jonas');
    expect(extractByRules({ text, expectingName: false, language: 'de', names: false }).user_name).toBeNull();
    expect(extractByRules({ text, expectingName: false, language: 'de', robotName: 'Jonas' }).user_name).toBeNull();
  });

  it('hands out cues and word sentiment that cannot be changed', () => {
    const cues = findCues('Thank you so much, you are wonderful!');
    expect(cues).toContain('thanks');
    expect(() => (cues as string[]).push('insult')).toThrow();
    expect(findCues('Thank you so much, you are wonderful!')).not.toContain('insult');
    const words = wordSentiment('This is a wonderful, lovely day');
    expect(words.score).toBeGreaterThan(0);
    expect(words.known).toBe(2);
  });
});
