import { describe, expect, it } from 'vitest';
import { AlertsConfigSchema } from '../../../src/alerts/config.js';
import { detectSignal, rulesVerdict } from '../../../src/alerts/detect.js';
import { classifierOf, OpinionModelSchema, withThreshold, type Classifier } from '../../../src/alerts/opinion.js';
import { OPINION_PROBLEM, SHIPPED_OPINION } from '../../../src/alerts/opinion-model.js';
import { trainOpinion, type TrainingRow } from '../../../src/alerts/train-opinion.js';

// A classifier that is always sure: what comes out is the rules' gate, not the model.
const sure: Classifier = { threshold: 0.9, judge: () => ({ alert: 0.99, kind: 'emergency' }) };

describe('the classifier beside the rules', () => {
  it('raises what the rules miss, saying it was its reading', () => {
    const text = 'the gentleman by the lifts has gone a funny grey colour';
    expect(detectSignal(text, undefined, null)).toBeNull();
    expect(detectSignal(text, undefined, sure)).toEqual({ signal: 'emergency', matched: text, by: 'classifier' });
  });

  it('is not asked about a story, a hypothetical, a joke or an idiom, nor below its threshold', () => {
    for (const text of ['in the film the hero has a heart attack', 'was mache ich, wenn es brennt', 'je meurs de rire mdr', 'this queue is killing me']) {
      expect(rulesVerdict(text).open, text).toBe(false);
      expect(detectSignal(text, undefined, sure), text).toBeNull();
    }
    expect(detectSignal('the gentleman by the lifts has gone a funny grey colour', undefined, withThreshold(sure, 0.995))).toBeNull();
    // 1 turns it off, however sure it is.
    expect(detectSignal('the gentleman by the lifts has gone a funny grey colour', undefined, { ...sure, threshold: 1, judge: () => ({ alert: 1, kind: 'emergency' }) })).toBeNull();
  });

  it('does not overrule the rules when they found an alert', () => {
    const other: Classifier = { threshold: 0.5, judge: () => ({ alert: 0.99, kind: 'help_requested' }) };
    expect(detectSignal('there is a fire in the kitchen', undefined, other)?.signal).toBe('emergency');
  });
});

describe('training and loading the classifier', () => {
  const rows: TrainingRow[] = [
    { text: 'he collapsed and is not breathing', label: 'emergency' },
    { text: 'she collapsed on the floor', label: 'emergency' },
    { text: 'smoke everywhere, fire', label: 'emergency' },
    { text: 'get me a real person', label: 'help_requested' },
    { text: 'i want a real person please', label: 'help_requested' },
    { text: 'where is the coffee machine', label: 'none' },
    { text: 'the coffee is good', label: 'none' },
    { text: 'where is the lift', label: 'none' },
  ];

  it('is deterministic and learns its rows', () => {
    const options = { epochs: 20, rate: 0.3, l2: 1e-4, seed: 3, prune: 0, minCount: 1, noneWeight: 1 };
    const model = trainOpinion(rows, 0.5, ['test'], options);
    expect(trainOpinion(rows, 0.5, ['test'], options)).toEqual(model);
    const c = classifierOf(OpinionModelSchema.parse(model));
    expect(c.judge('he collapsed').kind).toBe('emergency');
    expect(c.judge('a real person please').kind).toBe('help_requested');
    expect(c.judge('where is the coffee machine').alert).toBeLessThan(0.5);
  });

  it('refuses a model whose weights do not match its features, and the shipped one is valid', () => {
    const bad = { version: 1, classes: ['none', 'emergency', 'help_requested'], features: ['w:fire'], weights: [], bias: [0, 0, 0], threshold: 0.9, trainedOn: [] };
    expect(OpinionModelSchema.safeParse(bad).success).toBe(false);
    expect(OPINION_PROBLEM).toBeNull();
    expect(SHIPPED_OPINION).not.toBeNull();
  });

  it('takes its threshold from the configuration when one is set', () => {
    expect(AlertsConfigSchema.parse({}).classifierThreshold).toBeNull();
    expect(AlertsConfigSchema.safeParse({ classifierThreshold: 0 }).success).toBe(false);
    expect(withThreshold(sure, null)).toBe(sure);
    expect(withThreshold(sure, 0.7)?.threshold).toBe(0.7);
  });
});
