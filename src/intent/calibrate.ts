import type { CorpusExample } from './corpus.js';
import { featurize } from './featurize.js';
import { forward, type IntentWeights } from './train.js';

/**
 * Temperature scaling (Guo et al., 2017, "On Calibration of Modern Neural Networks"): the one
 * number T that makes softmax(logits / T) fit the held-out split best (lowest log loss). Dropout
 * and label smoothing leave the trained model less sure than it is right; the confidence is what
 * decides whether the language model is asked, so it should mean what it says. The predicted
 * intent never changes. The scale is folded into the output layer, so the ONNX graph stays as it is.
 */
export function calibrateTemperature(weights: IntentWeights, heldout: readonly CorpusExample[]): number {
  const labels = weights.labels;
  // log p is the logit up to a per-row constant, which softmax ignores.
  const rows = heldout.map((e) => ({ logp: Array.from(forward(weights, featurize(e.text, weights.spec)), (p) => Math.log(Math.max(p, 1e-30))), y: labels.indexOf(e.intent) }));
  const loss = (t: number) => {
    let sum = 0;
    for (const { logp, y } of rows) {
      const z = logp.map((l) => l / t);
      const max = Math.max(...z);
      const lse = max + Math.log(z.reduce((a, v) => a + Math.exp(v - max), 0));
      sum += lse - z[y]!;
    }
    return sum / Math.max(rows.length, 1);
  };
  let best = 1;
  let bestLoss = loss(1);
  // A coarse grid is enough: the loss is smooth in T, and two decimals are what is reported.
  for (let t = 0.3; t <= 2.0001; t += 0.01) {
    const l = loss(t);
    if (l < bestLoss - 1e-12) [best, bestLoss] = [t, l];
  }
  best = Math.round(best * 100) / 100;
  for (let i = 0; i < weights.W2.length; i++) weights.W2[i]! /= best;
  for (let i = 0; i < weights.b2.length; i++) weights.b2[i]! /= best;
  return best;
}
