import { distance } from 'fastest-levenshtein';

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
 * two `*` any word that holds it (German compounds: "*brustschmerz*"), a lone `*` any one word.
 */

export interface Token {
  text: string;
  /** Offsets in the folded text, to compare with the phrase lists' idiom vetoes. */
  start: number;
  end: number;
}

/** A lexeme compiled: one matcher per word. */
type Word = (token: string) => boolean;
export type Lexeme = Word[];

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
   * Long words match with one letter wrong ("ambulence"). Off where near words are common
   * (German "geschlafen" / "geschlagen").
   */
  fuzzy?: boolean;
}

export interface CompiledLexicon {
  concepts: Map<string, Lexeme[]>;
  frames: readonly FrameSpec[];
  negators: Lexeme[];
  past: Lexeme[];
}

const HAN = /\p{Script=Han}/u;

/** Tokens of folded text. */
export function tokenize(folded: string): Token[] {
  const out: Token[] = [];
  for (const m of folded.matchAll(/\p{Script=Han}|[\p{L}\p{N}]+/gu)) {
    out.push({ text: m[0], start: m.index, end: m.index + m[0].length });
  }
  return out;
}

function compileWord(word: string, fuzzy: boolean): Word {
  if (word === '*') return () => true;
  if (word.startsWith('*') && word.endsWith('*') && word.length > 2) {
    const part = word.slice(1, -1);
    return (t) => t.includes(part);
  }
  if (word.endsWith('*') && word.length > 1) {
    const stem = word.slice(0, -1);
    return (t) => t.startsWith(stem);
  }
  if (!fuzzy || word.length < FUZZY_FROM) return (t) => t === word;
  // A long word misspelt by one letter ("ambulence", "unconsious") is still the word; short ones
  // are not ("fainted" / "painted"), nor another ending ("paramedic" / "paramedics": a job, not a
  // call). Same first and last letter, length within one: cheap to test first.
  const last = word[word.length - 1];
  return (t) => t === word || (t[0] === word[0] && t[t.length - 1] === last && Math.abs(t.length - word.length) <= 1 && t.length >= FUZZY_FROM - 1 && distance(t, word) <= 1);
}

/** Words this long match with one letter wrong. */
export const FUZZY_FROM = 9;

/** A lexeme as written ("can't breathe", "kipp*", "晕倒") → one matcher per token. */
export function compileLexeme(text: string, fold: (s: string) => string, fuzzy = false): Lexeme {
  const folded = fold(text);
  const parts: string[] = [];
  for (const m of folded.matchAll(/\p{Script=Han}|\*?[\p{L}\p{N}]+\*?|\*/gu)) parts.push(m[0]);
  return parts.map((p) => compileWord(p, fuzzy));
}

export function compileLexicon(lexicon: Lexicon, fold: (s: string) => string): CompiledLexicon {
  const concepts = new Map<string, Lexeme[]>();
  for (const [name, lexemes] of Object.entries(lexicon.concepts)) concepts.set(name, lexemes.map((l) => compileLexeme(l, fold, lexicon.fuzzy ?? false)).filter((l) => l.length > 0));
  for (const frame of lexicon.frames) {
    for (const slot of [...frame.slots, ...(frame.unless ?? [])]) if (!concepts.has(slot)) throw new Error(`alert frame uses the unknown concept "${slot}"`);
  }
  const list = (l: readonly string[]) => l.map((x) => compileLexeme(x, fold)).filter((x) => x.length > 0);
  return { concepts, frames: lexicon.frames, negators: list(lexicon.negators), past: list(lexicon.past) };
}

/** Where a lexeme occurs: token ranges [first, last]. */
export interface Occurrence {
  first: number;
  last: number;
}

function occurrences(lexemes: readonly Lexeme[], tokens: readonly Token[]): Occurrence[] {
  const found: Occurrence[] = [];
  for (let i = 0; i < tokens.length; i++) {
    for (const lexeme of lexemes) {
      if (i + lexeme.length > tokens.length) continue;
      if (lexeme.every((w, k) => w(tokens[i + k]!.text))) found.push({ first: i, last: i + lexeme.length - 1 });
    }
  }
  return found;
}

export const occursIn = (lexemes: readonly Lexeme[], tokens: readonly Token[]) => occurrences(lexemes, tokens).length > 0;

export interface FrameMatch {
  signal: FrameSpec['signal'];
  parts: Occurrence[];
}

/** Chinese is counted in characters, so its windows are wider than in words. */
const windowOf = (frame: FrameSpec, tokens: readonly Token[], first: number) => {
  const base = frame.window ?? 6;
  return HAN.test(tokens[first]?.text ?? '') ? base * 2 : base;
};

/** A negator in the two tokens before an occurrence denies it, unless it belongs to the match. */
function denied(occ: Occurrence, negators: readonly Lexeme[], tokens: readonly Token[], taken: readonly Occurrence[]): boolean {
  const from = Math.max(0, occ.first - 3);
  const before = tokens.slice(from, occ.first);
  for (const n of occurrences(negators, before)) {
    const at = from + n.first;
    // "能不能", "是不是": a question (A-not-A), not a denial.
    if (n.first === n.last && at > 0 && tokens[at - 1]?.text === tokens[at + 1]?.text) continue;
    if (!taken.some((o) => at >= o.first && at <= o.last)) return true;
  }
  return false;
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
    if (!found) cache.set(concept, (found = occurrences(lexicon.concepts.get(concept)!, tokens).filter(live)));
    return found;
  };
  for (const frame of lexicon.frames) {
    // An idiom veto does not hide what turns a frame off ("fireplace" is both).
    if (frame.unless?.some((c) => [lexicon, ...also].some((l) => occursIn(l.concepts.get(c) ?? [], tokens)))) continue;
    const chosen: Occurrence[] = [];
    const fill = (slot: number): boolean => {
      if (slot === frame.slots.length) {
        if (chosen.some((o) => denied(o, lexicon.negators, tokens, chosen))) return false;
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
