import { lineWeights, type CorpusExample } from './corpus.js';
import { featurize } from './featurize.js';
import { forward, type IntentWeights } from './train.js';

export interface Calibration {
  /** The temperature folded into the output layer. */
  temperature: number;
  /** The one of lowest log loss on the validation split. */
  fitted: number;
  /** Share of the validation split below the threshold at `temperature`. */
  askedModel: number;
}

/**
 * Temperature scaling (Guo et al., 2017, "On Calibration of Modern Neural Networks"): one number T
 * for softmax(logits / T), fitted on the validation split (lowest log loss). The confidence
 * decides whether the language model is asked, so it should mean what it says. Then, when the
 * language model may be asked on up to `askBudget` of utterances, T is raised until that share of
 * the validation split falls below the threshold: the least sure answers, where nearly all the
 * errors are, go to the language model rather than being acted on. The predicted intent never
 * changes. The scale is folded into the output layer, so the ONNX graph stays as it is.
 */
export function calibrateTemperature(weights: IntentWeights, validation: readonly CorpusExample[], options: { threshold: number; askBudget: number }): Calibration {
  const labels = weights.labels;
  // log p is the logit up to a per-row constant, which softmax ignores.
  const w = lineWeights(validation);
  const rows = validation.map((e, i) => ({ logp: Array.from(forward(weights, featurize(e.text, weights.spec)), (p) => Math.log(Math.max(p, 1e-30))), y: labels.indexOf(e.intent), w: w[i]! }));
  const total = Math.max(w.reduce((a, b) => a + b, 0), 1e-12);
  const softmaxAt = (logp: number[], t: number) => {
    const z = logp.map((l) => l / t);
    const max = Math.max(...z);
    const lse = max + Math.log(z.reduce((a, v) => a + Math.exp(v - max), 0));
    return { z, lse };
  };
  const loss = (t: number) => rows.reduce((sum, { logp, y, w }) => {
    const { z, lse } = softmaxAt(logp, t);
    return sum + w * (lse - z[y]!);
  }, 0) / total;
  const asked = (t: number) => rows.reduce((sum, { logp, w }) => {
    const { z, lse } = softmaxAt(logp, t);
    return sum + (Math.exp(Math.max(...z) - lse) < options.threshold ? w : 0);
  }, 0) / total;

  let fitted = 1;
  let bestLoss = loss(1);
  // A coarse grid is enough: the loss is smooth in T, and two decimals are what is reported.
  for (let t = 0.3; t <= 2.0001; t += 0.01) {
    const l = loss(t);
    if (l < bestLoss - 1e-12) [fitted, bestLoss] = [t, l];
  }
  fitted = Math.round(fitted * 100) / 100;
  let temperature = fitted;
  // The share asked only grows with T: step up while the next step stays within the budget.
  while (temperature < 3 && asked(temperature + 0.01) <= options.askBudget) temperature = Math.round((temperature + 0.01) * 100) / 100;
  for (let i = 0; i < weights.W2.length; i++) weights.W2[i]! /= temperature;
  for (let i = 0; i < weights.b2.length; i++) weights.b2[i]! /= temperature;
  return { temperature, fitted, askedModel: asked(temperature) };
}
