import { compileLexeme, LexemeSet, occurrences, scan, type Lexeme, type Occurrence } from './lexeme.js';
import { spokenForms } from './spoken.js';
import type { Token } from './tokens.js';

export { FUZZY_FROM, type Occurrence } from './lexeme.js';
export { tokenize, type Token } from './tokens.js';

/**
 * Concept frames: the second, general layer of the alert detector. A phrase list catches the ways
 * of saying an emergency someone thought of; a frame catches the ways nobody wrote down, by
 * meaning: a body word near a symptom word ("my chest is so tight"), a person near a collapse verb
 * ("my husband just collapsed"), a staff role near a request verb ("can a human help me").
 *
 * Text is folded (fold.ts) and cut into tokens: words of letters and digits, split at apostrophes
 * ("s'est" → s, est; "can't" → can, t), and every Chinese character a token of its own, so that
 * Chinese lexemes ("晕倒") are sequences of tokens like any multi-word lexeme (lexeme.ts: stems,
 * compounds, gaps). Each lexicon first reads the tokens its own way (spoken.ts: "ich kipp" is "ich
 * kippe", "brennt's" is "brennt es").
 */

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
  /**
   * Marks of talk about something seen or heard elsewhere: the news, a game, a report ("in den
   * Nachrichten", "aux infos", "新闻说"). Like `past`, they make an emergency's words a story.
   */
  reported?: readonly string[];
  /** Spoken forms of single words, as the lexicon writes them ("nen" → "einen", "s" → "es"). */
  spoken?: Readonly<Record<string, string>>;
  /**
   * Endings a word the lexicon lacks may have instead of one of its words' (`['', 'e']`: German
   * "ich kipp um" is "ich kippe um"; `['st', 't']`: "du holst" is "holt"). See spoken.ts.
   */
  endings?: readonly (readonly [string, string])[];
  /**
   * Negations that assert: "hört nicht auf", "arrête pas de", "no para de" (keeps on). A negator
   * inside one denies nothing.
   */
  affirm?: readonly string[];
  /** Intensifiers and particles ("ganz", "vraiment", "really"): a frame's window does not count them. */
  fillers?: readonly string[];
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
  reported: LexemeSet;
  affirm: LexemeSet;
  fillers: ReadonlySet<string>;
  subjects: ReadonlySet<string>;
  /** The tokens as this lexicon reads them (see `spoken`, `endings`): same offsets, same count. */
  read: (tokens: readonly Token[]) => readonly Token[];
}

const HAN = /\p{Script=Han}/u;

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
  // Every word the lexicon writes, in any of its lists: a word it has is never read as another.
  const written = [...Object.values(lexicon.concepts), lexicon.negators, lexicon.past, lexicon.hyperbole ?? [], lexicon.reported ?? [], lexicon.affirm ?? [], lexicon.subjects ?? [], lexicon.fillers ?? []];
  const vocabulary = new Set(written.flatMap((l) => l.flatMap((w) => fold(w).split(/[^\p{L}\p{N}]+/u))));
  return {
    concepts: new LexemeSet(lexemes),
    conceptOf,
    frames: lexicon.frames,
    negators: list(lexicon.negators),
    past: list(lexicon.past),
    hyperbole: list(lexicon.hyperbole ?? []),
    reported: list(lexicon.reported ?? []),
    subjects: new Set((lexicon.subjects ?? []).map(fold)),
    affirm: list(lexicon.affirm ?? []),
    fillers: new Set((lexicon.fillers ?? []).map(fold)),
    read: spokenForms(lexicon.spoken ?? {}, lexicon.endings ?? [], vocabulary),
  };
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
    scan(lexicon.concepts, lexicon.read(tokens), (k, occ) => {
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

/** A negator in the three tokens before an occurrence, in its clause, denies it, unless it belongs to the match. */
function denied(occ: Occurrence, lexicon: CompiledLexicon, raw: readonly Token[], taken: readonly Occurrence[], affirming: readonly CompiledLexicon[] = [lexicon]): boolean {
  const tokens = lexicon.read(raw);
  const from = Math.max(0, occ.first - 3);
  const before = tokens.slice(from, occ.first);
  // "no para de tocarme": a negation that asserts, in any language whose negator this may be.
  const reach = Math.max(0, from - 3);
  let asserted: Occurrence[] | undefined;
  const assertedAt = (at: number) =>
    (asserted ??= affirming.flatMap((l) => occurrences(l.affirm, l.read(raw).slice(reach, occ.first)).map((o) => ({ first: o.first + reach, last: o.last + reach })))).some((o) => at >= o.first && at <= o.last);
  for (const n of occurrences(lexicon.negators, before)) {
    const at = from + n.first;
    if (assertedAt(at)) continue;
    // A negation ends with its clause: "ich rede nicht mit Robotern, wo ist ein Mensch?"
    if (tokens[at]!.clause !== tokens[occ.first]!.clause) continue;
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
  return lexicons.some((l) => denied({ first, last: first }, l, tokens, [], lexicons));
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
  // Words that are no filler, counted up to each token: what a window measures.
  const read = lexicon.read(tokens);
  const counted = [0];
  for (const t of read) counted.push(counted.at(-1)! + (lexicon.fillers.has(t.text) ? 0 : 1));
  const words = (a: number, b: number) => counted[b + 1]! - counted[a]!;
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
        if (chosen.some((o) => [lexicon, ...also].some((l) => denied(o, l, tokens, chosen, [lexicon, ...also])))) return false;
        return true;
      }
      for (const occ of of(frame.slots[slot]!)) {
        if (chosen.some((o) => occ.first <= o.last && o.first <= occ.last)) continue;
        if (frame.ordered && slot > 0 && occ.first <= chosen[slot - 1]!.last) continue;
        // The window counts the words between the parts, not the parts' own words nor fillers
        // ("er atmet nur noch ganz flach": three fillers, no word between).
        const parts = [...chosen, occ];
        const first = Math.min(...parts.map((o) => o.first));
        const last = Math.max(...parts.map((o) => o.last));
        const own = parts.reduce((n, o) => n + words(o.first, o.last), 0);
        if (words(first, last) - own >= windowOf(frame, tokens, first)) continue;
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
