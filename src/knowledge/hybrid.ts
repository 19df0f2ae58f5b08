import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import type { Language } from '../config/index.js';
import { Bm25 } from './bm25.js';
import type { KnowledgeChunk } from './chunk.js';
import { toHit } from './collection.js';
import { foldForFuzzy, FuzzyPattern } from './fuzzy.js';
import type { IndexedChunk } from './manifest.js';
import type { KnowledgeHit } from './port.js';
import { wordsOf } from './read-once.js';
import { contentWords, isConcept, personhood, terms } from './tokens.js';
import { VariantIndex } from './variants.js';

/**
 * Which section of the knowledge answers a question, from four signals that fail differently:
 *
 * - similarity: the configured embedder's cosine of the question and the chunk (meaning, with a
 *   model; shared spellings with the lexical fallback);
 * - coverage: how much of the question's idf weight a section's words cover (BM25's terms, see
 *   bm25.ts): rare words the visitor used, in any language the section is written in;
 * - concepts: the same over the thesaurus' concepts only (concepts.ts): "Is there a company
 *   behind you?" asks about BUILD whatever else it says, and so does "Who built me";
 * - fuzzy: how closely the question matches one of the section's `Questions:` variants or its
 *   heading (fuse.js's bitap score, fuzzy.ts): "What can you do?" is all stop words, but it is a question the file lists.
 *
 * A section is every language version of it together (see layout.ts): each signal takes its best
 * chunk. The four rankings are fused by reciprocal rank fusion (Cormack et al. 2009:
 * Σ 1/(k + rank)), which needs no common scale; but ranks say nothing about whether the best
 * section answers at all. So a section's score is a weighted sum of its signals and its fused
 * rank, sections are ranked by it, and the best answers when its score is high enough and clearly
 * ahead of the next section it is not related to (`See also:`); a question whose words the
 * knowledge never uses needs a higher score (weights and thresholds are calibrated by `npm run eval:retrieval`).
 */

export interface HybridThresholds {
  /** Cosine similarity of an embedder that counts as 1 in the fusion (the embedder's usual threshold). */
  minSimilarity: number;
  /** Weights of the signals in a section's score. */
  weights: { similarity: number; coverage: number; concepts: number; fuzzy: number; variants: number; rrf: number; unknown?: number; impersonal?: number };
  /** A section answers from this score on… */
  minScore: number;
  /** …and, for the best, when it leads the next section by this much (else the question is too ambiguous to answer offline). */
  minMargin: number;
  /** RRF's k: larger flattens the difference between ranks. */
  rrfK: number;
  /** How many of the five signals (see SectionScore.agreement) must rank the best section first for it to answer from minScore… */
  minAgreement?: number;
  /** …else it needs this much more score: one signal alone is how a confident wrong answer looks. */
  unagreedScore?: number;
}

export interface SectionScore {
  section: string;
  similarity: number;
  coverage: number;
  concepts: number;
  fuzzy: number;
  /** Best idf-weighted cosine with one of the section's question variants (variants.ts). */
  variants: number;
  /** Reciprocal rank fusion of the five rankings, scaled to 0–1 (1: first in all five). */
  rrf: number;
  /** The share of the question's words that the knowledge never uses (the same for every section; see unknownShare). */
  unknown: number;
  /** 1 when the question speaks of neither the visitor nor the robot, less with a generic subject ("kann man"), 0 with "I" or "you" (see personhood): the same for every section. */
  impersonal: number;
  /** The weighted sum of the signals (see scoreOf). */
  score: number;
  /** score / minScore: from 1 on, the section answers. */
  confidence: number;
  /**
   * On how many of the five signals (the embedder's cosine, BM25 coverage, concepts, fuzzy and
   * variants) this section is first, ties included: signals that fail differently rarely agree on
   * a wrong section.
   */
  agreement: number;
  /** The sections on nearly the same topic (`See also:`, either way round): being close to one of them is no ambiguity. */
  related: string[];
  /** Cosine per chunk of this section, by chunk id. */
  chunks: { id: string; language: Language | null; file: string; similarity: number; coverage: number }[];
}

type HybridChunk = Pick<KnowledgeChunk, 'id' | 'file' | 'section' | 'language' | 'headings' | 'text' | 'questions' | 'related'>;

/** The share of a question's characters that may be edited for a variant to match at all (fuse.js's threshold). */
const FUZZY_THRESHOLD = 0.6;

/** How many variants, nearest by words, the fuzzy match compares the question with. */
const FUZZY_CANDIDATES = 40;

const strip = (text: string) => text.replace(/[\p{P}\p{S}]+/gu, ' ').replace(/\s+/g, ' ').trim();

const headingKey = (heading: string) => strip(heading).toLocaleLowerCase();

/**
 * Which sections each section declares related (`See also:` names `##` headings of any file, in
 * any language version), both ways round: if "Changing the language" sees "Languages", a question
 * close to both is about their common topic whichever declared it.
 */
function relatedSections(chunks: readonly HybridChunk[]): Map<string, Set<string>> {
  const byHeading = new Map<string, Set<string>>();
  for (const c of chunks) {
    const heading = c.headings.at(-1);
    if (heading) byHeading.set(headingKey(heading), (byHeading.get(headingKey(heading)) ?? new Set()).add(c.section));
  }
  const related = new Map<string, Set<string>>();
  const link = (a: string, b: string) => related.set(a, (related.get(a) ?? new Set()).add(b));
  for (const c of chunks)
    for (const name of c.related ?? [])
      for (const other of byHeading.get(headingKey(name)) ?? [])
        if (other !== c.section) {
          link(c.section, other);
          link(other, c.section);
        }
  return related;
}

/**
 * Coverage says how much of the question a section speaks of, not how much the section is about
 * it: "feelings" is one word of "How my mind works" and the whole of "My feelings". Each coverage
 * is scaled by the section's BM25 score relative to the best section's (term frequency and length
 * normalisation), which keeps a refusal's low coverage low and ranks the section about it first.
 */
function weighted(coverage: readonly number[], bm25: readonly number[]): number[] {
  const top = Math.max(0, ...bm25);
  return coverage.map((c, i) => (top > 0 ? c * (bm25[i]! / top) : 0));
}

/** The words the indexes are built from: the costly part of building them. */
interface IndexTerms {
  /** Per chunk: a section's heading and questions are words of it too ("Languages" answers "which languages"). */
  all: (readonly string[])[];
  /** Per chunk: concepts are matched against what a section is asked (its heading and variants), not its text: the text of "Saying goodbye" mentions memory in passing, the questions it answers do not ask about it. */
  asked: (readonly string[])[];
  /** Per variant (see variantsOf). */
  variants: (readonly string[])[];
}
const allText = (c: HybridChunk) => [...c.headings, ...c.questions, c.text].join('\n');
const askedText = (c: HybridChunk) => [c.headings.at(-1) ?? '', ...c.questions].join('\n');
const variantsOf = (chunks: readonly HybridChunk[]) =>
  chunks.flatMap((c) => [...c.questions, c.headings.at(-1) ?? ''].filter(Boolean).map((q) => ({ section: c.section, text: strip(q) })));
/** How long `HybridIndex.build` reads words before it lets the event loop turn. */
const BUILD_SLICE_MS = 8;

export class HybridIndex {
  readonly #chunks: readonly HybridChunk[];
  readonly #bm25: Bm25;
  readonly #asked: Bm25;
  readonly #variantTexts: readonly { section: string; text: string; folded: string }[];
  readonly #variants: VariantIndex;
  readonly #related: Map<string, Set<string>>;

  /**
   * The same index, its words read a slice at a time: on a large folder they take hundreds of
   * milliseconds (seconds on a loaded machine), during which the daemon would hear nobody.
   */
  static async build(chunks: readonly HybridChunk[]): Promise<HybridIndex> {
    let sliceStart = performance.now();
    const read = async <T>(items: readonly T[], words: (item: T) => readonly string[]): Promise<(readonly string[])[]> => {
      const out: (readonly string[])[] = [];
      for (const item of items) {
        out.push(words(item));
        if (performance.now() - sliceStart < BUILD_SLICE_MS) continue;
        await nextTurnOfEventLoop();
        sliceStart = performance.now();
      }
      return out;
    };
    let fresh = 0;
    const counted = () => void fresh++;
    const all = await read(chunks, (c) => wordsOf('terms', allText(c), counted));
    const asked = await read(chunks, (c) => wordsOf('terms', askedText(c), counted));
    const variants = await read(variantsOf(chunks), (v) => wordsOf('variants', v.text, counted));
    const index = new HybridIndex(chunks, { all, asked, variants });
    index.#textsRead = fresh;
    return index;
  }

  #textsRead: number | null = null;

  /** How many texts' words `build` read (the others had been read before in this process); null when built at once. */
  get textsRead(): number | null {
    return this.#textsRead;
  }

  constructor(chunks: readonly HybridChunk[], read?: IndexTerms) {
    this.#chunks = chunks;
    this.#related = relatedSections(chunks);
    this.#bm25 = new Bm25(read?.all ?? chunks.map((c) => terms(allText(c))));
    this.#asked = new Bm25(read?.asked ?? chunks.map((c) => terms(askedText(c))));
    const variants = variantsOf(chunks).map((v, i) => ({ ...v, ...(read && { terms: read.variants[i]! }) }));
    this.#variantTexts = variants.map((v) => ({ section: v.section, text: v.text, folded: foldForFuzzy(v.text) }));
    this.#variants = new VariantIndex(variants);
  }

  get size(): number {
    return this.#chunks.length;
  }

  /**
   * The share (0–1) of the question's content words that no section uses and that carry no
   * concept of the thesaurus: "Which company rents the offices on the third floor?" shares
   * "company" with "Who built me" and is otherwise about things the knowledge never mentions. It
   * is the same for every section, so it lowers the bar for none and raises it for all: a
   * question about something else needs a stronger match. Words of Han runs are not counted
   * (every character occurs somewhere, and a new bigram says little).
   */
  unknownShare(question: string): number {
    const words = contentWords(question);
    if (words.length === 0) return 0;
    return words.filter((w) => w.concepts.length === 0 && !this.#bm25.has(w.term)).length / words.length;
  }

  /**
   * The best fuzzy match per section (fuse.js's bitap score, see fuzzy.ts), among the
   * FUZZY_CANDIDATES variants nearest by words: a variant that shares no word with the question is
   * not the one a misspelling meant.
   */
  #fuzzy(question: string, nearest: readonly { index: number }[]): Map<string, number> {
    const fuzzy = new Map<string, number>();
    const asked = strip(question);
    if (!asked || nearest.length === 0) return fuzzy;
    const pattern = new FuzzyPattern(asked, { threshold: FUZZY_THRESHOLD });
    for (const { index } of nearest.slice(0, FUZZY_CANDIDATES)) {
      const v = this.#variantTexts[index]!;
      const score = pattern.score(v.text, v.folded);
      if (score !== null && 1 - score > (fuzzy.get(v.section) ?? 0)) fuzzy.set(v.section, 1 - score);
    }
    return fuzzy;
  }

  /**
   * Every section with its signals, best first (by RRF). `similarity(id)` is the embedder's cosine
   * of the question and a chunk (0 when unknown).
   */
  rank(question: string, similarity: (chunkId: string) => number, t: HybridThresholds): SectionScore[] {
    const asks = terms(question);
    const bm25 = this.#bm25.scores(asks);
    const coverage = weighted(this.#bm25.coverage(asks), bm25);
    const ideas = asks.filter(isConcept);
    const concepts = weighted(this.#asked.coverage(ideas), this.#asked.scores(ideas));
    const nearest = this.#variants.nearest(question);
    const matched = new Map<string, number>();
    for (const v of nearest) if (!matched.has(v.section)) matched.set(v.section, v.cosine);
    const fuzzy = this.#fuzzy(question, nearest);
    const unknown = this.unknownShare(question);
    // The knowledge is the robot's about itself and about its visitors: "Who designed this building?" shares "designed" with "Who built me" and asks about neither.
    const impersonal = 1 - personhood(question);
    const sections = new Map<string, SectionScore & { bm25: number }>();
    this.#chunks.forEach((c, i) => {
      const s = sections.get(c.section) ?? { section: c.section, similarity: 0, coverage: 0, concepts: 0, fuzzy: fuzzy.get(c.section) ?? 0, variants: matched.get(c.section) ?? 0, rrf: 0, unknown, impersonal, agreement: 0, score: 0, confidence: 0, related: [...(this.#related.get(c.section) ?? [])], chunks: [], bm25: 0 };
      const cos = similarity(c.id);
      s.similarity = Math.max(s.similarity, cos);
      s.coverage = Math.max(s.coverage, coverage[i]!);
      s.concepts = Math.max(s.concepts, concepts[i]!);
      s.bm25 = Math.max(s.bm25, bm25[i]!);
      s.chunks.push({ id: c.id, language: c.language, file: c.file, similarity: cos, coverage: coverage[i]! });
      sections.set(c.section, s);
    });
    const all = [...sections.values()];
    for (const key of ['similarity', 'coverage', 'concepts', 'fuzzy', 'variants'] as const) {
      const top = Math.max(...all.map((s) => s[key]));
      if (top > 0) for (const s of all) if (s[key] >= top) s.agreement++;
    }
    const signals = ['similarity', 'bm25', 'concepts', 'fuzzy', 'variants'] as const;
    for (const key of signals) {
      const ranked = all.filter((s) => s[key] > 0).sort((a, b) => b[key] - a[key]);
      ranked.forEach((s, rank) => (s.rrf += (t.rrfK + 1) / (signals.length * (t.rrfK + rank + 1))));
    }
    return rescore(all.map(({ bm25: _, ...s }) => s), t);
  }
}

/**
 * A section's score: the weighted sum of its signals, the cosine counted relative to the
 * embedder's usual threshold (capped at 2) so that one set of weights fits any embedder, less the
 * weighted share of the question's unknown words and, for a question about neither the visitor nor
 * the robot, the weight of impersonal.
 */
export const scoreOf = (s: Pick<SectionScore, 'similarity' | 'coverage' | 'concepts' | 'fuzzy' | 'variants' | 'rrf'> & Partial<Pick<SectionScore, 'unknown' | 'impersonal'>>, t: HybridThresholds) =>
  t.weights.similarity * Math.min(2, Math.max(0, s.similarity) / t.minSimilarity) +
  t.weights.coverage * s.coverage +
  t.weights.concepts * s.concepts +
  t.weights.fuzzy * s.fuzzy +
  t.weights.variants * s.variants +
  t.weights.rrf * s.rrf -
  (t.weights.unknown ?? 0) * (s.unknown ?? 0) -
  (t.weights.impersonal ?? 0) * (s.impersonal ?? 0);

/** Scores and confidences for `t`, best first. */
export function rescore(sections: readonly SectionScore[], t: HybridThresholds): SectionScore[] {
  return sections
    .map((s) => {
      const score = scoreOf(s, t);
      return { ...s, score, confidence: score / t.minScore };
    })
    .sort((a, b) => b.score - a.score || b.rrf - a.rrf);
}

/**
 * The sections that answer, best first: none when the best is below minScore (raised by
 * unagreedScore when fewer than minAgreement signals rank it first) or too close to the next
 * section it is not related to (a section it declares related answers the same question); then
 * those from minScore on.
 */
export function answering(ranked: readonly SectionScore[], t: Pick<HybridThresholds, 'minScore' | 'minMargin' | 'minAgreement' | 'unagreedScore'>): SectionScore[] {
  const [best, ...rest] = ranked;
  const next = rest.find((s) => !best?.related.includes(s.section));
  const bar = t.minScore + (best && best.agreement < (t.minAgreement ?? 0) ? (t.unagreedScore ?? 0) : 0);
  if (!best || best.score < bar || (next && best.score - next.score < t.minMargin)) return [];
  return ranked.filter((s) => s.score >= t.minScore);
}

/**
 * The chunk of a section to answer with: one in the visitor's language when the section has it,
 * else the original's (the file the others translate), else any; within those, the closest.
 */
export function chunkFor(section: SectionScore, language: Language | null): SectionScore['chunks'][number] {
  const original = section.section.slice(0, section.section.lastIndexOf('#'));
  const pool =
    [section.chunks.filter((c) => language !== null && c.language === language), section.chunks.filter((c) => c.file === original), section.chunks].find((p) => p.length > 0) ?? section.chunks;
  return pool.reduce((best, c) => (c.similarity + c.coverage > best.similarity + best.coverage ? c : best));
}

/**
 * A question's answering sections as hits, at most `n`, each its chunk in `language` where there
 * is one, with the section's confidence as score; and the best-ranked section's confidence.
 */
export function searchHits(
  index: HybridIndex,
  chunks: readonly IndexedChunk[],
  question: string,
  cosine: ReadonlyMap<string, number>,
  t: HybridThresholds,
  language: Language | null,
  n: number,
): { hits: KnowledgeHit[]; best: number | null } {
  const ranked = index.rank(question, (id) => cosine.get(id) ?? 0, t);
  const byId = new Map(chunks.map((c) => [c.id, c]));
  const hits = answering(ranked, t)
    .slice(0, n)
    .map((section) => {
      const id = chunkFor(section, language).id;
      return { ...toHit(byId.get(id)!, cosine.get(id) ?? 0), score: section.confidence };
    });
  return { hits, best: ranked[0]?.confidence ?? null };
}
