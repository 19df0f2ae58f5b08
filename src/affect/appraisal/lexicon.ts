import Sentiment from 'sentiment';
import type { Language } from '../../config/index.js';
import { identifyLanguage, rememberRecent } from '../../language/index.js';
import type { EmotionIntensity } from '../emotions.js';
import { CUE_EMOTIONS, NEGATABLE, type Cue } from './cues.js';
import { RULES, type LanguageRules } from './rules.js';

/**
 * The offline appraisal: phrase rules in every language the robot speaks (rules.ts), plus the
 * AFINN-165 valence lexicon of the `sentiment` package for English, which strengthens what the
 * rules found and catches plainly positive or negative English the rules do not name.
 *
 * All languages' rules are applied to every utterance: speech-to-text does not always know the
 * language, people switch, and the phrase lists do not collide across these five languages.
 *
 * Only the visitor's own words of this turn are appraised: a recalled memory or the robot's own
 * earlier words ("happy to help") are not something the visitor just did to the robot.
 */

const afinn = new Sentiment();

export interface LexiconAppraisal {
  emotions: EmotionIntensity[];
  cues: Cue[];
}

export interface LexiconInput {
  text: string;
  /** Cues known from elsewhere, e.g. a greeting or farewell recognised by the intent classifier. */
  cues?: readonly Cue[];
  /** The turn's language; without it, the words tell. */
  language?: Language;
}

const POSITIVE: ReadonlySet<Cue> = new Set(['thanks', 'compliment', 'apology', 'good_news']);
const NEGATIVE: ReadonlySet<Cue> = new Set(['insult', 'threat', 'sad_news']);

export function normalize(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/[’‘`´]/g, "'").replace(/\s+/g, ' ').trim();
}

// Any language's negation counts: the same insult word exists in several of them ("idiot").
const NEGATORS: readonly RegExp[] = Object.values(RULES).map((rules: LanguageRules) => rules.negators);

/** Is there a negation among the few words (or, in Chinese, characters) before `index`? */
function negated(text: string, index: number): boolean {
  const before = text.slice(Math.max(0, index - 40), index).trimEnd();
  const tail = /[\u4e00-\u9fff]$/u.test(before) ? before.slice(-2) : before.split(' ').slice(-3).join(' ');
  return NEGATORS.some((negator) => negator.test(tail));
}

// Global patterns, compiled once here, not on every utterance (Unicode patterns are costly to
// compile), and run with exec from lastIndex 0: matchAll would clone each of them on every
// utterance, ten times the cost of the matching itself. Nothing here awaits between exec calls.
const global = (pattern: RegExp) => new RegExp(pattern.source, `${pattern.flags}g`);
const CUE_PATTERNS: readonly [Cue, RegExp][] = Object.values(RULES).flatMap((rules: LanguageRules) =>
  (Object.entries(rules.cues) as [Cue, RegExp[]][]).flatMap(([cue, patterns]) => patterns.map((p): [Cue, RegExp] => [cue, global(p)])),
);
const INTENSIFIERS: readonly RegExp[] = Object.values(RULES).map((rules: LanguageRules) => global(rules.intensifiers));

/**
 * Cues that one utterance cannot mean together. An apology names the offence it takes back
 * ("sorry I called you an idiot" is no insult); sad news outweighs the "sorry" around it ("sorry,
 * my father died"); a question with "sorry" or "excuse me" is politeness, not an apology.
 */
function reconcile(found: Set<Cue>, text: string): Cue[] {
  if (found.has('apology') && (found.has('sad_news') || /[?？¿]/u.test(text))) found.delete('apology');
  if (found.has('apology')) found.delete('insult');
  return [...found];
}

/**
 * The cues the rules find in a text. Asked of each utterance three times before the reply (the
 * appraisal, the alerts' reading of the visitor and their report), so remembered for the last few.
 */
export const findCues: (text: string) => readonly Cue[] = rememberRecent((text) => Object.freeze(readCues(text)));

/** AFINN's reading of an (English) text: its score, the score per word, and how many of its words it knows. */
export interface WordSentiment {
  score: number;
  comparative: number;
  known: number;
}

/** AFINN's reading, remembered like the cues: the appraisal and the alerts' reading of the visitor both ask it. */
export const wordSentiment: (text: string) => WordSentiment = rememberRecent((text) => {
  const { score, comparative, words } = afinn.analyze(text);
  return Object.freeze({ score, comparative, known: words.length });
});

function readCues(text: string): Cue[] {
  const t = normalize(text);
  const found = new Set<Cue>();
  for (const [cue, pattern] of CUE_PATTERNS) {
    if (found.has(cue)) continue;
    pattern.lastIndex = 0;
    for (let match = pattern.exec(t); match; match = pattern.exec(t)) {
      if (match[0] === '') pattern.lastIndex++;
      if (NEGATABLE.has(cue) && negated(t, match.index)) continue;
      found.add(cue);
      break;
    }
  }
  return reconcile(found, t);
}

/** Intensifiers and exclamation marks make an utterance count more (up to +0.3). */
function emphasis(text: string): number {
  const t = normalize(text);
  let count = 0;
  for (const pattern of INTENSIFIERS) {
    pattern.lastIndex = 0;
    for (let match = pattern.exec(t); match; match = pattern.exec(t)) {
      if (match[0] === '') pattern.lastIndex++;
      count++;
    }
  }
  return Math.min(0.2, 0.1 * count) + (/[!！]/u.test(t) ? 0.1 : 0);
}

function merge(into: Map<EmotionIntensity['emotion'], number>, emotions: readonly EmotionIntensity[]): void {
  for (const e of emotions) {
    const intensity = Math.min(1, e.intensity);
    into.set(e.emotion, Math.max(into.get(e.emotion) ?? 0, intensity));
  }
}

const rounded = (x: number) => Math.round(x * 100) / 100;

/** Emotions elicited by one text: its cues at base intensity, strengthened by emphasis and valence. */
function appraiseOne(text: string, extra: readonly Cue[], language: Language): { emotions: EmotionIntensity[]; cues: Cue[] } {
  const cues = [...new Set([...findCues(text), ...extra])];
  // AFINN is an English word list: in German "die" is an article, in Spanish "no" is not "no good".
  const valence = language === 'en' ? wordSentiment(text).score : 0;
  const boost = emphasis(text);
  const emotions = new Map<EmotionIntensity['emotion'], number>();
  for (const cue of cues) {
    const agrees = (POSITIVE.has(cue) && valence > 0) || (NEGATIVE.has(cue) && valence < 0);
    const add = boost + (agrees ? Math.min(0.2, 0.04 * Math.abs(valence)) : 0);
    merge(
      emotions,
      CUE_EMOTIONS[cue].map((e) => ({ emotion: e.emotion, intensity: e.intensity + add })),
    );
  }
  // Nothing specific, but clearly positive or negative English: plain joy or distress. A negated
  // sentence is too ambiguous for a word list ("you're not an idiot"): no guess then.
  const hasNegation = NEGATORS.some((negator) => negator.test(normalize(text)));
  if (cues.length === 0 && Math.abs(valence) >= 2 && !hasNegation) {
    merge(emotions, [{ emotion: valence > 0 ? 'joy' : 'distress', intensity: Math.min(0.5, 0.1 * Math.abs(valence)) + boost / 2 }]);
  }
  return { emotions: [...emotions].map(([emotion, intensity]) => ({ emotion, intensity })), cues };
}

/** Appraises the visitor's utterance into OCC emotions, strongest first. */
export function appraiseLexicon(input: LexiconInput): LexiconAppraisal {
  const own = appraiseOne(input.text, input.cues ?? [], input.language ?? identifyLanguage(input.text, 'en').language);
  const emotions = own.emotions
    .map(({ emotion, intensity }) => ({ emotion, intensity: rounded(intensity) }))
    .filter((e) => e.intensity > 0)
    .sort((a, b) => b.intensity - a.intensity);
  return { emotions, cues: own.cues };
}
