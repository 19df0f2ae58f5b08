import { describe, expect, it } from 'vitest';
import { reliability } from '../../../src/intent/index.js';

describe('reliability at the language-model threshold', () => {
  it('counts the wrong-but-confident, the share asked to the language model, and the calibration error', () => {
    const judged = [
      { correct: true, confidence: 0.95 },
      { correct: true, confidence: 0.95 },
      { correct: false, confidence: 0.95 }, // wrong and sure: nobody checks it
      { correct: false, confidence: 0.4 }, // unsure: the language model decides
      { correct: true, confidence: 0.55 },
    ];
    const r = reliability(judged, 0.6);
    expect(r.n).toBe(5);
    expect(r.accuracy).toBeCloseTo(0.6);
    expect(r.wrongConfident).toBeCloseTo(1 / 5);
    expect(r.askedModel).toBeCloseTo(2 / 5);
    expect(r.accuracyConfident).toBeCloseTo(2 / 3);
    // Bins: 0.9–1.0 holds three at 0.95 with 2/3 right; 0.5–0.6 one right at 0.55; 0.4–0.5 one wrong at 0.4.
    expect(r.ece).toBeCloseTo((3 * Math.abs(2 / 3 - 0.95) + Math.abs(1 - 0.55) + Math.abs(0 - 0.4)) / 5);
    expect(r.bins.map((b) => b.n)).toEqual([1, 1, 3]);
  });

  it('is perfectly calibrated when confidence equals accuracy in every bin', () => {
    const judged = [...Array.from({ length: 8 }, () => ({ correct: true, confidence: 0.75 })), ...Array.from({ length: 4 }, (_, i) => ({ correct: i === 0, confidence: 0.25 }))];
    expect(reliability(judged, 0.6).ece).toBeCloseTo(Math.abs(1 - 0.75) * (8 / 12) + 0);
    expect(reliability([], 0.6)).toMatchObject({ n: 0, accuracy: 0, ece: 0, askedModel: 0 });
  });
});
