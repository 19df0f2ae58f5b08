import type { Language } from '../config/index.js';
import { chunkFor, confidenceOf, type HybridIndex, type HybridThresholds, type SectionScore } from '../knowledge/index.js';
import type { KnowledgeSet } from './retrieval.js';

/**
 * Knowledge retrieval as the robot uses it, measured on a labelled set: for each question, did the
 * best answering section come from the right section, a wrong one, or was the question refused;
 * and, for the questions the files cannot answer, were they refused. Pure, given the index.
 */

export interface KnowledgeOutcomes {
  questions: number;
  right: number;
  wrong: number;
  refused: number;
  /** Right answers given from the version in the visitor's language. */
  inLanguage: number;
  unanswerable: number;
  /** Unanswerable questions refused. */
  refusedUnanswerable: number;
  /** Per language: [right, questions]. */
  byLanguage: Partial<Record<Language, [number, number]>>;
  /** The questions answered wrongly or refused, and the unanswerable ones answered: for reading, never for tuning the held-out half. */
  misses: { q: string; lang: Language; expected: string[] | null; got: string | null }[];
}

/** Each question's sections with their signals, ranked for every RRF k tried (thresholds apply later, cheaply). */
export interface Ranked {
  q: string;
  lang: Language;
  /** null: unanswerable. */
  answer: string[] | null;
  byK: Map<number, SectionScore[]>;
}

export function rankSet(
  set: KnowledgeSet,
  index: HybridIndex,
  similarity: (question: string) => (chunkId: string) => number,
  ks: readonly number[],
  base: HybridThresholds,
): Ranked[] {
  const all = [...set.questions.map((x) => ({ q: x.q, lang: x.lang, answer: x.answer })), ...set.unanswerable.map((x) => ({ q: x.q, lang: x.lang, answer: null }))];
  return all.map((x) => {
    const sim = similarity(x.q);
    return { ...x, byK: new Map(ks.map((k) => [k, index.rank(x.q, sim, { ...base, rrfK: k })])) };
  });
}


export function outcomes(ranked: readonly Ranked[], t: HybridThresholds, label: (section: string) => string): KnowledgeOutcomes {
  const o: KnowledgeOutcomes = { questions: 0, right: 0, wrong: 0, refused: 0, inLanguage: 0, unanswerable: 0, refusedUnanswerable: 0, byLanguage: {}, misses: [] };
  for (const r of ranked) {
    const sections = r.byK.get(t.rrfK);
    if (!sections) throw new Error(`not ranked for rrfK ${t.rrfK}`);
    const best = sections.find((s) => confidenceOf(s, t) >= 1) ?? null;
    const got = best ? label(best.section) : null;
    if (r.answer === null) {
      o.unanswerable++;
      if (!best) o.refusedUnanswerable++;
      else o.misses.push({ q: r.q, lang: r.lang, expected: null, got });
      continue;
    }
    o.questions++;
    const byLanguage = (o.byLanguage[r.lang] ??= [0, 0]);
    byLanguage[1]++;
    if (!best) o.refused++;
    else if (r.answer.includes(got!)) {
      o.right++;
      byLanguage[0]++;
      if (chunkFor(best, r.lang).language === r.lang) o.inLanguage++;
      continue;
    } else o.wrong++;
    o.misses.push({ q: r.q, lang: r.lang, expected: r.answer, got });
  }
  return o;
}

/**
 * What a development set prefers, judged as the acceptance judges it: answered from the
 * right section, with a wrong answer (to a question or to an unanswerable one) costing five right
 * ones; ties go to the stricter thresholds (the last of the grid).
 */
export const objective = (o: KnowledgeOutcomes) => o.right / o.questions + o.refusedUnanswerable / Math.max(1, o.unanswerable) - 5 * (o.wrong / o.questions + (o.unanswerable - o.refusedUnanswerable) / Math.max(1, o.unanswerable));

const steps = (from: number, to: number, step: number) => Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => Math.round((from + i * step) * 1000) / 1000);

/** The thresholds that do best on `ranked` (a development set), by exhaustive search over a grid. */
export function calibrate(ranked: readonly Ranked[], ks: readonly number[], label: (section: string) => string): { thresholds: HybridThresholds; outcomes: KnowledgeOutcomes } {
  let best: { thresholds: HybridThresholds; outcomes: KnowledgeOutcomes; score: number } | null = null;
  for (const rrfK of ks)
    for (const minSimilarity of steps(0.3, 0.9, 0.05))
      for (const minCoverage of steps(0.4, 1.1, 0.1))
        for (const minConcepts of steps(0.5, 1.1, 0.1))
        for (const minFuzzy of steps(0.5, 1, 0.05)) {
          const thresholds = { minSimilarity, minCoverage, minConcepts, minFuzzy, rrfK };
          const o = outcomes(ranked, thresholds, label);
          const score = objective(o);
          if (!best || score >= best.score - 1e-9) best = { thresholds, outcomes: o, score };
        }
  return { thresholds: best!.thresholds, outcomes: best!.outcomes };
}
