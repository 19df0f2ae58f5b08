import { describe, expect, it } from 'vitest';
import { calibrateTemperature, DEFAULT_FEATURIZER, featurize, forward, parseCorpusTsv, trainIntentModel, type IntentWeights } from '../../../src/intent/index.js';

const tsv = (rows: string[]) => parseCorpusTsv(['intent\tlanguage\ttarget_language\ttext', ...rows].join('\n'), 'tiny.tsv', null);
const train = tsv([
  'first_greeting\ten\t\tHello there',
  'first_greeting\ten\t\tGood morning',
  'end_conversation\ten\t\tGoodbye',
  'end_conversation\ten\t\tSee you later',
  'language_change\ten\tde\tSpeak German please',
  'update_user_info\ten\t\tMy name is Ana',
  'continue_conversation\ten\t\tWhat time is it?',
]);
// Phrasings the network never saw, as the development sets hold them: it is less sure of these than of its own training lines.
const development = tsv([
  'first_greeting\ten\t\tHello, good morning to you',
  'end_conversation\ten\t\tBye, see you',
  'language_change\ten\tde\tGerman please, if you can',
  'update_user_info\ten\t\tMy name is Jonas, hello',
  'continue_conversation\ten\t\tIs it time yet?',
  'continue_conversation\ten\t\tWhat is this place?',
  'first_greeting\ten\t\tMorning there',
  'end_conversation\ten\t\tGood, later then',
]);
const options = { hidden: 8, epochs: 20, batchSize: 4, learningRate: 0.01, dropout: 0, labelSmoothing: 0, seed: 1, patience: 4 };
const spec = { ...DEFAULT_FEATURIZER, dims: 512 };

const copy = (w: IntentWeights): IntentWeights => ({ ...w, W1: w.W1.slice(), b1: w.b1.slice(), W2: w.W2.slice(), b2: w.b2.slice() });
/** Share of `texts` whose top probability is below the threshold once the raw network is scaled by 1/t. */
function askedAt(raw: IntentWeights, texts: string[], t: number, threshold: number): number {
  const w = copy(raw);
  w.W2.forEach((v, i) => (w.W2[i] = v / t));
  w.b2.forEach((v, i) => (w.b2[i] = v / t));
  return texts.filter((text) => Math.max(...forward(w, featurize(text, spec))) < threshold).length / texts.length;
}

describe('temperature scaling', () => {
  const raw = trainIntentModel(train, spec, options);
  const threshold = 0.6;
  const askBudget = 0.25;

  it('is fitted on the development sets when there are any, and spends the ask budget on them', () => {
    const weights = copy(raw);
    const calibration = calibrateTemperature(weights, train, { threshold, askBudget, development });
    expect(calibration.on).toBe('development');
    const texts = development.map((e) => e.text);
    // What it reports is what the folded model does on the development sets, within the budget ...
    const asked = texts.filter((text) => Math.max(...forward(weights, featurize(text, spec))) < threshold).length / texts.length;
    expect(asked).toBeCloseTo(calibration.askedModel, 10);
    expect(asked).toBeLessThanOrEqual(askBudget);
    // ... and as far as the budget goes: one step hotter would ask more of them than it allows.
    expect(askedAt(raw, texts, calibration.temperature + 0.01, threshold)).toBeGreaterThan(askBudget);
    // The validation split (here the training lines, which the network is sure of) would have let it go much hotter.
    expect(askedAt(raw, train.map((e) => e.text), calibration.temperature + 0.01, threshold)).toBeLessThanOrEqual(askBudget);
  });

  it('falls back to the validation split without development sets, and never changes a prediction', () => {
    const weights = copy(raw);
    const calibration = calibrateTemperature(weights, train, { threshold, askBudget, development: [] });
    expect(calibration.on).toBe('validation');
    for (const e of [...train, ...development]) {
      const [before, after] = [forward(raw, featurize(e.text, spec)), forward(weights, featurize(e.text, spec))];
      expect(after.indexOf(Math.max(...after))).toBe(before.indexOf(Math.max(...before)));
    }
  });

  it('rises no further than keeps every canonical phrasing it gets right above the floor, however much budget is left', () => {
    // A budget that lets it flatten everything: before the bound, "Bye" fell under the threshold this way.
    const generous = { threshold, askBudget: 1, development };
    const unbound = calibrateTemperature(copy(raw), train, generous);
    const canonical = tsv(['end_conversation\ten\t\tGoodbye', 'first_greeting\ten\t\tHello there', 'continue_conversation\ten\t\tWhat time is it?']);
    const floor = 0.7;
    const weights = copy(raw);
    const bound = calibrateTemperature(weights, train, { ...generous, canonical, canonicalFloor: floor });
    expect(bound.temperature).toBeLessThan(unbound.temperature);
    expect(bound.canonical).toMatchObject({ n: 3, wrong: 0, cap: bound.temperature });
    const lowest = Math.min(...canonical.map((e) => Math.max(...forward(weights, featurize(e.text, spec)))));
    expect(lowest).toBeGreaterThanOrEqual(floor);
    expect(lowest).toBeCloseTo(bound.canonical!.lowest, 6);
    // The bound is tight: one step hotter, the least sure of them would fall under the floor.
    const texts = canonical.map((e) => e.text);
    expect(askedAt(raw, texts, bound.temperature + 0.01, floor)).toBeGreaterThan(0);
  });

  it('leaves a temperature the canonical phrasings allow as it is', () => {
    const calibration = calibrateTemperature(copy(raw), train, { threshold, askBudget, development });
    const canonical = tsv(['end_conversation\ten\t\tGoodbye']);
    const bound = calibrateTemperature(copy(raw), train, { threshold, askBudget, development, canonical, canonicalFloor: 0.3 });
    expect(bound.temperature).toBe(calibration.temperature);
  });
});
