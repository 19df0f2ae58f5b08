import { describe, expect, it } from 'vitest';
import { fold } from '../../../src/alerts/fold.js';
import { compileLexicon, matchFrames, tokenize, type Lexicon } from '../../../src/alerts/frames.js';

const tokens = (text: string) => tokenize(fold(text));
const texts = (text: string) => tokens(text).map((t) => t.text);

describe('alert tokens', () => {
  it('splits words at apostrophes, folds accents and umlauts, and makes every Chinese character a token', () => {
    expect(texts("He isn't breathing")).toEqual(['he', 'isn', 't', 'breathing']);
    expect(texts("Quelqu'un s'est évanoui")).toEqual(['quelqu', 'un', 's', 'est', 'evanoui']);
    expect(texts('Mir ist übel, ich kippe um')).toEqual(['mir', 'ist', 'uebel', 'ich', 'kippe', 'um']);
    expect(texts('我晕倒了 ok')).toEqual(['我', '晕', '倒', '了', 'ok']);
  });

  it('keeps the offsets of each token in the folded text', () => {
    const [first, second] = tokens('Fire there');
    expect(first).toMatchObject({ start: 0, end: 4 });
    expect(second).toMatchObject({ start: 5, end: 10 });
  });
});

describe('lexemes', () => {
  /** Where a lexicon of this one lexeme (a one-slot frame) finds it in the text: its token ranges. */
  const found = (lexeme: string, text: string, fuzzy = false) =>
    matchFrames(compileLexicon({ concepts: { x: [lexeme] }, frames: [{ signal: 'emergency', slots: ['x'] }], negators: [], past: [], fuzzy }, fold), tokens(text)).map((m) => m.parts);
  const matches = (lexeme: string, word: string) => found(lexeme, word).length > 0;
  it('match a stem with *, a part of a compound between two *, any word with a lone *', () => {
    expect(matches('collaps*', 'collapsed')).toBe(true);
    expect(matches('collaps*', 'elapsed')).toBe(false);
    expect(matches('*brustschmerz*', 'starkebrustschmerzen')).toBe(true);
    expect(matches('*', 'anything')).toBe(true);
    expect(matches('fire', 'fireworks')).toBe(false);
    // Three words: the apostrophe cuts "can't" as it cuts the utterance.
    expect(found("can't breathe", "I can't breathe")).toEqual([[{ first: 1, last: 3 }]]);
    expect(found("can't breathe", 'I cant breathe')).toEqual([]);
  });

  it('match a long word misspelt by one letter where the lexicon allows it, never a short one or another ending', () => {
    const fuzzy = (lexeme: string, word: string) => found(lexeme, word, true).length > 0;
    expect(matches('paramedics', 'paramedcs')).toBe(false);
    expect(fuzzy('paramedics', 'paramedcs')).toBe(true);
    expect(fuzzy('unconscious', 'unconsious')).toBe(true);
    expect(fuzzy('unconscious', 'unconsciousness')).toBe(false);
    expect(fuzzy('paramedics', 'barametics')).toBe(false);
    expect(fuzzy('fainted', 'painted')).toBe(false);
    expect(fuzzy('paramedics', 'paramedic')).toBe(false);
  });
});

const LEXICON: Lexicon = {
  concepts: {
    person: ['he', 'she', 'my husband', 'ich'],
    collapse: ['collapsed', 'not moving'],
    tip: ['kippe', 'kippt'],
    um: ['um'],
    role: ['human', 'staff'],
    ask: ['talk', 'get'],
    directions: ['way to'],
    question: ['can'],
  },
  frames: [
    { signal: 'emergency', slots: ['person', 'collapse'], window: 3 },
    { signal: 'emergency', slots: ['person', 'tip', 'um'], window: 3, ordered: true },
    { signal: 'help_requested', slots: ['role', 'ask'], window: 3, unless: ['directions'] },
  ],
  negators: ['not', 'no', '不'],
  past: ['years ago'],
};
const compiled = compileLexicon(LEXICON, fold);
const signals = (text: string, vetoed?: (s: number, e: number) => boolean) => matchFrames(compiled, tokens(text), vetoed).map((m) => m.signal);

describe('frames', () => {
  it('fill their slots in any order within the window, not counting the words of the parts', () => {
    expect(signals('my husband just collapsed')).toEqual(['emergency']);
    expect(signals('collapsed, my husband did')).toEqual(['emergency']);
    expect(signals('he said the old bridge in town had collapsed')).toEqual([]);
  });

  it('keep the order of ordered frames: a separable verb and its particle', () => {
    expect(signals('ich kippe gleich um')).toEqual(['emergency']);
    expect(signals('um zehn kippe ich')).toEqual([]);
  });

  it('are denied by a negator just before a part that is not itself part of the match', () => {
    expect(signals('nobody said he collapsed')).toEqual(['emergency']);
    expect(signals('no he collapsed')).toEqual([]);
    expect(signals('he is not moving')).toEqual(['emergency']);
    expect(signals('I can talk to no human')).toEqual([]);
  });

  it('are turned off by their `unless` concept and by idiom vetoes', () => {
    expect(signals('can I talk to a human')).toEqual(['help_requested']);
    expect(signals('the way to talk to staff')).toEqual([]);
    expect(signals('he collapsed', (start) => start === 0)).toEqual([]);
  });

  it("count the other languages' unless concepts: a shared word must not escape a guard", () => {
    const other = compileLexicon({ concepts: { directions: ['chemin'] }, frames: [], negators: [], past: [] }, fold);
    const found = (also: typeof other[]) => matchFrames(compiled, tokens('le chemin: talk to staff'), undefined, also).map((m) => m.signal);
    expect(found([])).toEqual(['help_requested']);
    expect(found([other])).toEqual([]);
  });

  it('refuse a lexicon whose frame names an unknown concept', () => {
    expect(() => compileLexicon({ ...LEXICON, frames: [{ signal: 'emergency', slots: ['nothing'] }] }, fold)).toThrow(/unknown concept "nothing"/);
  });
});
