import { describe, expect, it } from 'vitest';
import { DEFAULT_FEATURIZER, featurize, forward, lineWeights, parseCorpusTsv, reliability, trainEnsemble, trainIntentModel } from '../../../src/intent/index.js';

const tiny = parseCorpusTsv(
  [
    'intent\tlanguage\ttarget_language\ttext',
    'first_greeting\ten\t\tHello there',
    'first_greeting\ten\t\tGood morning',
    'end_conversation\ten\t\tGoodbye',
    'end_conversation\ten\t\tSee you later',
    'language_change\ten\tde\tSpeak German please',
    'update_user_info\ten\t\tMy name is Ana',
    'continue_conversation\ten\t\tWhat time is it?',
  ].join('\n'),
  'tiny.tsv',
  null,
);
const options = { hidden: 8, epochs: 20, batchSize: 4, learningRate: 0.01, dropout: 0, labelSmoothing: 0, seed: 1, patience: 4 };
const spec = { ...DEFAULT_FEATURIZER, dims: 512 };

describe('an ensemble of intent networks', () => {
  it('is one network whose logits are the mean of its members\' logits', () => {
    // The ensemble trains its members as single networks, each from its own seed; the same three, trained here, are what it merges.
    const merged = trainEnsemble(tiny, spec, options, undefined, [], 3);
    const members = [0, 1, 2].map((m) => trainIntentModel(tiny, spec, { ...options, seed: options.seed + 7919 * m }));
    expect(merged.hidden).toBe(24);
    for (const text of ['Hello there', 'Goodbye', 'Could you speak German?', 'Where is the lift?']) {
      const x = featurize(text, spec);
      // log p is the logit up to a per-member constant, which the softmax ignores.
      const mean = merged.labels.map((_, c) => members.reduce((s, m) => s + Math.log(forward(m, x)[c]!), 0) / members.length);
      const z = Math.log(mean.reduce((s, l) => s + Math.exp(l), 0));
      const got = forward(merged, x);
      mean.forEach((l, c) => expect(got[c]!, `${text}, class ${c}`).toBeCloseTo(Math.exp(l - z), 5));
      // Not any one member's answer: the members disagree, and the ensemble lies between them.
      expect(members.some((m) => Math.abs(forward(m, x)[0]! - got[0]!) > 1e-4)).toBe(true);
    }
  });
});

describe('validation weights', () => {
  it('count each corpus line once, however many fillings its template has', () => {
    const filled = parseCorpusTsv(
      ['intent\tlanguage\ttarget_language\ttext', ...['Ana', 'Bo', 'Cy', 'Di'].map((n) => `continue_conversation\ten\t\tMy boss is ${n}`), 'first_greeting\ten\t\tHi'].join('\n'),
      't.tsv',
      null,
    ).map((e, i) => (i < 4 ? { ...e, group: 'en\0My boss is {name}' } : e));
    expect(lineWeights(filled)).toEqual([0.25, 0.25, 0.25, 0.25, 1]);
    // Four wrong fillings of one line and one right line: half the lines are wrong, not four fifths.
    const judged = filled.map((e, i) => ({ correct: i === 4, confidence: 0.9, weight: lineWeights(filled)[i]! }));
    const r = reliability(judged, 0.6);
    expect(r.accuracy).toBeCloseTo(0.5);
    expect(r.wrongConfident).toBeCloseTo(0.5);
    expect(r.n).toBe(5);
  });
});
