import { describe, expect, it } from 'vitest';
import { asksSomething, identifyLanguage, isBackchannel } from '../../../src/language/index.js';
import { forgetRecentReadings, rememberRecent } from '../../../src/language/recent.js';

describe('readings of the last few utterances, remembered', () => {
  it('reads a text once while it is among the last few, and again once it has dropped out', () => {
    const read: string[] = [];
    const length = rememberRecent((text: string) => {
      read.push(text);
      return text.length;
    }, 2);
    expect([length('Hello'), length('Hello'), length('Where is it?'), length('Hello')]).toEqual([5, 5, 12, 5]);
    expect(read).toEqual(['Hello', 'Where is it?']);
    length('Thanks'); // a third text: the first one read goes
    length('Hello');
    expect(read).toEqual(['Hello', 'Where is it?', 'Thanks', 'Hello']);
  });

  it('reads every text again once told to forget (a rehearsal round must run the readings, not their memory)', () => {
    const read: string[] = [];
    const upper = rememberRecent((text: string) => {
      read.push(text);
      return text.toUpperCase();
    });
    upper('Hallo');
    upper('Hallo');
    expect(read).toEqual(['Hallo']);
    forgetRecentReadings();
    expect(upper('Hallo')).toBe('HALLO');
    expect(read).toEqual(['Hallo', 'Hallo']);
    // The shipped readings forget too, and answer as before.
    const before = identifyLanguage('Bonjour, je cherche la salle de réunion.', 'en');
    forgetRecentReadings();
    expect(identifyLanguage('Bonjour, je cherche la salle de réunion.', 'en')).toEqual(before);
  });

  it('gives the same answers as reading afresh, in every language, asked again and again', () => {
    const cases: [string, boolean, boolean][] = [
      ['Where is the meeting room?', true, false],
      ["I'm looking for the toilets", true, false],
      ['Wo ist der Besprechungsraum', true, false],
      ['Genau.', false, true],
      ["D'accord.", false, true],
      ['¿Dónde está la salida?', true, false],
      ['嗯', false, true],
      ['会议室在哪里', true, false],
      ['What a lovely day!', false, false],
    ];
    for (let round = 0; round < 3; round++) {
      for (const [text, asks, backchannel] of cases) {
        expect(asksSomething(text), text).toBe(asks);
        expect(isBackchannel(text), text).toBe(backchannel);
      }
    }
    // The evidence behind a language guess is shared, so it cannot be changed by whoever reads it.
    const guess = identifyLanguage('Guten Morgen, ich heiße Jonas und arbeite bei der Post.', 'en');
    expect(guess.language).toBe('de');
    expect(Object.isFrozen(guess.evidence)).toBe(true);
    expect(identifyLanguage('Guten Morgen, ich heiße Jonas und arbeite bei der Post.', 'en').evidence).toEqual(guess.evidence);
  });
});
