import { seededRandom } from '../models/random.js';
import { lineWeights, type CorpusExample } from './corpus.js';
import { featurize, type FeaturizerSpec, type SparseFeatures } from './featurize.js';
import { INTENTS, type Intent } from './labels.js';

export interface TrainOptions {
  hidden: number;
  epochs: number;
  batchSize: number;
  learningRate: number;
  /** Hidden-unit dropout: the corpus is small, and phrasings at run time are new. */
  dropout: number;
  /** Soft targets keep confidences honest, which matters because low confidence defers to the LLM. */
  labelSmoothing: number;
  seed: number;
  /** With a validation split: stop after this many epochs without a better validation accuracy, and keep the best. */
  patience: number;
}

export const DEFAULT_TRAIN_OPTIONS: TrainOptions = {
  hidden: 64,
  epochs: 30,
  batchSize: 32,
  learningRate: 0.004,
  dropout: 0.25,
  labelSmoothing: 0.05,
  seed: 20251121,
  patience: 4,
};

/** A one-hidden-layer MLP over hashed n-grams: W1 is [dims, hidden], W2 is [hidden, classes]. */
export interface IntentWeights {
  labels: readonly Intent[];
  spec: FeaturizerSpec;
  hidden: number;
  W1: Float32Array;
  b1: Float32Array;
  W2: Float32Array;
  b2: Float32Array;
}

function gaussian(random: () => number): number {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/** Forward pass in plain code, used for evaluation during training and to check the ONNX export. */
export function forward(w: IntentWeights, x: SparseFeatures, hiddenOut?: Float32Array, mask?: Float32Array): Float32Array {
  const H = w.hidden;
  const C = w.labels.length;
  const h = hiddenOut ?? new Float32Array(H);
  h.set(w.b1);
  for (let k = 0; k < x.indices.length; k++) {
    const row = x.indices[k]! * H;
    const v = x.values[k]!;
    for (let j = 0; j < H; j++) h[j]! += v * w.W1[row + j]!;
  }
  for (let j = 0; j < H; j++) h[j] = h[j]! > 0 ? h[j]! * (mask ? mask[j]! : 1) : 0;
  const logits = new Float32Array(C);
  logits.set(w.b2);
  for (let j = 0; j < H; j++) {
    const hj = h[j]!;
    if (hj === 0) continue;
    for (let c = 0; c < C; c++) logits[c]! += hj * w.W2[j * C + c]!;
  }
  let max = -Infinity;
  for (const l of logits) max = Math.max(max, l);
  let sum = 0;
  for (let c = 0; c < C; c++) sum += logits[c] = Math.exp(logits[c]! - max);
  for (let c = 0; c < C; c++) logits[c]! /= sum;
  return logits;
}

/**
 * Mini-batch Adam with softmax cross-entropy. W1 is updated lazily (only the rows a batch touches),
 * as sparse-input models are usually trained: the same result, a fraction of the work.
 */
export interface EpochReport {
  epoch: number;
  loss: number;
  /** On the validation split, when there is one. */
  validationAccuracy: number | null;
  best: boolean;
}

export function trainIntentModel(
  examples: readonly CorpusExample[],
  spec: FeaturizerSpec,
  options: TrainOptions = DEFAULT_TRAIN_OPTIONS,
  onEpoch?: (report: EpochReport) => void,
  validation: readonly CorpusExample[] = [],
): IntentWeights & { epochs: number } {
  // mulberry32, seeded: training is reproducible bit for bit.
  const random = seededRandom(options.seed);
  const D = spec.dims;
  const H = options.hidden;
  const C = INTENTS.length;
  const w: IntentWeights = {
    labels: INTENTS,
    spec,
    hidden: H,
    W1: Float32Array.from({ length: D * H }, () => gaussian(random) * Math.sqrt(2 / 64)),
    b1: new Float32Array(H),
    W2: Float32Array.from({ length: H * C }, () => gaussian(random) * Math.sqrt(2 / H)),
    b2: new Float32Array(C),
  };
  const data = examples.map((e) => ({ x: featurize(e.text, spec), y: INTENTS.indexOf(e.intent) }));
  const params = [w.W1, w.b1, w.W2, w.b2];
  const m = params.map((p) => new Float32Array(p.length));
  const v = params.map((p) => new Float32Array(p.length));
  const [b1, b2, eps] = [0.9, 0.999, 1e-8];
  let step = 0;

  const order = data.map((_, i) => i);
  const hidden = new Float32Array(H);
  const mask = new Float32Array(H);
  const dh = new Float32Array(H);
  const gW2 = new Float32Array(H * C);
  const gb1 = new Float32Array(H);
  const gb2 = new Float32Array(C);
  // One dense buffer and the list of rows a batch touched: no allocation per batch, rows zeroed after use.
  const gW1 = new Float32Array(D * H);
  const touched = new Uint8Array(D);
  const rows: number[] = [];
  const keep = 1 - options.dropout;
  // Early stopping counts each corpus line once, as the temperature does (calibrate.ts).
  const lineWeight = lineWeights(validation);
  const checked = validation.map((e, i) => ({ x: featurize(e.text, spec), y: INTENTS.indexOf(e.intent), w: lineWeight[i]! }));
  const checkedTotal = lineWeight.reduce((a, b) => a + b, 0);
  let best = { accuracy: -1, epoch: 0, weights: [] as Float32Array[] };

  for (let epoch = 0; epoch < options.epochs; epoch++) {
    for (let i = order.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    let lossSum = 0;
    for (let start = 0; start < order.length; start += options.batchSize) {
      const batch = order.slice(start, start + options.batchSize);
      gW2.fill(0);
      gb1.fill(0);
      gb2.fill(0);
      for (const index of batch) {
        const { x, y } = data[index]!;
        for (let j = 0; j < H; j++) mask[j] = random() < keep ? 1 / keep : 0;
        const p = forward(w, x, hidden, mask);
        lossSum -= Math.log(Math.max(p[y]!, 1e-12));
        const d = new Float32Array(C);
        for (let c = 0; c < C; c++) {
          const target = (c === y ? 1 - options.labelSmoothing : 0) + options.labelSmoothing / C;
          d[c] = (p[c]! - target) / batch.length;
        }
        for (let c = 0; c < C; c++) gb2[c]! += d[c]!;
        for (let j = 0; j < H; j++) {
          const hj = hidden[j]!;
          let back = 0;
          for (let c = 0; c < C; c++) {
            gW2[j * C + c]! += hj * d[c]!;
            back += w.W2[j * C + c]! * d[c]!;
          }
          // hidden already holds relu(x)·mask, so hj > 0 exactly where the unit passed gradient.
          dh[j] = hj > 0 ? back * mask[j]! : 0;
          gb1[j]! += dh[j]!;
        }
        for (let k = 0; k < x.indices.length; k++) {
          const row = x.indices[k]!;
          if (!touched[row]) {
            touched[row] = 1;
            rows.push(row);
          }
          const xv = x.values[k]!;
          const base = row * H;
          for (let j = 0; j < H; j++) gW1[base + j]! += xv * dh[j]!;
        }
      }
      step++;
      const lr = (options.learningRate * Math.sqrt(1 - b2 ** step)) / (1 - b1 ** step);
      const adam = (pi: number, offset: number, g: Float32Array, from = 0, length = g.length) => {
        const [p, mp, vp] = [params[pi]!, m[pi]!, v[pi]!];
        for (let k = 0; k < length; k++) {
          const idx = offset + k;
          const gk = g[from + k]!;
          mp[idx] = b1 * mp[idx]! + (1 - b1) * gk;
          vp[idx] = b2 * vp[idx]! + (1 - b2) * gk * gk;
          p[idx]! -= (lr * mp[idx]!) / (Math.sqrt(vp[idx]!) + eps);
        }
      };
      for (const row of rows) {
        adam(0, row * H, gW1, row * H, H);
        gW1.fill(0, row * H, row * H + H);
        touched[row] = 0;
      }
      rows.length = 0;
      adam(1, 0, gb1);
      adam(2, 0, gW2);
      adam(3, 0, gb2);
    }
    let validationAccuracy: number | null = null;
    let improved = false;
    if (checked.length) {
      let right = 0;
      for (const { x, y, w: weight } of checked) {
        const p = forward(w, x);
        if (p.indexOf(Math.max(...p)) === y) right += weight;
      }
      validationAccuracy = right / checkedTotal;
      improved = validationAccuracy > best.accuracy;
      if (improved) best = { accuracy: validationAccuracy, epoch: epoch + 1, weights: params.map((p) => p.slice()) };
    }
    onEpoch?.({ epoch: epoch + 1, loss: lossSum / data.length, validationAccuracy, best: improved });
    if (checked.length && epoch + 1 - best.epoch >= options.patience) break;
  }
  if (!checked.length) return { ...w, epochs: options.epochs };
  params.forEach((p, i) => p.set(best.weights[i]!));
  return { ...w, epochs: best.epoch };
}

export interface Evaluation {
  n: number;
  accuracy: number;
  perIntent: Record<string, { n: number; precision: number; recall: number }>;
  /** confusion[expected][predicted] */
  confusion: Record<string, Record<string, number>>;
  errors: { text: string; source: string; expected: Intent; predicted: Intent; confidence: number }[];
}

export function evaluate(predict: (text: string) => { intent: Intent; confidence: number }, examples: readonly CorpusExample[]): Evaluation {
  const confusion = Object.fromEntries(INTENTS.map((a) => [a, Object.fromEntries(INTENTS.map((b) => [b, 0]))]));
  const errors: Evaluation['errors'] = [];
  let correct = 0;
  for (const e of examples) {
    const { intent, confidence } = predict(e.text);
    confusion[e.intent]![intent]!++;
    if (intent === e.intent) correct++;
    else errors.push({ text: e.text, source: e.source, expected: e.intent, predicted: intent, confidence });
  }
  const perIntent = Object.fromEntries(
    INTENTS.map((label) => {
      const tp = confusion[label]![label]!;
      const actual = INTENTS.reduce((s, p) => s + confusion[label]![p]!, 0);
      const predicted = INTENTS.reduce((s, a) => s + confusion[a]![label]!, 0);
      return [label, { n: actual, precision: predicted ? tp / predicted : 0, recall: actual ? tp / actual : 0 }];
    }),
  );
  return { n: examples.length, accuracy: examples.length ? correct / examples.length : 0, perIntent, confusion, errors };
}
