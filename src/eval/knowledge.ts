import type { Language } from '../config/index.js';
import { answering, chunkFor, rescore, type HybridIndex, type HybridThresholds, type SectionScore } from '../knowledge/index.js';
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

/** Each question's sections with their signals (which do not depend on the weights: those apply later, cheaply). */
export interface Ranked {
  q: string;
  lang: Language;
  /** null: unanswerable. */
  answer: string[] | null;
  sections: SectionScore[];
}

export function rankSet(set: KnowledgeSet, index: HybridIndex, similarity: (question: string) => (chunkId: string) => number, t: HybridThresholds): Ranked[] {
  const all = [...set.questions.map((x) => ({ q: x.q, lang: x.lang, answer: x.answer })), ...set.unanswerable.map((x) => ({ q: x.q, lang: x.lang, answer: null }))];
  return all.map((x) => ({ ...x, sections: index.rank(x.q, similarity(x.q), t) }));
}

export function outcomes(ranked: readonly Ranked[], t: HybridThresholds, label: (section: string) => string): KnowledgeOutcomes {
  const o: KnowledgeOutcomes = { questions: 0, right: 0, wrong: 0, refused: 0, inLanguage: 0, unanswerable: 0, refusedUnanswerable: 0, byLanguage: {}, misses: [] };
  for (const r of ranked) {
    const best = answering(rescore(r.sections, t), t)[0] ?? null;
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
 * ones.
 */
export const objective = (o: KnowledgeOutcomes) =>
  o.right / o.questions +
  o.refusedUnanswerable / Math.max(1, o.unanswerable) -
  Number(process.env.PENALTY ?? 5) * (o.wrong / o.questions + (o.unanswerable - o.refusedUnanswerable) / Math.max(1, o.unanswerable));

const steps = (from: number, to: number, step: number) => Array.from({ length: Math.round((to - from) / step) + 1 }, (_, i) => Math.round((from + i * step) * 1000) / 1000);

/**
 * The weights, minimum score and margin that do best on `ranked` (a development set), by
 * exhaustive search over a small grid; ties keep the first found (the smaller weights).
 */
export function calibrate(ranked: readonly Ranked[], base: HybridThresholds, label: (section: string) => string): { thresholds: HybridThresholds; outcomes: KnowledgeOutcomes } {
  let best: { thresholds: HybridThresholds; outcomes: KnowledgeOutcomes; score: number } | null = null;
  // A small grid: the search runs on a shared machine in seconds, not an hour.
  for (const similarity of [0, 1])
    for (const coverage of [0, 1])
      // The question-matching signals may count double: with a `Questions:` line per section they tell close sections apart best.
      for (const concepts of [0, 1, 2])
        for (const fuzzy of [0, 1, 2])
          for (const variants of [0, 1, 2])
            for (const rrf of [0, 1])
              // A question about something else (its words unknown to the knowledge) needs a stronger match; never a reason to answer.
              for (const unknown of [0, 1]) {
                // The impersonal penalty is kept as configured: doubling the grid for it would double the search (it was chosen on a sweep of the development sets).
                const weights = { similarity, coverage, concepts, fuzzy, variants, rrf, unknown, impersonal: base.weights.impersonal ?? 0 };
                const total = similarity * 2 + coverage + concepts + fuzzy + variants + rrf;
                if (total === 0) continue;
                for (const share of steps(0.2, 0.8, 0.05))
                  for (const margin of [0, 0.02, 0.05, 0.1, 0.2]) {
                    const thresholds = { ...base, weights, minScore: Math.round(share * total * 1000) / 1000, minMargin: Math.round(margin * total * 1000) / 1000 };
                    const o = outcomes(ranked, thresholds, label);
                    const score = objective(o);
                    if (!best || score > best.score + 1e-9) best = { thresholds, outcomes: o, score };
                  }
              }
  return { thresholds: best!.thresholds, outcomes: best!.outcomes };
}
