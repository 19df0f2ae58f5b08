import { LANGUAGES, type Language } from '../config/index.js';
import type { AlertsConfig } from './config.js';
import { compileExtra, fold } from './fold.js';
import { compileLexicon, matchFrames, negatedAt, occursIn, tokenize, type CompiledLexicon, type FrameMatch, type Token } from './frames.js';
import { COMPILED, LEXICONS } from './lexicon/index.js';
import type { Classifier } from './opinion.js';
import { SHIPPED_OPINION } from './opinion-model.js';
import { PHRASES, type AlertPhrases } from './phrases.js';

/** What one utterance says on its own: a present emergency, a request for a person, a plea. */
export type UtteranceSignal = 'emergency' | 'help_requested' | 'distress';

export interface SignalFound {
  signal: UtteranceSignal;
  /** The words that matched, for the alert's `reason`. */
  matched: string;
  /** Raised by the classifier, not by a rule (`matched` is then the utterance). */
  by?: 'classifier';
}

/** A language's phrase lists, with the configured words its lexicon takes as well. */
type Listed = AlertPhrases & {
  /** Extra marks of a joke or a hyperbole (lexemes: see frames.ts). */
  hyperbole?: readonly string[];
  /** Extra subject pronouns: a negation does not reach past one. */
  subjects?: readonly string[];
};
type Lists = Record<Language, Listed>;

/** The built-in lists with the configured extra phrases and words added (compiled once per configuration). */
export function phraseLists(config: Pick<AlertsConfig, 'emergencyPhrases' | 'helpPhrases' | 'ignorePhrases'> & Partial<Pick<AlertsConfig, 'hyperbolePhrases' | 'subjectWords'>>): Lists {
  return Object.fromEntries(
    LANGUAGES.map((language): [Language, Listed] => {
      const base = PHRASES[language];
      const zh = language === 'zh';
      return [
        language,
        {
          ...base,
          emergency: [...base.emergency, ...compileExtra(config.emergencyPhrases[language], zh)],
          help: [...base.help, ...compileExtra(config.helpPhrases[language], zh)],
          ignore: [...base.ignore, ...compileExtra(config.ignorePhrases[language], zh)],
          hyperbole: config.hyperbolePhrases?.[language] ?? [],
          subjects: config.subjectWords?.[language] ?? [],
        },
      ];
    }),
  ) as Lists;
}

export const DEFAULT_LISTS: Lists = PHRASES;

const withWords = new WeakMap<Lists, CompiledLexicon[]>();
/** The lexicons of all languages, each with the configured hyperbole marks and subjects of its lists. */
function lexiconsOf(lists: Lists): CompiledLexicon[] {
  let found = withWords.get(lists);
  if (!found) {
    found = LANGUAGES.map((l) => {
      const { hyperbole = [], subjects = [] } = lists[l];
      if (hyperbole.length === 0 && subjects.length === 0) return COMPILED[l];
      const base = LEXICONS[l];
      return compileLexicon({ ...base, hyperbole: [...(base.hyperbole ?? []), ...hyperbole], subjects: [...(base.subjects ?? []), ...subjects] }, fold);
    });
    withWords.set(lists, found);
  }
  return found;
}

interface Span {
  start: number;
  end: number;
  text: string;
}

function spans(patterns: readonly RegExp[], text: string): Span[] {
  const found: Span[] = [];
  for (const pattern of patterns) {
    const match = pattern.exec(text);
    if (match) found.push({ start: match.index, end: match.index + match[0].length, text: match[0] });
  }
  return found;
}

const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;
// "I'm not having a heart attack", "nobody is hurt", "I nearly fainted": a negation just before the match.
const NEGATION = /(?:(?:^|[\s,])(?:not|no|nobody|no one|never|isn't|aren't|don't|nearly|almost|kein|keine|niemand|nicht|beinahe|fast|pas|personne|jamais|failli|presque|nadie|nunca|casi)|没有|不是|没|差点|差一点|险些)\s*$/u;

function firstLive(found: Span[], vetoes: Span[], text: string, tokens: readonly Token[], lexicons: readonly CompiledLexicon[]): Span | null {
  for (const span of found) {
    if (vetoes.some((v) => overlaps(v, span))) continue;
    const before = text.slice(Math.max(0, span.start - 14), span.start);
    if (NEGATION.test(before) || negatedAt(span.start, tokens, lexicons)) continue;
    return span;
  }
  return null;
}

/** The words a frame matched, from its first to its last token. */
const frameText = (m: FrameMatch, tokens: readonly Token[], text: string) =>
  text.slice(tokens[Math.min(...m.parts.map((p) => p.first))]!.start, tokens[Math.max(...m.parts.map((p) => p.last))]!.end);

/** What the rules make of an utterance, and whether the classifier may still be asked. */
export interface RulesVerdict {
  found: SignalFound | null;
  /**
   * False when the rules have the last word: they raised an alert, or the utterance is a story, a
   * report, a hypothetical, a joke, or holds an idiom ("this queue is killing me").
   */
  open: boolean;
}

/**
 * The rules alone. Two layers: the phrase lists (phrases.ts: exact ways of saying it,
 * configurable) and the concept frames (frames.ts, lexicon/: the meaning, whatever the wording).
 * Either raises the signal; the vetoes (idioms, stories, hypotheticals, an illness in the past)
 * hold for both.
 */
export function rulesVerdict(text: string, lists: Lists = DEFAULT_LISTS): RulesVerdict {
  const t = fold(text);
  if (!t) return { found: null, open: false };
  const all = LANGUAGES.map((l) => lists[l]);
  const tokens = tokenize(t);
  const vetoes = all.flatMap((l) => spans(l.ignore, t));
  const vetoed = (start: number, end: number) => vetoes.some((v) => v.start < end && start < v.end);
  const lexicons = lexiconsOf(lists);
  const frames = lexicons.flatMap((l) => matchFrames(l, tokens, vetoed, lexicons));
  const frame = (signal: UtteranceSignal): SignalFound | null => {
    const m = frames.find((f) => f.signal === signal);
    return m ? { signal, matched: frameText(m, tokens, t) } : null;
  };
  const helpFound = (liveVetoes: Span[]): SignalFound | null => {
    const help = firstLive(all.flatMap((l) => spans(l.help, t)), liveVetoes, t, tokens, lexicons);
    return help ? { signal: 'help_requested', matched: help.text.trim() } : frame('help_requested');
  };
  // A story, a report, a hypothetical, an illness in the past or a joke is talk about an emergency, not one.
  const past = lexicons.some((l) => {
    const read = l.read(tokens);
    return occursIn(l.past, read) || occursIn(l.hyperbole, read) || occursIn(l.reported, read);
  });
  if (past || all.some((l) => spans(l.context, t).length > 0)) return { found: helpFound([]), open: false };
  const emergency = firstLive(all.flatMap((l) => spans(l.emergency, t)), vetoes, t, tokens, lexicons);
  if (emergency) return { found: { signal: 'emergency', matched: emergency.text.trim() }, open: false };
  const found = frame('emergency') ?? helpFound(vetoes);
  if (found) return { found, open: false };
  const open = vetoes.length === 0;
  const distress = firstLive(all.flatMap((l) => spans(l.distress, t)), vetoes, t, tokens, lexicons);
  if (distress) return { found: { signal: 'distress', matched: distress.text.trim() }, open };
  return { found: null, open };
}

/**
 * The strongest signal an utterance carries on its own, or null. Pure: the same text always gives
 * the same answer. Distress here is one plea; the alert needs it to last (see the visitor state).
 *
 * The rules first (rulesVerdict); where they raise nothing and veto nothing, the classifier
 * (opinion.ts) may still take the utterance for an emergency or a request for a person, when it
 * is sure enough. `opinion` null: the rules alone.
 */
export function detectSignal(text: string, lists: Lists = DEFAULT_LISTS, opinion: Classifier | null = SHIPPED_OPINION): SignalFound | null {
  const verdict = rulesVerdict(text, lists);
  // A threshold of 1 turns the classifier off (alerts.classifierThreshold).
  if (!verdict.open || !opinion || opinion.threshold >= 1) return verdict.found;
  const said = opinion.judge(text);
  if (said.alert < opinion.threshold) return verdict.found;
  return { signal: said.kind, matched: text.trim().slice(0, 120), by: 'classifier' };
}
