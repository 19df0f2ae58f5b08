import nlp from 'compromise';
import { GERMAN_GIVEN_NAMES } from './given-names.js';

/** A word of the utterance with its character span and, for English, compromise's POS tags. */
export interface Token {
  text: string;
  start: number;
  end: number;
  tags: ReadonlySet<string>;
}

const NO_TAGS: ReadonlySet<string> = new Set();

interface CompromiseTerm {
  text: string;
  tags: string[];
  offset: { start: number; length: number };
}

/**
 * English words tagged in context by compromise: in "I'm Will" it knows Will is a name, in
 * "I'm tired" that tired is an adjective — which is what separates a self-introduction from a
 * state. Tagging the whole utterance once is far more reliable than tagging a word alone.
 */
export function tagEnglish(text: string): readonly Token[] {
  const known = RECENT.get(text);
  if (known) return known;
  const sentences = nlp(text).json({ offset: true }) as { terms: CompromiseTerm[] }[];
  const tokens: readonly Token[] = Object.freeze(
    sentences
      .flatMap((s) => s.terms)
      .filter((t) => t.text.length > 0)
      .map((t) => ({ text: t.text, start: t.offset.start, end: t.offset.start + t.offset.length, tags: new Set(t.tags) as ReadonlySet<string> })),
  );
  RECENT.set(text, tokens);
  if (RECENT.size > RECENT_TEXTS) RECENT.delete(RECENT.keys().next().value!);
  return tokens;
}

/**
 * The last few utterances tagged: a turn asks for the same utterance's tags up to three times
 * (whether it states a name, before the reply; the name rules; the correction rules), and
 * compromise takes 2-5 ms each time on a small CPU. Pure, so the tags are shared (read-only).
 */
const RECENT_TEXTS = 8;
const RECENT = new Map<string, readonly Token[]>();

/** Words without tags, for the languages compromise does not know. */
export function plainTokens(text: string): Token[] {
  return [...text.matchAll(/[\p{L}\p{N}][\p{L}\p{N}'’.-]*/gu)].map((m) => {
    const word = m[0].replace(/[.'’-]+$/, '');
    return { text: word, start: m.index, end: m.index + word.length, tags: NO_TAGS };
  });
}

/** The tokens that start within [start, end). */
export function tokensFrom(tokens: readonly Token[], start: number, end = Infinity): Token[] {
  return tokens.filter((t) => t.start >= start && t.start < end);
}

/** "swim" → "swimming", for hobbies told as "I like to swim". Unknown verbs stay as they are. */
export function gerundOf(verbPhrase: string): string {
  const [verb = '', ...rest] = verbPhrase.split(/\s+/);
  const conjugated = nlp(verb).verbs().conjugate()[0] as { Gerund?: string } | undefined;
  const gerund = conjugated?.Gerund?.replace(/^is\s+/, '');
  return gerund ? [gerund, ...rest].join(' ') : verbPhrase;
}

export const isCapitalized = (word: string) => /^\p{Lu}/u.test(word);

const NAME_TAGS = ['Person', 'FirstName', 'LastName', 'MaleName', 'FemaleName', 'ProperNoun'];

/**
 * Words of another language, each tagged only as a name when compromise's lexicon of first and
 * last names knows it (many German, French, Spanish and Chinese names are in it); its other tags
 * are English grammar and would mislead.
 */
export function nameTaggedTokens(text: string): Token[] {
  return plainTokens(text).map((tok) => {
    const term = (nlp(tok.text).json() as { terms: CompromiseTerm[] }[])[0]?.terms[0];
    const tags = new Set(term?.tags.filter((t) => NAME_TAGS.includes(t)) ?? []);
    // ProperNoun alone only says "capitalised"; keep it only with a real name tag.
    if (tags.size === 1 && tags.has('ProperNoun')) tags.clear();
    if (GERMAN_GIVEN_NAMES.has(tok.text.toLowerCase())) tags.add('FirstName');
    return { ...tok, tags };
  });
}

/**
 * Whether compromise's lexicon knows the word, said alone, as a first or last name ("Helen",
 * "Mathilde"): evidence of a name where the sentence's tags say otherwise. Cached: a few names recur.
 */
export function isLexiconName(word: string): boolean {
  const key = word.toLowerCase();
  let known = LEXICON_NAMES.get(key);
  if (known === undefined) {
    known = nameTaggedTokens(word)[0]?.tags.size ? true : false;
    if (LEXICON_NAMES.size > 500) LEXICON_NAMES.clear();
    LEXICON_NAMES.set(key, known);
  }
  return known;
}
const LEXICON_NAMES = new Map<string, boolean>();
