import { lineWeights, type CorpusExample } from './corpus.js';
import { featurize } from './featurize.js';
import { forward, type IntentWeights } from './train.js';

export interface Calibration {
  /** The temperature folded into the output layer. */
  temperature: number;
  /** The one of lowest log loss on the calibration set. */
  fitted: number;
  /** What the temperature was fitted on: the development sets, or (without them) the validation split. */
  on: 'development' | 'validation';
  /** Share of the calibration set below the threshold at `temperature`. */
  askedModel: number;
  /** Share of the calibration set wrong at or above the threshold at `temperature`. */
  wrongConfident: number;
  /** The canonical phrasings: how many, how many the model gets wrong (no temperature helps those), and the lowest confidence of the rest at `temperature`. */
  canonical: { n: number; wrong: number; lowest: number; cap: number | null } | null;
}

export interface CalibrationOptions {
  threshold: number;
  /** Share of the calibration set the language model may be asked about. */
  askBudget: number;
  /**
   * Development utterances written as visitors talk (eval/intent/dev-*.tsv): never trained on. When
   * given, the temperature is fitted on them rather than on the validation split, whose template
   * fillings are harder and less like speech than what visitors say: a temperature raised until a
   * tenth of the validation split was asked left only 4% of natural utterances asked and kept most
   * errors above the threshold.
   */
  development?: readonly CorpusExample[];
  /**
   * What visitors say most, briefly ("Alright, see you!", "Danke!", "再见！"): acted on without the
   * language model, or a goodbye does not end the visit offline. The temperature may rise only as
   * far as every one of them the model gets right keeps `canonicalFloor` confidence.
   */
  canonical?: readonly CorpusExample[];
  canonicalFloor?: number;
}

/**
 * Temperature scaling (Guo et al., 2017, "On Calibration of Modern Neural Networks"): one number T
 * for softmax(logits / T), fitted on the calibration set (lowest log loss). The confidence
 * decides whether the language model is asked, so it should mean what it says. Then, while the
 * language model may be asked on up to `askBudget` of the calibration set, T is moved to the highest
 * value the budget allows: the top probability only falls as T rises, so this is the temperature with the
 * fewest confident errors the budget affords; the least sure answers, where nearly all the errors
 * are, go to the language model rather than being acted on. The predicted intent never changes.
 * The scale is folded into the output layer, so the ONNX graph stays as it is.
 */
export function calibrateTemperature(weights: IntentWeights, validation: readonly CorpusExample[], options: CalibrationOptions): Calibration {
  const labels = weights.labels;
  const development = options.development?.length ? options.development : null;
  const set = development ?? validation;
  // The validation split counts each corpus line once (a template's fillings weigh as one line); development utterances are each their own.
  const w = development ? set.map(() => 1) : lineWeights(set);
  // log p is the logit up to a per-row constant, which softmax ignores.
  const rows = set.map((e, i) => ({ logp: Array.from(forward(weights, featurize(e.text, weights.spec)), (p) => Math.log(Math.max(p, 1e-30))), y: labels.indexOf(e.intent), w: w[i]! }));
  const total = Math.max(w.reduce((a, b) => a + b, 0), 1e-12);
  const at = (logp: number[], t: number) => {
    const z = logp.map((l) => l / t);
    const max = Math.max(...z);
    const lse = max + Math.log(z.reduce((a, v) => a + Math.exp(v - max), 0));
    return { z, lse, top: Math.exp(max - lse), argmax: z.indexOf(max) };
  };
  const mean = (t: number, f: (row: (typeof rows)[number], s: ReturnType<typeof at>) => number) => rows.reduce((sum, row) => sum + row.w * f(row, at(row.logp, t)), 0) / total;
  const loss = (t: number) => mean(t, ({ y }, { z, lse }) => lse - z[y]!);
  const asked = (t: number) => mean(t, (_, { top }) => (top < options.threshold ? 1 : 0));
  const wrongConfident = (t: number) => mean(t, ({ y }, { top, argmax }) => (top >= options.threshold && argmax !== y ? 1 : 0));

  let fitted = 1;
  let bestLoss = loss(1);
  // A coarse grid is enough: the loss is smooth in T, and two decimals are what is reported.
  for (let t = 0.3; t <= 2.0001; t += 0.01) {
    const l = loss(t);
    if (l < bestLoss - 1e-12) [fitted, bestLoss] = [t, l];
  }
  fitted = Math.round(fitted * 100) / 100;
  let temperature = fitted;
  // The share asked only grows with T: step up while the next step stays within the budget, or,
  // where the fitted temperature already asks more than the budget allows, down until it does not.
  const step = (t: number, by: number) => Math.round((t + by) * 100) / 100;
  while (temperature > 0.3 && asked(temperature) > options.askBudget) temperature = step(temperature, -0.01);
  while (temperature < 3 && asked(step(temperature, 0.01)) <= options.askBudget) temperature = step(temperature, 0.01);
  // Flattening is bought with short canonical phrasings falling under the threshold: the budget is
  // spent on what is unsure, not on "Bye!". Their top probability falls as T rises, so the bound is
  // the highest T at which the least sure of them still keeps the floor.
  const canonical = canonicalBound(weights, options.canonical ?? [], options.canonicalFloor ?? options.threshold);
  if (canonical.cap !== null && temperature > canonical.cap) temperature = canonical.cap;
  for (let i = 0; i < weights.W2.length; i++) weights.W2[i]! /= temperature;
  for (let i = 0; i < weights.b2.length; i++) weights.b2[i]! /= temperature;
  const lowest = Math.min(1, ...canonical.right.map((logp) => at(logp, temperature).top));
  return {
    temperature,
    fitted,
    on: development ? 'development' : 'validation',
    askedModel: asked(temperature),
    wrongConfident: wrongConfident(temperature),
    canonical: canonical.n ? { n: canonical.n, wrong: canonical.n - canonical.right.length, lowest, cap: canonical.cap } : null,
  };
}

/** The highest temperature (two decimals) at which every canonical phrasing the model gets right keeps `floor`; null without any. */
function canonicalBound(weights: IntentWeights, canonical: readonly CorpusExample[], floor: number) {
  const right: number[][] = [];
  for (const e of canonical) {
    const p = forward(weights, featurize(e.text, weights.spec));
    const top = p.indexOf(Math.max(...p));
    if (weights.labels[top] === e.intent) right.push(Array.from(p, (v) => Math.log(Math.max(v, 1e-30))));
  }
  const top = (logp: number[], t: number) => {
    const max = Math.max(...logp);
    return 1 / logp.reduce((a, l) => a + Math.exp((l - max) / t), 0);
  };
  const keeps = (t: number) => right.every((logp) => top(logp, t) >= floor);
  if (!right.length) return { n: canonical.length, right, cap: null };
  let cap = 3;
  while (cap > 0.05 && !keeps(cap)) cap = Math.round((cap - 0.01) * 100) / 100;
  return { n: canonical.length, right, cap };
}
