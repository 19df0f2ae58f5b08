/**
 * Okapi BM25 over a small set of documents, with the usual parameters (k1 1.2, b 0.75) and the
 * non-negative idf of Lucene, ln(1 + (N − df + 0.5)/(df + 0.5)). Pure: built once per index.
 *
 * Beside the score, `coverage` is what a refusal needs and a raw BM25 score cannot give (it grows
 * with the question's length): the share of the question's idf weight whose terms the document
 * contains. A term no document has gets the largest idf, so "what's the weather in Paris" covers
 * little of any section however many of its words are stop words.
 */
export interface Bm25Options {
  k1?: number;
  b?: number;
}

export class Bm25 {
  readonly #k1: number;
  readonly #b: number;
  readonly #docs: Map<string, number>[];
  readonly #lengths: number[];
  readonly #avg: number;
  readonly #df = new Map<string, number>();

  /** `documents`: each document's terms (see terms()). */
  constructor(documents: readonly (readonly string[])[], options: Bm25Options = {}) {
    this.#k1 = options.k1 ?? 1.2;
    this.#b = options.b ?? 0.75;
    this.#docs = documents.map((d) => {
      const tf = new Map<string, number>();
      for (const t of d) tf.set(t, (tf.get(t) ?? 0) + 1);
      for (const t of tf.keys()) this.#df.set(t, (this.#df.get(t) ?? 0) + 1);
      return tf;
    });
    this.#lengths = documents.map((d) => d.length);
    this.#avg = this.#lengths.reduce((a, b) => a + b, 0) / Math.max(1, documents.length) || 1;
  }

  get size(): number {
    return this.#docs.length;
  }

  /** Whether any document has `term`. */
  has(term: string): boolean {
    return this.#df.has(term);
  }

  idf(term: string): number {
    const n = this.#docs.length;
    const df = this.#df.get(term) ?? 0;
    return Math.log(1 + (n - df + 0.5) / (df + 0.5));
  }

  /** BM25 score of every document for the query terms (duplicates in the query count once). */
  scores(query: readonly string[]): number[] {
    const unique = [...new Set(query)];
    return this.#docs.map((tf, i) => {
      let score = 0;
      const norm = this.#k1 * (1 - this.#b + (this.#b * this.#lengths[i]!) / this.#avg);
      for (const t of unique) {
        const f = tf.get(t);
        if (f) score += (this.idf(t) * f * (this.#k1 + 1)) / (f + norm);
      }
      return score;
    });
  }

  /** Per document, the share (0–1) of the query's idf weight that its terms cover; 0 for a query without terms. */
  coverage(query: readonly string[]): number[] {
    const unique = [...new Set(query)];
    if (unique.length === 0) return this.#docs.map(() => 0);
    const total = unique.reduce((s, t) => s + this.idf(t), 0);
    if (total === 0) return this.#docs.map(() => 0);
    return this.#docs.map((tf) => unique.reduce((s, t) => s + (tf.has(t) ? this.idf(t) : 0), 0) / total);
  }
}
