import { terms } from './tokens.js';

/**
 * How closely a question matches the questions a section lists (its `Questions:` variants and its
 * heading, in every language version): the classic answer to a short, frequently-asked-question
 * collection, nearest-neighbour question matching.
 *
 * Each variant is a vector of its terms with stop words kept (they tell "What can you do?" from
 * "What do you see?") weighted by their idf among all variants, so words that every question has
 * ("you", "what") count little. A question's term that no variant has gets the largest idf, which
 * keeps "What is the capital of Australia?" far from "What is your name?". The score of a section
 * is the best cosine of the question with one of its variants.
 */
/** A variant's words: stop words kept (see above). */
export const variantTerms = (text: string): string[] => terms(text, { keepStopwords: true });

export class VariantIndex {
  readonly #variants: { section: string; weights: Map<string, number>; norm: number }[];
  /** Per term, the variants that have it (ascending) with its weight there: a question touches only the variants it shares a term with. */
  readonly #postings = new Map<string, { index: number; weight: number }[]>();
  readonly #df = new Map<string, number>();
  readonly #n: number;

  /** `terms`: the variant's words as `variantTerms` reads them, when read ahead (HybridIndex.build). */
  constructor(variants: readonly { section: string; text: string; terms?: readonly string[] }[]) {
    this.#n = variants.length;
    const sets = variants.map((v) => ({ section: v.section, terms: new Set(v.terms ?? variantTerms(v.text)) }));
    for (const v of sets) for (const t of v.terms) this.#df.set(t, (this.#df.get(t) ?? 0) + 1);
    this.#variants = sets.map((v) => {
      const weights = new Map([...v.terms].map((t) => [t, this.#idf(t)]));
      return { section: v.section, weights, norm: Math.hypot(...weights.values()) };
    });
    this.#variants.forEach((v, index) => {
      for (const [t, weight] of v.weights) {
        const list = this.#postings.get(t);
        if (list) list.push({ index, weight });
        else this.#postings.set(t, [{ index, weight }]);
      }
    });
  }

  #idf(term: string): number {
    return Math.log(1 + this.#n / ((this.#df.get(term) ?? 0) + 0.5));
  }

  /** Per section, the best cosine (0–1) of `question` with one of its variants; sections without a shared term are absent. */
  match(question: string): Map<string, number> {
    const best = new Map<string, number>();
    for (const { section, cosine } of this.nearest(question)) if (cosine > (best.get(section) ?? 0)) best.set(section, cosine);
    return best;
  }

  /** Every variant that shares a term with `question`, with its cosine, nearest first. */
  nearest(question: string): { index: number; section: string; cosine: number }[] {
    const asked = new Map([...new Set(terms(question, { keepStopwords: true }))].map((t) => [t, this.#idf(t)]));
    const norm = Math.hypot(...asked.values());
    const found: { index: number; section: string; cosine: number }[] = [];
    if (norm === 0) return found;
    // Summed term by term in the question's order, as a walk over every variant would.
    const shared = new Float64Array(this.#n);
    for (const [t, w] of asked) for (const p of this.#postings.get(t) ?? []) shared[p.index]! += w * p.weight;
    // In the variants' order before the (stable) sort: ties keep it.
    shared.forEach((sum, index) => {
      const v = this.#variants[index]!;
      if (sum > 0 && v.norm > 0) found.push({ index, section: v.section, cosine: sum / (norm * v.norm) });
    });
    return found.sort((a, b) => b.cosine - a.cosine);
  }
}
