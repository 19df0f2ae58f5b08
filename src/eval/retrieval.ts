import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { LanguageSchema } from '../config/index.js';

/**
 * Retrieval measured on labelled sets (eval/retrieval/): recall@k of the right item, the score
 * distributions of matching and non-matching pairs, and the threshold that separates them best.
 */

const Answer = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]).transform((a) => (Array.isArray(a) ? a : [a]));
/** The visitor's language of a question (which version of a section it should be answered from). */
const Lang = LanguageSchema.default('en');
export const KnowledgeSetSchema = z.strictObject({
  questions: z.array(z.strictObject({ q: z.string().min(1), answer: Answer, lang: Lang })).min(1),
  unanswerable: z
    .array(z.union([z.string().min(1).transform((q) => ({ q, lang: 'en' as const })), z.strictObject({ q: z.string().min(1), lang: Lang })]))
    .default([]),
});
export type KnowledgeSet = z.infer<typeof KnowledgeSetSchema>;
export const MemorySetSchema = z.strictObject({
  memories: z.array(z.strictObject({ id: z.string().min(1), text: z.string().min(1), questions: z.array(z.string().min(1)).min(1) })).min(2),
});
export const SceneSetSchema = z.strictObject({
  scenes: z
    .array(
      z.strictObject({
        id: z.string().min(1),
        description: z.string().min(1),
        matching: z.array(z.string().min(1)).min(1),
        non_matching: z.array(z.string().min(1)).default([]),
      }),
    )
    .min(2),
});

export function loadSet<T>(file: string, schema: z.ZodType<T>): T {
  const parsed = schema.safeParse(parseYaml(readFileSync(file, 'utf8')));
  if (!parsed.success) throw new Error(`${file}:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}

export interface Distribution {
  n: number;
  min: number;
  p10: number;
  p50: number;
  p90: number;
  max: number;
  mean: number;
}

function quantile(sorted: readonly number[], q: number): number {
  if (!sorted.length) return Number.NaN;
  const i = (sorted.length - 1) * q;
  const lo = Math.floor(i);
  const hi = Math.ceil(i);
  return sorted[lo]! + (sorted[hi]! - sorted[lo]!) * (i - lo);
}

export function distribution(values: readonly number[]): Distribution {
  const s = [...values].sort((a, b) => a - b);
  const mean = s.reduce((a, b) => a + b, 0) / (s.length || 1);
  return { n: s.length, min: s[0] ?? Number.NaN, p10: quantile(s, 0.1), p50: quantile(s, 0.5), p90: quantile(s, 0.9), max: s.at(-1) ?? Number.NaN, mean };
}

export interface Suggestion {
  threshold: number;
  /** Share of matches at or above the threshold. */
  tpr: number;
  /** Share of non-matches at or above it. */
  fpr: number;
}

/**
 * The threshold that best separates matches from non-matches: the one maximising Youden's J
 * (TPR − FPR), which does not depend on how many non-matches the set happens to have; among
 * equal J, the midpoint of the widest gap. Candidates are the midpoints between neighbouring scores.
 */
export function suggestThreshold(matches: readonly number[], nonMatches: readonly number[]): Suggestion | null {
  if (!matches.length || !nonMatches.length) return null;
  const all = [...new Set([...matches, ...nonMatches])].sort((a, b) => a - b);
  const rate = (xs: readonly number[], t: number) => xs.filter((x) => x >= t).length / xs.length;
  let best: (Suggestion & { j: number; gap: number }) | null = null;
  for (let i = 0; i <= all.length; i++) {
    const lo = all[i - 1] ?? all[0]! - 0.01;
    const hi = all[i] ?? all.at(-1)! + 0.01;
    const t = (lo + hi) / 2;
    const tpr = rate(matches, t);
    const fpr = rate(nonMatches, t);
    const j = tpr - fpr;
    const gap = hi - lo;
    if (!best || j > best.j + 1e-12 || (Math.abs(j - best.j) <= 1e-12 && gap > best.gap)) best = { threshold: t, tpr, fpr, j, gap };
  }
  return best && { threshold: Math.round(best.threshold * 1000) / 1000, tpr: best.tpr, fpr: best.fpr };
}

/** Recall@k: the share of queries whose right item is among the k best-ranked. */
export function recallAt(k: number, ranks: readonly number[]): number {
  return ranks.length ? ranks.filter((r) => r < k).length / ranks.length : Number.NaN;
}

/** The rank (0 = best) of the best-ranked item that is right, among scored items. */
export function rankOfRight(scores: readonly { id: string; score: number }[], right: (id: string) => boolean): number {
  const sorted = [...scores].sort((a, b) => b.score - a.score);
  const i = sorted.findIndex((s) => right(s.id));
  return i < 0 ? Number.POSITIVE_INFINITY : i;
}
