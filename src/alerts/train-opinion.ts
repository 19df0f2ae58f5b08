import { ngrams } from './ngrams.js';
import { OPINION_CLASSES, softmax, type OpinionClass, type OpinionModel } from './opinion.js';
import { seededRandom } from '../models/random.js';

/**
 * Training of the alert classifier (opinion.ts): multinomial logistic regression by AdaGrad with
 * an L2 penalty, in a fixed order drawn from a seeded generator, so that the same rows always give
 * the same model. Pure: rows in, model out (scripts/train-alert-classifier.ts reads and writes).
 */
export interface TrainingRow {
  text: string;
  label: OpinionClass;
}

export interface TrainingOptions {
  epochs: number;
  rate: number;
  l2: number;
  seed: number;
  /** Weights smaller than this in every class are dropped from the model (it stays small). */
  prune: number;
  /** Features in fewer training rows than this are left out: they would only learn those rows by heart, and fill the file. */
  minCount: number;
  /** How much more an ordinary utterance counts than an alert: a false alarm costs more than a miss the rules may still catch. */
  noneWeight: number;
}

export const TRAINING_DEFAULTS: TrainingOptions = { epochs: 25, rate: 0.3, l2: 1e-4, seed: 7, prune: 0.05, minCount: 3, noneWeight: 8 };

export function trainOpinion(rows: readonly TrainingRow[], threshold: number, trainedOn: string[], options: TrainingOptions = TRAINING_DEFAULTS): OpinionModel {
  const random = seededRandom(options.seed);
  const all = rows.map((r) => ngrams(r.text));
  const seen = new Map<string, number>();
  for (const feats of all) for (const f of feats) seen.set(f, (seen.get(f) ?? 0) + 1);
  const x = all.map((feats) => feats.filter((f) => seen.get(f)! >= options.minCount));
  const y = rows.map((r) => OPINION_CLASSES.indexOf(r.label));
  const weights = new Map<string, [number, number, number]>();
  const squares = new Map<string, [number, number, number]>();
  const bias = [0, 0, 0];
  const biasSquares = [1e-8, 1e-8, 1e-8];
  const order = rows.map((_, i) => i);
  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    for (const i of order) {
      const feats = x[i]!;
      const scale = 1 / Math.sqrt(Math.max(1, feats.length));
      const z = [...bias];
      for (const f of feats) {
        const w = weights.get(f);
        if (w) for (let c = 0; c < 3; c++) z[c]! += w[c]! * scale;
      }
      const p = softmax(z);
      for (let c = 0; c < 3; c++) {
        const g = (p[c]! - (y[i] === c ? 1 : 0)) * (y[i] === 0 ? options.noneWeight : 1);
        biasSquares[c]! += g * g;
        bias[c]! -= (options.rate * g) / Math.sqrt(biasSquares[c]!);
        for (const f of feats) {
          let w = weights.get(f);
          let s = squares.get(f);
          if (!w || !s) {
            weights.set(f, (w = [0, 0, 0]));
            squares.set(f, (s = [1e-8, 1e-8, 1e-8]));
          }
          const grad = g * scale + options.l2 * w[c]!;
          s[c]! += grad * grad;
          w[c]! -= (options.rate * grad) / Math.sqrt(s[c]!);
        }
      }
    }
  }
  const kept = [...weights].filter(([, w]) => w.some((v) => Math.abs(v) >= options.prune)).sort(([a], [b]) => (a < b ? -1 : 1));
  const round = (v: number) => Math.round(v * 100) / 100;
  return {
    version: 1,
    classes: ['none', 'emergency', 'help_requested'],
    features: kept.map(([f]) => f),
    weights: kept.map(([, w]) => [round(w[0]), round(w[1]), round(w[2])]),
    bias: [round(bias[0]!), round(bias[1]!), round(bias[2]!)],
    threshold,
    trainedOn,
  };
}
