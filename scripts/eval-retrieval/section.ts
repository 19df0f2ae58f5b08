import { distribution, recallAt, suggestThreshold, type Distribution, type Suggestion } from '../../src/eval/index.js';

/** The figures of one embedding-based set (memory, scenes, the knowledge embedder alone): recall, score distributions, a suggested threshold. */
export interface Section {
  name: string;
  model: string;
  standin: boolean;
  recall1: number;
  recall3: number;
  queries: number;
  matches: Distribution;
  nonMatches: Distribution;
  suggestion: Suggestion | null;
  /** The setting the suggestion is for, and its current value. */
  setting: string;
  current: number;
}

export const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const f = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '—');
export const pct = (x: number) => (Number.isFinite(x) ? `${(x * 100).toFixed(0)}%` : '—');

/** A set's figures from the rank of the right answer for each query and the scores of matches and non-matches. */
export function section(name: string, model: string, standin: boolean, r: { ranks: number[]; matches: number[]; nonMatches: number[] }, setting: string, current: number): Section {
  return {
    name,
    model,
    standin,
    recall1: recallAt(1, r.ranks),
    recall3: recallAt(3, r.ranks),
    queries: r.ranks.length,
    matches: distribution(r.matches),
    nonMatches: distribution(r.nonMatches),
    suggestion: suggestThreshold(r.matches, r.nonMatches),
    setting,
    current,
  };
}

export function print(s: Section): void {
  console.log(`\n## ${s.name}\nmodel: ${s.model}${s.standin ? '  (STAND-IN, random weights: these figures mean nothing)' : ''}`);
  console.log(`recall@1 ${pct(s.recall1)}   recall@3 ${pct(s.recall3)}   (${s.queries} queries)`);
  console.log('| scores | n | min | p10 | median | p90 | max | mean |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, d] of [['matches', s.matches], ['non-matches', s.nonMatches]] as const) {
    console.log(`| ${name} | ${d.n} | ${f(d.min)} | ${f(d.p10)} | ${f(d.p50)} | ${f(d.p90)} | ${f(d.max)} | ${f(d.mean)} |`);
  }
  if (s.suggestion) {
    console.log(`suggested ${s.setting}: ${s.suggestion.threshold} (keeps ${pct(s.suggestion.tpr)} of matches, lets through ${pct(s.suggestion.fpr)} of non-matches); now ${s.current}`);
  }
}
