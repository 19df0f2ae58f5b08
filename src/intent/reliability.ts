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
}

/** Ten equal-width bins, as ECE is usually reported (Guo et al., 2017). */
export function reliability(judged: readonly Judged[], threshold: number, binCount = 10): Reliability {
  const n = judged.length;
  const bins = Array.from({ length: binCount }, (_, i) => ({ from: i / binCount, to: (i + 1) / binCount, n: 0, right: 0, confidence: 0 }));
  let right = 0;
  let wrongConfident = 0;
  let asked = 0;
  let confidentRight = 0;
  for (const { correct, confidence } of judged) {
    const bin = bins[Math.min(binCount - 1, Math.floor(confidence * binCount))]!;
    bin.n++;
    bin.confidence += confidence;
    if (correct) [right, bin.right] = [right + 1, bin.right + 1];
    if (confidence < threshold) asked++;
    else if (correct) confidentRight++;
    else wrongConfident++;
  }
  const ece = bins.reduce((sum, b) => sum + (b.n ? Math.abs(b.right - b.confidence) : 0), 0) / Math.max(n, 1);
  const share = (k: number, of: number) => (of ? k / of : 0);
  return {
    n,
    accuracy: share(right, n),
    ece,
    wrongConfident: share(wrongConfident, n),
    askedModel: share(asked, n),
    accuracyConfident: share(confidentRight, n - asked),
    threshold,
    bins: bins.filter((b) => b.n).map((b) => ({ from: b.from, to: b.to, n: b.n, accuracy: b.right / b.n, confidence: b.confidence / b.n })),
  };
}
