/**
 * Tokens of folded text (fold.ts): words of letters and digits, split at apostrophes, and every
 * Chinese character a token of its own (Chinese has no spaces between words).
 */
export interface Token {
  text: string;
  /** Offsets in the folded text, to compare with the phrase lists' idiom vetoes. */
  start: number;
  end: number;
  /**
   * Which clause the token is in, counted from 0 at each mark that ends one (, ; : . ? ! and their
   * Chinese forms): a negation or a gap does not reach across it.
   */
  clause: number;
}

const CLAUSE_END = /[,;:.?!¿¡，。！？；：、]/gu;

/** Tokens of folded text. */
export function tokenize(folded: string): Token[] {
  const out: Token[] = [];
  let clause = 0;
  let seen = 0;
  for (const m of folded.matchAll(/\p{Script=Han}|[\p{L}\p{N}]+/gu)) {
    clause += folded.slice(seen, m.index).match(CLAUSE_END)?.length ?? 0;
    seen = m.index + m[0].length;
    out.push({ text: m[0], start: m.index, end: seen, clause });
  }
  return out;
}
