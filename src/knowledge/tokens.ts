import { deu, eng, fra, spa, zho } from 'stopword';
import { normalizeText } from '../intent/index.js';
import { CONCEPTS } from './concepts.js';
import { COMPOUND_PARTS, FRAME_PHRASES, FRAMES, GENERIC, PARTICLES, PERSON_ENDINGS, PERSONS, PHRASES, SUFFIXES, UNINFLECTED } from './lexicon/index.js';

/**
 * Terms of a text for lexical retrieval (BM25), the same for a question and a knowledge section in
 * any of the robot's languages:
 *
 * - words are case-folded and stripped of accents ("Über" and "uber" are one term: speech
 *   transcripts and typed questions spell them either way);
 * - stop words of all five languages are dropped: a question's language is a guess, and the
 *   function words of one language are rarely content words of another;
 * - words are cut to their first STEM_CHARS letters, a stemmer for every alphabetic language at
 *   once ("remembers", "remembering" → "remem"; "Sprachen", "Sprache" → "sprac"): prefix
 *   truncation is known to match real stemmers closely for English, German, French and Spanish
 *   retrieval, and it needs no word lists;
 * - Chinese has no spaces: a run of Han characters gives its single characters that are not
 *   stop characters and its character bigrams that are not both stop characters (bigrams are the
 *   usual indexing unit for Chinese retrieval without a dictionary);
 * - a word of a concept of the thesaurus (concepts.ts) adds the concept as a term ("~feel"); a
 *   word not listed is looked up again without an inflectional ending or a German separable
 *   particle of its language (lexicon/: "keeping" → "keep", "hinstellen" → "stellen"), else
 *   split as a compound of a language that forms them ("Kartenzahlung" → "Zahlung");
 * - a phrase of the thesaurus ("settle up", "ins Wort fallen") adds its concept, and its words
 *   carry it in place of their own ("wrong person" is about a name, not a robot);
 * - frame words (lexicon/: greetings, "what happens when") are dropped like fillers.
 */

const STEM_CHARS = 5;
const fold = (word: string) => normalizeText(word).normalize('NFD').replace(/\p{M}/gu, '');
const STOPWORDS = new Set([...eng, ...deu, ...fra, ...spa].map(fold));
const STOP_HAN = new Set(zho.filter((w) => w.length === 1));
/**
 * Fillers: words that soften or stress a question without changing what it asks ("What exactly
 * are you?", "Was bist du eigentlich?", "你到底是什么？"). They are dropped even where stop words are
 * kept: a word no variant has counts as the rarest, and a filler would push a question away from
 * the variant it repeats.
 */
const HAN = /\p{Script=Han}/u;
/** Fillers and frame words of every language (lexicon/): dropped wherever stop words are, and where they are kept. */
const FILLERS = new Set(
  [
    ...['actually', 'exactly', 'really', 'just', 'please', 'eigentlich', 'genau', 'denn', 'mal', 'bitte', 'wirklich', 'exactement', 'vraiment', 'donc', 'alors', 'exactamente', 'realmente', 'entonces', 'pues'],
    ...FRAMES.filter((w) => !HAN.test(w)),
  ].map(fold),
);
const HAN_FILLERS = new RegExp(['到底', '究竟', '请问', ...FRAMES.filter((w) => HAN.test(w))].join('|'), 'gu');
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });
const stem = (word: string) => [...word].slice(0, STEM_CHARS).join('');

/** Whether a term is a concept of the thesaurus rather than a word. */
export const isConcept = (term: string) => term.startsWith('~');

/**
 * Concept terms by word: a listed word matches itself, and, from MIN_PREFIX letters on, the words
 * it begins ("remember" → "remembering", "Gefühl" → "Gefühle"); shorter words only themselves
 * ("see" is not "seem", "build" is not "building": a five-letter word begins too many others, so
 * its other forms are listed). Cutting to five letters here would join "company" and "companion".
 */
const MIN_PREFIX = 6;
const EXACT = new Map<string, string[]>();
const PREFIXES: [string, string][] = [];
const HAN_WORDS: [string, string][] = [];
for (const [concept, words] of Object.entries(CONCEPTS)) {
  for (const word of words) {
    const term = `~${concept}`;
    if (HAN.test(word)) HAN_WORDS.push([word, term]);
    else {
      const key = fold(word);
      const list = EXACT.get(key) ?? [];
      if (!list.includes(term)) EXACT.set(key, [...list, term]);
      if ([...key].length >= MIN_PREFIX) PREFIXES.push([key, term]);
    }
  }
}

function listed(word: string): string[] {
  const found = new Set(EXACT.get(word));
  for (const [prefix, term] of PREFIXES) if (word.startsWith(prefix)) found.add(term);
  return [...found];
}

/** The smallest rest of a word, once a separable particle is cut, that may be a thesaurus word. */
const MIN_REST = 4;
const FOLDED_PARTICLES = PARTICLES.map(fold);

const FOLDED_SUFFIXES = SUFFIXES.map(fold);
const FOLDED_UNINFLECTED = new Set(UNINFLECTED.map(fold));

/** The concepts of a word without an inflectional ending: "keeping" → "keep", "stopping" → "stop", "saving" → "save". */
function lemmaConcepts(word: string): string[] {
  if (FOLDED_UNINFLECTED.has(word)) return [];
  for (const suffix of FOLDED_SUFFIXES) {
    if (!word.endsWith(suffix)) continue;
    const rest = word.slice(0, -suffix.length);
    if ([...rest].length < 3) continue;
    const undoubled = rest.length > 1 && rest.at(-1) === rest.at(-2) ? rest.slice(0, -1) : rest;
    for (const lemma of new Set([rest, undoubled, `${rest}e`])) {
      const found = EXACT.get(lemma);
      if (found) return found;
    }
  }
  return [];
}

/** Thesaurus words of the languages that form compounds, by folded word (see Lexicon.compounds). */
const COMPOUND_WORDS = new Map<string, string[]>();
for (const [concept, words] of Object.entries(COMPOUND_PARTS))
  for (const word of words) COMPOUND_WORDS.set(fold(word), [...(COMPOUND_WORDS.get(fold(word)) ?? []), `~${concept}`]);

/** The shortest modifier and head of a compound: shorter parts are suffixes and prefixes, not words ("Ehrenamt" is no "amt" of "Ehren"). */
const MIN_MODIFIER = 3;
const MIN_HEAD = 4;
/** Linking letters between a compound's parts ("Gesicht-s-erkennung", "Sprache-n-wechsel"). */
const LINKS = ['s', 'es', 'n', 'en', 'e'];

/** A compounding language's word's concepts, its inflection cut as a word's is (see lemmaConcepts). */
function partConcepts(part: string): string[] {
  const found = COMPOUND_WORDS.get(part) ?? COMPOUND_WORDS.get(`${part}e`);
  if (found) return found;
  for (const suffix of FOLDED_SUFFIXES) {
    if (!part.endsWith(suffix) || [...part].length - suffix.length < MIN_MODIFIER) continue;
    const rest = part.slice(0, -suffix.length);
    const hit = COMPOUND_WORDS.get(rest) ?? COMPOUND_WORDS.get(`${rest}e`);
    if (hit) return hit;
  }
  return [];
}

/** A compound's modifier's concepts, with or without its linking letters. */
const modifierConcepts = (modifier: string) =>
  [modifier, ...LINKS.filter((l) => modifier.endsWith(l) && [...modifier].length - l.length >= MIN_MODIFIER).map((l) => modifier.slice(0, -l.length))].map(partConcepts).find((c) => c.length > 0) ?? [];

/**
 * The concepts of a compound ("Kartenzahlung", "Gesichtserkennung", "Datenschutz"): of the longest
 * head that is a thesaurus word of a compounding language, with its modifier's when that is one
 * too; without such a head, of the longest modifier that is one (German puts the meaning last, so
 * the head is looked for first).
 */
function compoundConcepts(word: string): string[] {
  const chars = [...word];
  const cuts = Array.from({ length: Math.max(0, chars.length - MIN_HEAD - MIN_MODIFIER + 1) }, (_, k) => k + MIN_MODIFIER);
  for (const i of cuts) {
    const head = partConcepts(chars.slice(i).join(''));
    if (head.length > 0) return [...new Set([...head, ...modifierConcepts(chars.slice(0, i).join(''))])];
  }
  for (const i of cuts.reverse()) {
    const front = modifierConcepts(chars.slice(0, i).join(''));
    if (front.length > 0) return front;
  }
  return [];
}

/** A word's concepts: its own, else those of its lemma, else those of the word after a separable particle ("hinstellen" → "stellen"), else those of its parts as a compound. */
function conceptsOf(word: string): string[] {
  const found = listed(word);
  if (found.length > 0) return found;
  const lemma = lemmaConcepts(word);
  if (lemma.length > 0) return lemma;
  for (const particle of FOLDED_PARTICLES) {
    const rest = word.slice(particle.length);
    if (word.startsWith(particle) && [...rest].length >= MIN_REST && listed(rest).length > 0) return listed(rest);
  }
  return compoundConcepts(word);
}

/** The word-like segments of `text` outside Han runs, in order: what phrases and content words are read from. */
function* wordSegments(text: string): Generator<string> {
  for (const part of text.split(/\p{Script=Han}+/u)) for (const { segment, isWordLike } of segmenter.segment(part)) if (isWordLike) yield segment;
}

const phraseWord = (segment: string) => fold(segment).replaceAll("'", '');

/** What the words of a framing phrase carry instead of a concept (see Lexicon.framePhrases). */
const FRAMED = '';

/** The thesaurus' phrases as their words, each with its concept term (see Lexicon.phrases), and the framing phrases. */
const PHRASE_WORDS: { words: string[]; term: string }[] = [
  ...Object.entries(PHRASES).flatMap(([concept, phrases]) => phrases.map((p) => ({ words: [...wordSegments(p)].map(phraseWord), term: `~${concept}` }))),
  ...FRAME_PHRASES.map((p) => ({ words: [...wordSegments(p)].map(phraseWord), term: FRAMED })),
];

/** The phrases by their first word, each with its place in PHRASE_WORDS: a text's word looks up only the phrases that can begin there. */
const PHRASES_BY_FIRST_WORD = new Map<string, number[]>();
PHRASE_WORDS.forEach(({ words }, index) => {
  const first = words[0];
  if (first === undefined) return;
  const list = PHRASES_BY_FIRST_WORD.get(first);
  if (list) list.push(index);
  else PHRASES_BY_FIRST_WORD.set(first, [index]);
});

/** The concepts of the phrases found in `text`: one per occurrence, and for each word (as wordSegments gives them) those of the phrases it belongs to. */
function phrasesIn(text: string): { found: string[]; byWord: string[][] } {
  const words = [...wordSegments(text)].map(phraseWord);
  const found: string[] = [];
  const byWord = words.map((): string[] => []);
  const matches: { phrase: number; at: number }[] = [];
  words.forEach((word, at) => {
    for (const phrase of PHRASES_BY_FIRST_WORD.get(word) ?? []) {
      const { words: wanted } = PHRASE_WORDS[phrase]!;
      if (at + wanted.length <= words.length && wanted.every((w, j) => words[at + j] === w)) matches.push({ phrase, at });
    }
  });
  // In the order of the phrase list, then of the text, as a walk over every phrase found them.
  matches.sort((a, b) => a.phrase - b.phrase || a.at - b.at);
  for (const { phrase, at } of matches) {
    const { words: wanted, term } = PHRASE_WORDS[phrase]!;
    if (term !== FRAMED) found.push(term);
    for (let j = at; j < at + wanted.length; j++) if (!byWord[j]!.includes(term)) byWord[j]!.push(term);
  }
  return { found, byWord };
}

function hanTerms(run: string, out: string[], keepStop: boolean): void {
  const chars = [...run];
  chars.forEach((c, i) => {
    if (keepStop || !STOP_HAN.has(c)) out.push(c);
    const next = chars[i + 1];
    if (next && (keepStop || !(STOP_HAN.has(c) && STOP_HAN.has(next)))) out.push(c + next);
  });
}

/** French pronouns that elide before a vowel ("j'ai", "m'appelle", "t'appelles"): who a question is about. */
const ELIDED_PRONOUNS = new Set(['j', 'm', 't']);

export interface TermOptions {
  /**
   * Keep stop words (and stop characters): a question compared with another question (see
   * variants.ts) is told apart by them ("What can you do?", "What do you see?"), where they are
   * noise against a section's text.
   */
  keepStopwords?: boolean;
}

/**
 * The content words of `text` outside Han runs (stop words and fillers dropped), each as its
 * stemmed term with the concepts it carries: what a question is about, word by word.
 */
export function contentWords(text: string): { term: string; concepts: string[] }[] {
  const out: { term: string; concepts: string[] }[] = [];
  const { byWord } = phrasesIn(text);
  let i = 0;
  for (const segment of wordSegments(text)) {
    const phrases = byWord[i++]!;
    if (phrases.includes(FRAMED)) continue;
    const word = fold(segment).split("'").filter(Boolean).at(-1) ?? '';
    if (!word || FILLERS.has(word) || STOPWORDS.has(word) || STOPWORDS.has(fold(segment)) || /^\d+$/.test(word)) continue;
    out.push({ term: stem(word), concepts: phrases.length > 0 ? phrases : conceptsOf(word) });
  }
  return out;
}

/** The retrieval terms of `text`, in order, repeated as often as they occur. */
export function terms(text: string, options: TermOptions = {}): string[] {
  const keepStop = options.keepStopwords ?? false;
  const { found, byWord } = phrasesIn(text);
  const out: string[] = [...found];
  let index = 0;
  // Han runs are taken whole (the segmenter would cut them at dictionary words, differently in a question and in a section).
  for (const part of text.split(/(\p{Script=Han}+)/u)) {
    if (!part) continue;
    if (HAN.test(part)) {
      hanTerms(part.replace(HAN_FILLERS, ''), out, keepStop);
      for (const [word, concept] of HAN_WORDS) if (part.includes(word)) out.push(concept);
      continue;
    }
    for (const { segment, isWordLike } of segmenter.segment(part)) {
      if (!isWordLike) continue;
      // A word of a phrase means what the phrase means: the person of "wrong person" is no robot, the speaking of "te fait parler" no conversation.
      const phrases = byWord[index++]!;
      if (phrases.includes(FRAMED)) continue;
      const inPhrase = phrases.length > 0;
      // "don't", "l'adresse": the part after an apostrophe is the word that matters in French.
      const parts = fold(segment).split("'").filter(Boolean);
      const word = parts.at(-1) ?? '';
      // Concepts first: a stop word of one language can be a concept word of another ("vor"); but not the verb of a French elision ("j'ai" is no "AI").
      if (!inPhrase && (parts.length === 1 || !STOPWORDS.has(word))) out.push(...conceptsOf(word));
      // Where stop words count, so does an elided pronoun: "je m'appelle" asks about the visitor's name, "tu t'appelles" the robot's.
      if (keepStop) out.push(...parts.slice(0, -1).filter((p) => ELIDED_PRONOUNS.has(p)));
      if (!word || FILLERS.has(word) || (!keepStop && (STOPWORDS.has(word) || STOPWORDS.has(fold(segment))))) continue;
      out.push(stem(word));
    }
  }
  return out;
}

const PERSON_WORDS = new Set(PERSONS.filter((w) => !HAN.test(w)).map(fold));
const PERSON_HAN = new RegExp(PERSONS.filter((w) => HAN.test(w)).join('|'), 'u');

/**
 * Whether `text` speaks of the visitor or the robot (I, you, we, in any of the five languages; see
 * lexicon/): "j'ai", "l'adresse" and "let's" are looked at whole and by their parts.
 */
function speaksOfPersons(text: string): boolean {
  if (PERSON_HAN.test(text)) return true;
  for (const { segment, isWordLike } of segmenter.segment(text.replace(/\p{Script=Han}+/gu, ' '))) {
    if (!isWordLike) continue;
    const word = fold(segment);
    if (PERSON_WORDS.has(word) || word.split("'").some((part) => PERSON_WORDS.has(part))) return true;
    if (FOLDED_PERSON_ENDINGS.some((e) => word.endsWith(e) && [...word].length > e.length + 2) && conceptsOf(word).length > 0) return true;
  }
  return false;
}

const GENERIC_WORDS = new Set(GENERIC.map(fold));
const FOLDED_PERSON_ENDINGS = PERSON_ENDINGS.map(fold);

/** How surely a question with only a generic subject ("On peut payer ici ?") is about the visitor: half as surely as one with "I" or "you". */
const GENERIC_PERSONHOOD = 0.5;

/**
 * How surely (0–1) `text` speaks of the visitor or the robot: 1 with a word of either (see
 * speaksOfPersons), GENERIC_PERSONHOOD with only a generic subject ("kann man", "se puede",
 * "faut-il": what anyone, so the visitor, may do), else 0 (a question about the world around).
 */
export function personhood(text: string): number {
  if (speaksOfPersons(text)) return 1;
  for (const { segment, isWordLike } of segmenter.segment(text.replace(/\p{Script=Han}+/gu, ' '))) {
    if (!isWordLike) continue;
    const word = fold(segment);
    if (GENERIC_WORDS.has(word) || word.split("'").some((part) => GENERIC_WORDS.has(part))) return GENERIC_PERSONHOOD;
  }
  return 0;
}
