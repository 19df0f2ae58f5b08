import { distance } from 'fastest-levenshtein';
import type { Token } from './tokens.js';

/**
 * Lexemes of the alert lexicons: a word or a run of words as written in lexicon/ ("can't breathe",
 * "kipp*", "晕倒"), compiled to one matcher per token. A word ending in `*` matches any word it
 * begins, one between two `*` any word that holds it, one starting with `*` any word it ends, a
 * lone `*` any one word. `..` is a gap of up to GAP tokens of the same clause, for what German and
 * French put between the parts of one meaning: a separable verb and its particle ("geht .. nach":
 * "der Mann geht mir seit dem Bahnhof nach"), an auxiliary and its participle at the end of the
 * clause ("hat sich .. verschluckt": "hat sich an einer Erdnuss verschluckt"). `$` is the end of
 * a clause, where a separable particle stands ("geht mir .. nach $"; "nach dem Essen" is a
 * preposition).
 */

/** At most this many tokens in a gap (`..`). */
export const GAP = 5;
const GAP_WORD = Object.assign(() => true, { gap: true });
const END_WORD = Object.assign(() => true, { end: true });

/**
 * A lexeme compiled: one matcher per word. A matcher says what a token must be or begin with when
 * it can, so that a lexeme set looks at the few lexemes a token could start (see LexemeSet).
 */
export interface Word {
  (token: string): boolean;
  exact?: string;
  prefix?: string;
  initial?: string;
  /** `..`: up to GAP tokens of the same clause. */
  gap?: boolean;
  /** `$`: the end of a clause (matches no token). */
  end?: boolean;
}
export type Lexeme = Word[];

/**
 * Lexemes indexed by what their first word needs: every utterance is matched against every
 * concept of five languages, and trying each lexeme at each token cost half a millisecond a turn;
 * the index tries only those a token can start. Candidates keep the list's order, so the first
 * fill of a frame is the same as a plain scan's.
 */
/** Tokens whose candidates a lexeme set remembers. */
const SEEN_MAX = 2048;

export class LexemeSet {
  readonly #exact = new Map<string, number[]>();
  readonly #byStart = new Map<string, number[]>();
  readonly #rest: number[] = [];

  constructor(readonly lexemes: readonly Lexeme[]) {
    lexemes.forEach((lexeme, i) => {
      const w = lexeme[0]!;
      const [map, key] =
        w.exact !== undefined ? [this.#exact, w.exact] : w.prefix && w.prefix.length >= 2 ? [this.#byStart, w.prefix.slice(0, 2)] : w.initial ? [this.#byStart, `1${w.initial}`] : [null, ''];
      if (map) map.set(key, [...(map.get(key) ?? []), i]);
      else this.#rest.push(i);
    });
  }

  /**
   * The candidates of tokens seen before: merging and sorting a token's lists again for each
   * utterance was an eighth of the alert rules' time in a loop (the lexemes starting with `*` are
   * candidates of every token). Bounded; the words a robot hears repeat.
   */
  readonly #seen = new Map<string, number[]>();

  /** Indexes of the lexemes whose first word may match `token`, in list order. */
  candidates(token: string): number[] {
    let found = this.#seen.get(token);
    if (!found) {
      found = this.#merged(token);
      if (this.#seen.size >= SEEN_MAX) this.#seen.clear();
      this.#seen.set(token, found);
    }
    return found;
  }

  #merged(token: string): number[] {
    const lists = [this.#exact.get(token), this.#byStart.get(token.slice(0, 2)), token ? this.#byStart.get(`1${token[0]}`) : undefined, this.#rest].filter(
      (l): l is number[] => l !== undefined && l.length > 0,
    );
    return lists.length === 1 ? lists[0]! : lists.flat().sort((a, b) => a - b);
  }
}

function compileWord(word: string, fuzzy: boolean): Word {
  if (word === '..') return GAP_WORD;
  if (word === '$') return END_WORD;
  if (word === '*') return () => true;
  if (word.startsWith('*') && word.endsWith('*') && word.length > 2) {
    const part = word.slice(1, -1);
    return (t) => t.includes(part);
  }
  if (word.startsWith('*') && word.length > 1) {
    // The last part of a compound: German compounds are what their head is ("*risiko").
    const head = word.slice(1);
    return (t) => t.endsWith(head);
  }
  if (word.endsWith('*') && word.length > 1) {
    const stem = word.slice(0, -1);
    return Object.assign((t: string) => t.startsWith(stem), { prefix: stem });
  }
  if (!fuzzy || word.length < FUZZY_FROM) return Object.assign((t: string) => t === word, { exact: word });
  // A long word misspelt by one letter ("ambulence", "unconsious") is still the word; short ones
  // are not ("fainted" / "painted"), nor another ending ("paramedic" / "paramedics": a job, not a
  // call). Same first and last letter, length within one: cheap to test first.
  const last = word[word.length - 1];
  return Object.assign((t: string) => t === word || (t[0] === word[0] && t[t.length - 1] === last && Math.abs(t.length - word.length) <= 1 && t.length >= FUZZY_FROM - 1 && distance(t, word) <= 1), { initial: word[0] });
}

/** Words this long match with one letter wrong. */
export const FUZZY_FROM = 9;

/** A lexeme as written ("can't breathe", "kipp*", "晕倒") → one matcher per token. */
export function compileLexeme(text: string, fold: (s: string) => string, fuzzy = false): Lexeme {
  const folded = fold(text);
  const parts: string[] = [];
  for (const m of folded.matchAll(/\p{Script=Han}|\*?[\p{L}\p{N}]+\*?|\*|\.\.|\$/gu)) parts.push(m[0]);
  // A gap joins two words: at either end it would only stretch the match.
  while (parts[0] === '..') parts.shift();
  while (parts.at(-1) === '..') parts.pop();
  return parts.map((p) => compileWord(p, fuzzy));
}

/** Where a lexeme occurs: token ranges [first, last]. */
export interface Occurrence {
  first: number;
  last: number;
}

/** Each occurrence with the index of its lexeme in the set: token order, then the set's order. */
export function scan(set: LexemeSet, tokens: readonly Token[], found: (k: number, occ: Occurrence) => void): void {
  for (let i = 0; i < tokens.length; i++) {
    for (const k of set.candidates(tokens[i]!.text)) {
      const last = matchAt(set.lexemes[k]!, tokens, i);
      if (last >= 0) found(k, { first: i, last });
    }
  }
}

export function occurrences(set: LexemeSet, tokens: readonly Token[]): Occurrence[] {
  const found: Occurrence[] = [];
  scan(set, tokens, (_, occ) => found.push(occ));
  return found;
}

/** The last token of the lexeme matched from token `i`, or -1. */
function matchAt(lexeme: Lexeme, tokens: readonly Token[], i: number, w = 0): number {
  if (w === lexeme.length) return i - 1;
  const word = lexeme[w]!;
  if (word.end) return i === tokens.length || tokens[i]!.clause !== tokens[i - 1]!.clause ? matchAt(lexeme, tokens, i, w + 1) : -1;
  if (!word.gap) return i < tokens.length && word(tokens[i]!.text) ? matchAt(lexeme, tokens, i + 1, w + 1) : -1;
  const clause = tokens[i - 1]!.clause;
  for (let k = i; k <= i + GAP && k < tokens.length && tokens[k]!.clause === clause; k++) {
    const last = matchAt(lexeme, tokens, k, w + 1);
    if (last >= 0) return last;
  }
  return -1;
}
