/** How far the model's confidence can be trusted, at the threshold below which the language model is asked. */
export interface Reliability {
  n: number;
  accuracy: number;
  /** Expected calibration error: |accuracy − mean confidence| per confidence bin, weighted by the bin's share. */
  ece: number;
  /** Share of utterances that are wrong and still at or above the threshold: nobody checks them. */
  wrongConfident: number;
  /** Share below the threshold: the language model is asked, when there is one. */
  askedModel: number;
  /** Accuracy of the utterances at or above the threshold. */
  accuracyConfident: number;
  threshold: number;
  bins: { from: number; to: number; n: number; accuracy: number; confidence: number }[];
}

export interface Judged {
  correct: boolean;
  confidence: number;
  /** 1 unless given: the validation split weighs each corpus line once, however many fillings it has. */
  weight?: number;
}

/** Ten equal-width bins, as ECE is usually reported (Guo et al., 2017). */
export function reliability(judged: readonly Judged[], threshold: number, binCount = 10): Reliability {
  const n = judged.length;
  const bins = Array.from({ length: binCount }, (_, i) => ({ from: i / binCount, to: (i + 1) / binCount, n: 0, right: 0, confidence: 0 }));
  let total = 0;
  let right = 0;
  let wrongConfident = 0;
  let asked = 0;
  let confidentRight = 0;
  for (const { correct, confidence, weight = 1 } of judged) {
    const bin = bins[Math.min(binCount - 1, Math.floor(confidence * binCount))]!;
    total += weight;
    bin.n += weight;
    bin.confidence += confidence * weight;
    if (correct) [right, bin.right] = [right + weight, bin.right + weight];
    if (confidence < threshold) asked += weight;
    else if (correct) confidentRight += weight;
    else wrongConfident += weight;
  }
  const ece = bins.reduce((sum, b) => sum + (b.n ? Math.abs(b.right - b.confidence) : 0), 0) / Math.max(total, 1e-12);
  const share = (k: number, of: number) => (of ? k / of : 0);
  return {
    n,
    accuracy: share(right, total),
    ece,
    wrongConfident: share(wrongConfident, total),
    askedModel: share(asked, total),
    accuracyConfident: share(confidentRight, total - asked),
    threshold,
    bins: bins.filter((b) => b.n).map((b) => ({ from: b.from, to: b.to, n: (b.n / Math.max(total, 1e-12)) * n, accuracy: b.right / b.n, confidence: b.confidence / b.n })),
  };
}
