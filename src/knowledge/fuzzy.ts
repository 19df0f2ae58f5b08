/**
 * How well a question matches a short text somewhere in it, with typos: the score of fuse.js's
 * bitap search with `ignoreLocation` (the share of the question's characters that must be edited
 * to find it in the text, 0 best, raised to fuse's field-length norm), computed with Myers'
 * bit-vector algorithm (Myers 1999, "A fast bit-vector algorithm for approximate string matching
 * based on dynamic programming"). Bitap tries each number of errors in turn over the whole text;
 * Myers finds the least number in one pass, which made a knowledge question's fuzzy signal over a
 * thousand question variants about twenty times cheaper (test/unit/knowledge/fuzzy.test.ts checks
 * the two agree).
 */

const MAX_BITS = 32;

interface Chunk {
  length: number;
  /** Per character, the bit of each of its positions in the chunk. */
  peq: Map<string, number>;
}

/** Lower case without diacritics, as fuse compares (`ignoreDiacritics`). */
export function foldForFuzzy(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[łŁđĐøØħĦŧŦıß]/g, (ch) => NON_DECOMPOSABLE[ch]!);
}

const NON_DECOMPOSABLE: Record<string, string> = { ł: 'l', Ł: 'L', đ: 'd', Đ: 'D', ø: 'o', Ø: 'O', ħ: 'h', Ħ: 'H', ŧ: 't', Ŧ: 'T', ı: 'i', ß: 'ss' };

function chunk(pattern: string): Chunk {
  const peq = new Map<string, number>();
  for (let i = 0; i < pattern.length; i++) peq.set(pattern[i]!, (peq.get(pattern[i]!) ?? 0) | (1 << i));
  return { length: pattern.length, peq };
}

/** The fewest edits that turn the chunk into some substring of the text (semi-global edit distance). */
function fewestEdits(c: Chunk, text: string): number {
  const m = c.length;
  const high = 1 << (m - 1);
  const all = m === MAX_BITS ? -1 : (1 << m) - 1;
  let pv = all;
  let mv = 0;
  let score = m;
  let best = m;
  for (let j = 0; j < text.length; j++) {
    const eq = c.peq.get(text[j]!) ?? 0;
    const xv = eq | mv;
    const xh = ((((eq & pv) + pv) & all) ^ pv) | eq;
    let ph = mv | ~(xh | pv);
    let mh = pv & xh;
    if (ph & high) score++;
    else if (mh & high) score--;
    ph = (ph << 1) & all;
    mh = (mh << 1) & all;
    pv = (mh | ~(xv | ph)) & all;
    mv = ph & xv;
    if (score < best) best = score;
  }
  return best;
}

export interface FuzzyOptions {
  /** The largest share of edits that still counts as a match (fuse's `threshold`). */
  threshold: number;
}

/** A question prepared once, matched against many texts. */
export class FuzzyPattern {
  readonly #pattern: string;
  readonly #chunks: Chunk[] = [];

  constructor(
    question: string,
    private readonly options: FuzzyOptions,
  ) {
    this.#pattern = foldForFuzzy(question);
    const len = this.#pattern.length;
    // Longer questions are matched in pieces of 32 characters, the last one ending at the end, as fuse does.
    if (len > MAX_BITS) {
      const remainder = len % MAX_BITS;
      for (let i = 0; i < len - remainder; i += MAX_BITS) this.#chunks.push(chunk(this.#pattern.slice(i, i + MAX_BITS)));
      if (remainder) this.#chunks.push(chunk(this.#pattern.slice(len - MAX_BITS)));
    } else if (len > 0) this.#chunks.push(chunk(this.#pattern));
  }

  /** fuse's score for `text` (0 best, 1 worst), or null when it does not match. */
  score(text: string, folded = foldForFuzzy(text)): number | null {
    if (this.#chunks.length === 0) return null;
    const norm = fieldNorm(text);
    if (folded === this.#pattern) return Math.pow(Number.EPSILON, norm);
    let total = 0;
    let matched = false;
    for (const c of this.#chunks) {
      const errors = fewestEdits(c, folded);
      const share = errors / c.length;
      if (errors < c.length && share <= this.options.threshold) {
        matched = true;
        total += Math.max(0.001, share);
      } else total += 1;
    }
    return matched ? Math.pow(total / this.#chunks.length, norm) : null;
  }
}

/** fuse's field-length norm: 1/√(words), to three decimals. */
function fieldNorm(text: string): number {
  const words = Math.max(1, text.split(/[\t\n\v\f\r \u00a0]+/).filter(Boolean).length);
  return Math.round(1000 / Math.sqrt(words)) / 1000;
}
