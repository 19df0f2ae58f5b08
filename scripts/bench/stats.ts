export interface Summary {
  n: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentiles, in the unit of the samples. */
export function summarize(samples: number[]): Summary {
  if (!samples.length) throw new Error('no samples');
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
  return {
    n: sorted.length,
    p50: at(0.5),
    p95: at(0.95),
    p99: at(0.99),
    max: sorted[sorted.length - 1]!,
    mean: sorted.reduce((a, b) => a + b, 0) / sorted.length,
  };
}

export interface Measurement {
  name: string;
  /** Latencies are in ms; the critical-path section also reports ratios, counts, tokens and shares. */
  unit: 'ms' | '×' | 'calls' | 'tokens' | '%';
  summary: Summary;
  /** A latency target of the project, checked against p95. */
  targetP95?: number;
}

export function formatRow(m: Measurement): string {
  const s = m.summary;
  // Always a space before a number: minutes in ms are wider than the column.
  const f = (x: number) => ` ${x.toFixed(3).padStart(9)}`;
  const verdict = m.targetP95 === undefined ? '' : s.p95 <= m.targetP95 ? `  ✓ target p95 ≤ ${m.targetP95}` : `  ✗ target p95 ≤ ${m.targetP95}`;
  const mean = m.unit === 'ms' ? '' : ` mean${f(s.mean)}`;
  return `${m.name.padEnd(70)} n=${String(s.n).padStart(5)} p50${f(s.p50)} p95${f(s.p95)} p99${f(s.p99)} max${f(s.max)}${mean} ${m.unit}${verdict}`;
}
