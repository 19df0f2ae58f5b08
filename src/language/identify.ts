import { francAll } from 'franc-min';
import type { Language } from '../config/index.js';
import { isInterjection } from './interjections.js';
import { rememberRecent } from './recent.js';
import { APOSTROPHES, CONVENTIONS, CUE_PHRASES, FUNCTION_WORDS, LETTERS, type LatinLanguage } from './lexicon.js';

/**
 * Which of the robot's languages an utterance is in, when speech-to-text did not say: the script
 * for Chinese; for the others, evidence from function words, cue phrases, letters and (on longer
 * text) franc's trigrams, weighed against the visit's language as the prior. A short or ambiguous
 * utterance ("OK", "Jonas", "Danke") keeps the language the visit is in: switching on a guess
 * costs more than staying. A greeting only one language says ("Hallo!", "Salut !") is no guess:
 * it opens the visit in its language. Before anyone has said anything, the visit's language is
 * only the configured default, no evidence: then the words need no lead over it, only to say more.
 * Hesitations ("eh", "euh", "äh") are no language's words, and a cue phrase is read across them
 * ("Mi nombre, eh, es Christina").
 */

const LATIN: readonly LatinLanguage[] = ['en', 'de', 'fr', 'es'];
const FRANC: Record<string, LatinLanguage> = { eng: 'en', deu: 'de', fra: 'fr', spa: 'es' };

/** Evidence a language needs to take the turn from the current one, and its lead over it. */
const MIN_EVIDENCE = 2;
const MIN_LEAD = 1.5;
/** Below this many letters franc's trigram statistics are noise; up to the second, weak evidence. */
const FRANC_MIN_LETTERS = 15;
const FRANC_SURE_LETTERS = 30;
const CUE_WEIGHT = 2;

export interface LanguageGuess {
  language: Language;
  /** How it was decided: the script, the evidence, or kept (too little evidence to switch). */
  source: 'script' | 'evidence' | 'kept';
  evidence: Readonly<Record<LatinLanguage, number>>;
}

// A word in k of the lists counts 1/k for each.
const WEIGHTS = new Map<string, Map<LatinLanguage, number>>();
for (const lang of LATIN) {
  for (const word of FUNCTION_WORDS[lang]) {
    const entry = WEIGHTS.get(word) ?? new Map<LatinLanguage, number>();
    entry.set(lang, 1);
    WEIGHTS.set(word, entry);
  }
}
for (const entry of WEIGHTS.values()) for (const lang of entry.keys()) entry.set(lang, 1 / entry.size);

const normalize = (text: string) => text.toLowerCase().replace(/[’‘`´]/g, "'");

/** Han characters are Chinese here: the robot speaks no other language written with them. */
function isChinese(text: string): boolean {
  const han = text.match(/\p{Script=Han}/gu)?.length ?? 0;
  const latin = text.match(/\p{Script=Latin}/gu)?.length ?? 0;
  return han >= 2 || (han >= 1 && han * 3 >= latin);
}

/** A cue phrase's test: at word boundaries when it starts with a letter, else anywhere. */
const phraseTest = (phrase: string): ((text: string) => boolean) => {
  if (!/^\p{L}/u.test(phrase)) return (text) => text.includes(phrase);
  const pattern = new RegExp(`(?<![\\p{L}'])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}])`, 'u');
  // The pattern is the phrase itself between word boundaries: a text without the phrase cannot
  // match, and most texts lack most phrases. Looking for it first is a fraction of the pattern's
  // cost (language identification took 0.2-0.5 ms of every turn before its reply).
  return (text) => text.includes(phrase) && pattern.test(text);
};
// Compiled once: a hundred Unicode patterns made on every utterance cost 8-16 ms a turn on a
// loaded machine, before the reply could start (V8's cache of compiled patterns does not keep them).
const CUE_TESTS: Record<LatinLanguage, ((text: string) => boolean)[]> = Object.fromEntries(
  LATIN.map((lang) => [lang, CUE_PHRASES[lang].map(phraseTest)]),
) as Record<LatinLanguage, ((text: string) => boolean)[]>;

type Evidence = Readonly<Record<LatinLanguage, number>>;

/** How much each language is supported by the words of the text, franc's trigrams included. */
export const languageEvidence: (text: string) => Evidence = rememberRecent((text) => Object.freeze(withTrigrams(text, wordEvidence(text))));

/** The same without the trigrams: function words, cue phrases, letters, conventions. */
const wordEvidence: (text: string) => Evidence = rememberRecent((text) => Object.freeze(weighWords(text)));

function weighWords(text: string): Record<LatinLanguage, number> {
  const lower = normalize(text);
  const evidence: Record<LatinLanguage, number> = { en: 0, de: 0, fr: 0, es: 0 };
  const tokens = (lower.match(/[\p{L}']+/gu) ?? []).filter((token) => !isInterjection(token));
  for (const token of tokens) {
    const word = token.replace(/^'+|'+$/g, '');
    // An elided word the lists lack is read by its parts: "m'appelle" is "appelle", "d'accord" "accord".
    const parts = WEIGHTS.has(word) ? [word] : word.split("'");
    for (const part of parts) for (const [lang, weight] of WEIGHTS.get(part) ?? []) evidence[lang] += weight;
  }
  // The words alone, one space apart: a cue phrase said with a hesitation or a comma inside it.
  const words = tokens.join(' ');
  for (const lang of LATIN) {
    evidence[lang] += CUE_WEIGHT * CUE_TESTS[lang].filter((test) => test(lower) || test(words)).length;
    if (LETTERS[lang].test(lower)) evidence[lang] += 1;
    if (APOSTROPHES[lang]?.test(lower)) evidence[lang] += 1;
    if (CONVENTIONS[lang]?.test(lower)) evidence[lang] += CUE_WEIGHT;
  }
  return evidence;
}

/** What franc's trigrams can add to one language: as much as a cue phrase on enough text, less on little, nothing below that. */
function trigramWeight(text: string): number {
  const letters = normalize(text).replace(/[^\p{L}]/gu, '').length;
  return letters >= FRANC_SURE_LETTERS ? CUE_WEIGHT : letters >= FRANC_MIN_LETTERS ? 1 : 0;
}

function withTrigrams(text: string, words: Evidence): Record<LatinLanguage, number> {
  const evidence = { ...words };
  const weight = trigramWeight(text);
  if (weight > 0) {
    const [best, second] = francAll(text, { only: Object.keys(FRANC), minLength: 1 });
    // Trigrams count when franc is clear about it.
    if (best && second && FRANC[best[0]] && best[1] - second[1] >= 0.1) evidence[FRANC[best[0]]!] += weight;
  }
  return evidence;
}

/**
 * Whether the words alone keep the current language, whatever franc would add: its trigrams
 * give one language at most `weight`, and not even that would let another take the turn. Then
 * franc is not asked: 0.18 ms of every English turn in a probe, after a pause like the one between a visitor's turns.
 */
function keptWhateverTrigrams(words: Evidence, current: Language, lead: number, weight: number): boolean {
  const prior = current === 'zh' ? 0 : words[current];
  return LATIN.every((l) => l === current || words[l] + weight < MIN_EVIDENCE || words[l] + weight - prior < lead);
}

/**
 * The language of an utterance, given the language the visit is in; `settled` is false while it is
 * only the default (nothing said in the conversation yet).
 */
export function identifyLanguage(text: string, current: Language, settled = true): LanguageGuess {
  const none = { en: 0, de: 0, fr: 0, es: 0 };
  if (isChinese(text)) return { language: 'zh', source: 'script', evidence: none };
  if (!/\p{L}/u.test(text)) return { language: current, source: 'kept', evidence: none };
  const lead = settled ? MIN_LEAD : Number.MIN_VALUE;
  const words = wordEvidence(text);
  if (keptWhateverTrigrams(words, current, lead, trigramWeight(text))) return { language: current, source: 'kept', evidence: words };
  const evidence = languageEvidence(text);
  const ranked = [...LATIN].sort((a, b) => evidence[b] - evidence[a]);
  const best = ranked[0]!;
  const prior = current === 'zh' ? 0 : evidence[current];
  if (best === current || evidence[best] < MIN_EVIDENCE || evidence[best] - prior < lead) return { language: current, source: 'kept', evidence };
  return { language: best, source: 'evidence', evidence };
}
