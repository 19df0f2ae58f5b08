import type { CorpusExample } from './corpus.js';
import type { FeaturizerSpec } from './featurize.js';
import { trainIntentModel, type EpochReport, type IntentWeights, type TrainOptions } from './train.js';

/**
 * Networks trained from different seeds (initialisation, data order, dropout) and averaged. An
 * average of a few networks is better calibrated than any one of them (Lakshminarayanan et al.,
 * 2017, "Simple and Scalable Predictive Uncertainty Estimation using Deep Ensembles"): where they
 * disagree, on phrasings none of them has seen, the average is unsure, and the language model is
 * asked instead of a confident wrong answer being acted on.
 */
export const ENSEMBLE_MEMBERS = 3;

/** Hidden units of the exported network: the members side by side. */
export const ensembleHidden = (options: TrainOptions, members = ENSEMBLE_MEMBERS) => options.hidden * members;

export function trainEnsemble(
  examples: readonly CorpusExample[],
  spec: FeaturizerSpec,
  options: TrainOptions,
  onEpoch?: (member: number, report: EpochReport) => void,
  validation: readonly CorpusExample[] = [],
  members = ENSEMBLE_MEMBERS,
): IntentWeights & { epochs: number[] } {
  const trained = Array.from({ length: members }, (_, m) =>
    trainIntentModel(examples, spec, { ...options, seed: options.seed + 7919 * m }, (r) => onEpoch?.(m + 1, r), validation),
  );
  return { ...mergeMembers(trained), epochs: trained.map((t) => t.epochs) };
}

/**
 * One network whose logits are the mean of the members' logits: their hidden layers side by side,
 * their output layers stacked and divided by the number of members. The ONNX graph, the int8 first
 * layer (one scale per hidden unit) and the temperature folded into the output layer stay as they are.
 */
function mergeMembers(members: readonly IntentWeights[]): IntentWeights {
  const first = members[0]!;
  const [K, H, C] = [members.length, first.hidden, first.labels.length];
  const rows = first.W1.length / H;
  const W1 = new Float32Array(rows * H * K);
  for (let r = 0; r < rows; r++) members.forEach((m, k) => W1.set(m.W1.subarray(r * H, (r + 1) * H), (r * K + k) * H));
  const b1 = new Float32Array(H * K);
  members.forEach((m, k) => b1.set(m.b1, k * H));
  const W2 = new Float32Array(H * K * C);
  members.forEach((m, k) => W2.set(m.W2.map((v) => v / K), k * H * C));
  const b2 = new Float32Array(C);
  for (const m of members) for (let c = 0; c < C; c++) b2[c]! += m.b2[c]! / K;
  return { labels: first.labels, spec: first.spec, hidden: H * K, W1, b1, W2, b2 };
}
