import { distance } from 'fastest-levenshtein';
import type { Token } from './tokens.js';

export { tokenize, type Token } from './tokens.js';

/**
 * Concept frames: the second, general layer of the alert detector. A phrase list catches the ways
 * of saying an emergency someone thought of; a frame catches the ways nobody wrote down, by
 * meaning: a body word near a symptom word ("my chest is so tight"), a person near a collapse verb
 * ("my husband just collapsed"), a staff role near a request verb ("can a human help me").
 *
 * Text is folded (fold.ts) and cut into tokens: words of letters and digits, split at apostrophes
 * ("s'est" → s, est; "can't" → can, t), and every Chinese character a token of its own, so that
 * Chinese lexemes ("晕倒") are sequences of tokens like any multi-word lexeme. A lexeme word ending
 * in `*` matches any word it begins (inflections: "verletz*" → verletzt, verletzte), one between
 * two `*` any word that holds it (German compounds: "*brustschmerz*"), one starting with `*` any
 * word it ends (a compound's head: "*risiko"), a lone `*` any one word.
 */

/**
 * A lexeme compiled: one matcher per word. A matcher says what a token must be or begin with when
 * it can, so that a lexeme set looks at the few lexemes a token could start (see LexemeSet).
 */
interface Word {
  (token: string): boolean;
  exact?: string;
  prefix?: string;
  initial?: string;
}
export type Lexeme = Word[];

/**
 * Lexemes indexed by what their first word needs: every utterance is matched against every
 * concept of five languages, and trying each lexeme at each token cost half a millisecond a turn;
 * the index tries only those a token can start. Candidates keep the list's order, so the first
 * fill of a frame is the same as a plain scan's.
 */
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

  /** Indexes of the lexemes whose first word may match `token`, in list order. */
  candidates(token: string): number[] {
    const lists = [this.#exact.get(token), this.#byStart.get(token.slice(0, 2)), token ? this.#byStart.get(`1${token[0]}`) : undefined, this.#rest].filter(
      (l): l is number[] => l !== undefined && l.length > 0,
    );
    return lists.length === 1 ? lists[0]! : lists.flat().sort((a, b) => a - b);
  }
}

/** A frame: one concept per slot, with fewer than `window` tokens between them, in order when `ordered`. */
export interface FrameSpec {
  signal: 'emergency' | 'help_requested';
  slots: readonly string[];
  window?: number;
  ordered?: boolean;
  /** Concepts that, anywhere in the utterance, turn the frame off ("how do I get to reception"). */
  unless?: readonly string[];
}

export interface Lexicon {
  /** Concept name → its lexemes ("collaps*", "passed out", "kipp*"). */
  concepts: Record<string, readonly string[]>;
  frames: readonly FrameSpec[];
  /** Words that deny what follows ("not", "nobody", "kein", "没"). */
  negators: readonly string[];
  /** Time words that put an illness in the past ("years ago", "letztes jahr"): no emergency. */
  past: readonly string[];
  /**
   * Marks of a joke or a hyperbole anywhere in the utterance ("haha", "vor Lachen", "mdr", "jaja",
   * "哈哈"): what sounds like an emergency is a figure of speech ("ich falle gleich um vor Müdigkeit
   * haha"). Causes that can be real (exhaustion) are not in it.
   */
  hyperbole?: readonly string[];
  /**
   * Long words match with one letter wrong ("ambulence"). Off where near words are common
   * (German "geschlafen" / "geschlagen").
   */
  fuzzy?: boolean;
  /**
   * Subject pronouns: one between a negator and what follows starts another clause, which the
   * negator does not deny ("vous ne m'aidez pas, je veux une vraie personne").
   */
  subjects?: readonly string[];
}

export interface CompiledLexicon {
  /** Every concept's lexemes in one set, so that an utterance is scanned once for all of them. */
  concepts: LexemeSet;
  /** The concept of each lexeme of `concepts`, by index. */
  conceptOf: readonly string[];
  frames: readonly FrameSpec[];
  negators: LexemeSet;
  past: LexemeSet;
  hyperbole: LexemeSet;
  subjects: ReadonlySet<string>;
}

const HAN = /\p{Script=Han}/u;

function compileWord(word: string, fuzzy: boolean): Word {
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
function compileLexeme(text: string, fold: (s: string) => string, fuzzy = false): Lexeme {
  const folded = fold(text);
  const parts: string[] = [];
  for (const m of folded.matchAll(/\p{Script=Han}|\*?[\p{L}\p{N}]+\*?|\*/gu)) parts.push(m[0]);
  return parts.map((p) => compileWord(p, fuzzy));
}

export function compileLexicon(lexicon: Lexicon, fold: (s: string) => string): CompiledLexicon {
  const lexemes: Lexeme[] = [];
  const conceptOf: string[] = [];
  for (const [name, written] of Object.entries(lexicon.concepts)) {
    for (const l of written.map((w) => compileLexeme(w, fold, lexicon.fuzzy ?? false)).filter((x) => x.length > 0)) {
      lexemes.push(l);
      conceptOf.push(name);
    }
  }
  for (const frame of lexicon.frames) {
    for (const slot of [...frame.slots, ...(frame.unless ?? [])]) if (!(slot in lexicon.concepts)) throw new Error(`alert frame uses the unknown concept "${slot}"`);
  }
  const list = (l: readonly string[]) => new LexemeSet(l.map((x) => compileLexeme(x, fold)).filter((x) => x.length > 0));
  return { concepts: new LexemeSet(lexemes), conceptOf, frames: lexicon.frames, negators: list(lexicon.negators), past: list(lexicon.past), hyperbole: list(lexicon.hyperbole ?? []), subjects: new Set((lexicon.subjects ?? []).map(fold)) };
}

/** Where a lexeme occurs: token ranges [first, last]. */
export interface Occurrence {
  first: number;
  last: number;
}

/** Each occurrence with the index of its lexeme in the set: token order, then the set's order. */
function scan(set: LexemeSet, tokens: readonly Token[], found: (k: number, occ: Occurrence) => void): void {
  for (let i = 0; i < tokens.length; i++) {
    for (const k of set.candidates(tokens[i]!.text)) {
      const lexeme = set.lexemes[k]!;
      if (i + lexeme.length > tokens.length) continue;
      if (lexeme.every((w, j) => w(tokens[i + j]!.text))) found(k, { first: i, last: i + lexeme.length - 1 });
    }
  }
}

function occurrences(set: LexemeSet, tokens: readonly Token[]): Occurrence[] {
  const found: Occurrence[] = [];
  scan(set, tokens, (_, occ) => found.push(occ));
  return found;
}

const NONE: readonly Occurrence[] = [];
// detectSignal matches one utterance's tokens against five lexicons, each also asking the others
// for their `unless` concepts: each lexicon scans the tokens once, whoever asks.
const scanned = new WeakMap<readonly Token[], Map<CompiledLexicon, Map<string, Occurrence[]>>>();

/** Where each concept of the lexicon occurs in the tokens (concepts absent from the utterance are absent). */
function conceptsIn(lexicon: CompiledLexicon, tokens: readonly Token[]): Map<string, Occurrence[]> {
  let byLexicon = scanned.get(tokens);
  if (!byLexicon) scanned.set(tokens, (byLexicon = new Map()));
  let found = byLexicon.get(lexicon);
  if (!found) {
    const map = new Map<string, Occurrence[]>();
    scan(lexicon.concepts, tokens, (k, occ) => {
      const concept = lexicon.conceptOf[k]!;
      map.set(concept, [...(map.get(concept) ?? []), occ]);
    });
    byLexicon.set(lexicon, (found = map));
  }
  return found;
}

/** Whether a concept of the lexicon occurs in the tokens. */
export const conceptOccurs = (lexicon: CompiledLexicon, concept: string, tokens: readonly Token[]) => conceptsIn(lexicon, tokens).has(concept);

export const occursIn = (set: LexemeSet | undefined, tokens: readonly Token[]) => set !== undefined && occurrences(set, tokens).length > 0;

export interface FrameMatch {
  signal: FrameSpec['signal'];
  parts: Occurrence[];
}

/** Chinese is counted in characters, so its windows are wider than in words. */
const windowOf = (frame: FrameSpec, tokens: readonly Token[], first: number) => {
  const base = frame.window ?? 6;
  return HAN.test(tokens[first]?.text ?? '') ? base * 2 : base;
};

/** A negator in the three tokens before an occurrence denies it, unless it belongs to the match. */
function denied(occ: Occurrence, lexicon: CompiledLexicon, tokens: readonly Token[], taken: readonly Occurrence[]): boolean {
  const from = Math.max(0, occ.first - 3);
  const before = tokens.slice(from, occ.first);
  for (const n of occurrences(lexicon.negators, before)) {
    const at = from + n.first;
    // "能不能", "是不是": a question (A-not-A), not a denial.
    if (n.first === n.last && at > 0 && tokens[at - 1]?.text === tokens[at + 1]?.text) continue;
    if (tokens.slice(from + n.last + 1, occ.first + 1).some((t) => lexicon.subjects.has(t.text))) continue;
    if (!taken.some((o) => at >= o.first && at <= o.last)) return true;
  }
  return false;
}

/**
 * Whether a negator of any of the lexicons stands in the three tokens before the text at `start`
 * (an offset in the folded text): the phrase lists' matches are denied as the frames' are ("I'm
 * not having a heart attack", "c'est pas une urgence", "kein Notfall"), with the same scope.
 */
export function negatedAt(start: number, tokens: readonly Token[], lexicons: readonly CompiledLexicon[]): boolean {
  const first = tokens.findIndex((t) => t.start >= start);
  if (first <= 0) return false;
  return lexicons.some((l) => denied({ first, last: first }, l, tokens, []));
}

/**
 * Every frame of the lexicon that the tokens fill, with the occurrences that fill it (first fill per
 * frame). `also`: the other languages' lexicons, whose `unless` concepts count too, because a word
 * two languages share ("ambulance") must not escape one language's guard ("the ambulance sirens").
 */
export function matchFrames(
  lexicon: CompiledLexicon,
  tokens: readonly Token[],
  vetoed: (start: number, end: number) => boolean = () => false,
  also: readonly CompiledLexicon[] = [],
): FrameMatch[] {
  const matches: FrameMatch[] = [];
  const cache = new Map<string, Occurrence[]>();
  // An occurrence inside an idiom ("my feet are killing me") fills no slot.
  const live = (o: Occurrence) => !vetoed(tokens[o.first]!.start, tokens[o.last]!.end);
  const of = (concept: string) => {
    let found = cache.get(concept);
    if (!found) cache.set(concept, (found = (conceptsIn(lexicon, tokens).get(concept) ?? NONE).filter(live)));
    return found;
  };
  for (const frame of lexicon.frames) {
    // An idiom veto does not hide what turns a frame off ("fireplace" is both).
    if (frame.unless?.some((c) => [lexicon, ...also].some((l) => conceptOccurs(l, c, tokens)))) continue;
    const chosen: Occurrence[] = [];
    const fill = (slot: number): boolean => {
      if (slot === frame.slots.length) {
        if (chosen.some((o) => denied(o, lexicon, tokens, chosen))) return false;
        return true;
      }
      for (const occ of of(frame.slots[slot]!)) {
        if (chosen.some((o) => occ.first <= o.last && o.first <= occ.last)) continue;
        if (frame.ordered && slot > 0 && occ.first <= chosen[slot - 1]!.last) continue;
        // The window counts the tokens between the parts, not the parts' own words.
        const parts = [...chosen, occ];
        const first = Math.min(...parts.map((o) => o.first));
        const last = Math.max(...parts.map((o) => o.last));
        const own = parts.reduce((n, o) => n + o.last - o.first + 1, 0);
        if (last - first + 1 - own >= windowOf(frame, tokens, first)) continue;
        chosen.push(occ);
        if (fill(slot + 1)) return true;
        chosen.pop();
      }
      return false;
    };
    if (fill(0)) matches.push({ signal: frame.signal, parts: [...chosen] });
  }
  return matches;
}
