/**
 * Tokens of folded text (fold.ts): words of letters and digits, split at apostrophes, and every
 * Chinese character a token of its own (Chinese has no spaces between words).
 */
export interface Token {
  text: string;
  /** Offsets in the folded text, to compare with the phrase lists' idiom vetoes. */
  start: number;
  end: number;
}

/** Tokens of folded text. */
export function tokenize(folded: string): Token[] {
  const out: Token[] = [];
  for (const m of folded.matchAll(/\p{Script=Han}|[\p{L}\p{N}]+/gu)) {
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  }
  return out;
}
