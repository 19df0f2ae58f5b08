import { describe, expect, it } from 'vitest';
import { answerRemainder, detectAnswer, initialPresence, onDetection, type PresenceState } from '../../../src/people/index.js';

describe('yes or no to "Is your name Alice?"', () => {
  const yes = [
    'yes', 'Yes!', 'yeah', 'Yep.', 'sure', 'correct', "That's right", "that's me", 'Yes, that is me', 'exactly', 'of course', 'uh huh',
    'Ja', 'ja, genau', 'Richtig.', 'Stimmt', 'das bin ich', 'oui', "Oui, c'est ça", "c'est moi", 'tout à fait', 'exactement',
    'sí', 'Sí, soy yo', 'claro', 'correcto', '是', '是的', '对', '没错', '是我', '嗯', 'Yes, I am',
  ];
  const no = [
    'no', 'No.', 'nope', 'nah', "No, that's not me", "that's not right", 'wrong', "I'm not", 'not me', 'Nein', 'nein, falsch',
    'stimmt nicht', 'non', "Non, ce n'est pas moi", 'pas du tout', 'No, para nada', '不是', '不对', '不', '错了', 'yes... no, not really',
  ];
  const unclear = ['hmm', 'What?', 'Could you repeat that?', 'Alicia', 'Pardon ?', '什么', 'Wie bitte?'];

  it.each(yes)('"%s" is yes', (text) => expect(detectAnswer(text)).toBe('yes'));
  it.each(no)('"%s" is no', (text) => expect(detectAnswer(text)).toBe('no'));
  it.each(unclear)('"%s" is unclear', (text) => expect(detectAnswer(text)).toBe('unclear'));

  it('takes what is left of a Spanish answer once its fillers go for a yes ("Pues, eso.")', () => {
    expect(detectAnswer('Pues, eso.')).toBe('yes');
    expect(detectAnswer('Bueno, eso.')).toBe('yes');
    expect(detectAnswer('Nada de eso.')).toBe('no');
    expect(detectAnswer('Pues, nada.')).toBe('unclear');
  });

  it('does not take idioms with a negation word for a no', () => {
    expect(detectAnswer('Yes, no problem')).toBe('yes');
    expect(detectAnswer('对不起，是的')).toBe('yes');
  });

  it('finds a bare name between answer words', () => {
    expect(answerRemainder('No, Alicia Smith.')).toBe('Alicia Smith');
    expect(answerRemainder("No, it's Alicia")).toBe('Alicia');
    expect(answerRemainder('Yes')).toBe('');
    expect(answerRemainder('Nein, Jürgen bitte')).toBe('Jürgen');
  });
});

describe('who is in front of the robot (user_detected)', () => {
  const options = { minConfidence: 60, absenceMs: 30_000 };
  const alice = { user_id: 'alice_01', user_name: 'Alice', confidence: 92 };
  const stranger = { user_id: null, user_name: 'unknown', confidence: 88 };

  function run(reports: { d: typeof alice | typeof stranger; at: number }[], current: (i: number) => string | null = () => null) {
    let state: PresenceState = initialPresence;
    return reports.map(({ d, at }, i) => {
      const result = onDetection(state, d, options, at, current(i));
      state = result.state;
      return result.action.kind;
    });
  }

  it('ignores reports below the confidence threshold', () => {
    expect(onDetection(initialPresence, { ...alice, confidence: 59.9 }, options, 0, null)).toEqual({
      action: { kind: 'ignore', reason: 'confidence 59.9% < 60%' },
      state: initialPresence,
    });
  });

  it('switches to a known face once; repeated reports every ~5 s change nothing', () => {
    expect(run([0, 5, 10, 15].map((s) => ({ d: alice, at: s * 1000 })))).toEqual(['known', 'same', 'same', 'same']);
  });

  it('a known face that is already the current user is a no-op', () => {
    expect(run([{ d: alice, at: 0 }], () => 'alice_01')).toEqual(['same']);
  });

  it('an unknown face after someone else starts a fresh anonymous conversation', () => {
    expect(run([{ d: alice, at: 0 }, { d: stranger, at: 5000 }, { d: stranger, at: 10_000 }])).toEqual(['known', 'stranger', 'same']);
  });

  it('the same stranger keeps their conversation, even once they have told their name', () => {
    // The conversation settled their id at the second report; perception still sees an unknown face.
    expect(run([0, 5, 10].map((s) => ({ d: stranger, at: s * 1000 })), (i) => (i >= 1 ? 'new-id' : null))).toEqual(['same', 'same', 'same']);
  });

  it('an unknown face after a long absence is someone new', () => {
    expect(run([{ d: stranger, at: 0 }, { d: stranger, at: 31_000 }], (i) => (i >= 1 ? 'named-meanwhile' : null))).toEqual(['same', 'stranger']);
  });
});
