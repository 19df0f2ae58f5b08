import { looksLikeName } from '../not-names.js';
import { isOrganisation } from '../organisations.js';
import { STATE_WORDS, type NameStrength } from './cue-lexicon.js';
import { isCapitalized, isLexiconName, type Token } from './tokens.js';


/** Words that end a name. */
const STOPS = new Set([
  'and', 'but', 'or', 'from', 'at', 'in', 'on', 'for', 'with', 'here', 'there', 'too', 'again', 'speaking', 'by', 'the', 'a', 'an',
  'i', "i'm", 'im', 'my', 'me', 'nice', 'pleased', 'glad', 'thanks', 'thank', 'please', 'today', 'now', 'who', 'and', 'so', 'as',
  'und', 'aber', 'ich', 'bin', 'aus', 'mein', 'meine', 'freut', 'danke', 'bitte', 'hier', 'et', 'mais', 'je', "j'", 'suis', 'moi',
  'merci', 'enchanté', 'enchante', 'y', 'pero', 'soy', 'mucho', 'gusto', 'gracias', 'encantado', 'encantada', 'hola', 'hallo', 'bonjour',
]);

/** Words that cannot start a name even after "my name is". */
const NEVER_A_NAME = new Set([
  'fine', 'ok', 'okay', 'good', 'great', 'well', 'here', 'there', 'back', 'sorry', 'glad', 'happy', 'sure', 'ready', 'new', 'late', 'done',
  'home', 'just', 'also', 'so', 'not', 'still', 'really', 'very', 'a', 'an', 'the', 'from', 'into', 'interested', 'working', 'looking',
  'going', 'trying', 'calling', 'with', 'at', 'in', 'on', 'tired', 'hungry', 'busy', 'alright', 'cool', 'bored', 'lost', 'confused',
  'what', 'secret', 'unknown', 'nobody', 'none', 'nothing', 'something', 'someone', 'it', 'that', 'this', 'you', 'your', 'yours',
  'doing', 'feeling', 'afraid', 'excited', 'curious', 'hier', 'da', 'müde', 'mude', 'gut', 'froh', 'ici', 'content', 'contente',
  'fatigué', 'fatigue', 'bien', 'désolé', 'desole', 'aquí', 'aqui', 'cansado', 'cansada', 'bueno', 'student', 'teacher', 'engineer',
  // greetings and replies that are not names, said when the robot expects one
  'hello', 'hi', 'hey', 'bye', 'goodbye', 'thanks', 'thank', 'pardon', 'huh', 'why', 'who', 'how', 'where', 'when', 'which', 'please',
  'hallo', 'servus', 'tschüss', 'tschuss', 'danke', 'bonjour', 'salut', 'coucou', 'merci', 'hola', 'adiós', 'adios', 'gracias', 'yes', 'no',
]);

/** German departments end in -ung, -abteilung or -stelle ("von der Buchhaltung"); the others are listed in STATE_WORDS. */
const GERMAN_DEPARTMENT = /\p{L}{3,}(?:ung|abteilung|stelle)$/iu;

/** Particles inside names: "Maria de la Cruz", "Ludwig van Beethoven". */
const PARTICLES = new Set(['de', 'del', 'della', 'la', 'le', 'van', 'von', 'der', 'den', 'da', 'di', 'du', 'dos', 'das', 'bin', 'al', 'el', 'y', 'ten', 'ter']);

const ARTICLES = new Set(['the', 'le', 'la', 'el', 'der', 'die']);
/** Words of state, mood and role in German, French and Spanish that never start a name (cue-lexicon.ts). */
const STATES = new Set(Object.values(STATE_WORDS).flat());

const TITLES = new Set(['docteur', 'docteure', 'doctora', 'doktor', 'professeur', 'professeure', 'profesor', 'profesora', 'maître', 'doña', 'señorita', 'mademoiselle', 'fräulein', 'dr', 'mr', 'mrs', 'ms', 'miss', 'prof', 'professor', 'doctor', 'sir', 'madam', 'herr', 'frau', 'monsieur', 'madame', 'señor', 'señora']);
const NO_TOKEN: Token = { text: '', start: 0, end: 0, tags: new Set() };

const NOT_NAME_TAGS = ['Adjective', 'Adverb', 'Determiner', 'Preposition', 'Pronoun', 'Conjunction', 'Value', 'QuestionWord', 'Negative', 'Date', 'Expression'];
const NAME_TAGS = ['Person', 'FirstName', 'LastName', 'MaleName', 'FemaleName'];

const has = (tok: Token, tags: readonly string[]) => tags.some((t) => tok.tags.has(t));
const key = (tok: Token) => tok.text.toLowerCase().replace(/[’]/g, "'");

export interface PickOptions {
  strength: NameStrength;
  /** The original utterance: punctuation between tokens ends a name. */
  text: string;
  /** For `known`: a word the lexicon does not know that the language still reads as a name ("Je suis Océane"). */
  nameLike?: (word: string) => boolean;
}

/**
 * The name at the start of `tokens` (the words after "my name is"…), or null. At most four words,
 * plus particles; it stops at punctuation, at a function word or at a word that is not name-like.
 */
export function pickName(all: readonly Token[], options: PickOptions): string | null {
  const titles = titleRun(all);
  const tokens = all.slice(titles);
  const first = tokens[0];
  if (!first || !(startsName(first, options.strength, options.nameLike) || (titles > 0 && afterTitle(first)) || beforeKnownSurname(tokens, options.text))) return null;
  const allLower = tokens.every((t) => t.text === t.text.toLowerCase());
  const parts: Token[] = [first];
  for (let i = 1; i < tokens.length && parts.length < 6; i++) {
    const tok = tokens[i]!;
    const prev = tokens[i - 1]!;
    if (/[,.;:!?()"“”«»，。！？、]/.test(options.text.slice(prev.end, tok.start))) break;
    // "Pierre de la Fontaine", "Ingrid van der Berg": particles, then a word of the name.
    const run = particleRun(tokens, i, options.text);
    // "Lars von der Post", "Karin von der Buchhaltung", "Ana de Recursos Humanos": where the person
    // works, after a particle, ends the name.
    if (run > 0 && tokens[i + run] && continuesName(tokens[i + run]!, allLower) && !isOrganisation(tokens[i + run]!.text) && !STATES.has(key(tokens[i + run]!)) && !GERMAN_DEPARTMENT.test(tokens[i + run]!.text)) {
      parts.push(...tokens.slice(i, i + run));
      i += run - 1;
      continue;
    }
    if (STOPS.has(key(tok)) || !continuesName(tok, allLower)) break;
    parts.push(tok);
  }
  while (parts.length && PARTICLES.has(key(parts.at(-1)!))) parts.pop();
  const words = parts.map((t) => t.text.replace(/[.'’-]+$/, '')).filter(Boolean);
  if (words.length === 0 || words.filter((w) => !PARTICLES.has(w.toLowerCase())).length > 4) return null;
  // A tagger splits "Mary-Beth" in two: the hyphen the person said stays.
  const joined = words.reduce((all, w, i) => (i === 0 ? w : `${all}${options.text.slice(parts[i - 1]!.end, parts[i]!.start) === '-' && words.length === parts.length ? '-' : ' '}${w}`), '');
  // "Sí, soy yo" is an answer, not a person called Yo: a name must look like one in every language.
  const name = normalizeNameCase(joined);
  return looksLikeName(name) ? name : null;
}

/**
 * "Dr. Smith", "le docteur Lambert", "Frau Doktor Albrecht", "la doctora Ruiz": titles, and the
 * article before one, are no part of the name (nor does a title's full stop end it). A title
 * alone is kept: it may be the name ("Doctor" is a nickname too).
 */
function titleRun(tokens: readonly Token[]): number {
  let i = 0;
  while (i < tokens.length - 1) {
    const k = key(tokens[i]!).replace(/\.$/, '');
    if (TITLES.has(k)) i++;
    else if (ARTICLES.has(k) && TITLES.has(key(tokens[i + 1]!).replace(/\.$/, '')) && i + 2 < tokens.length) i += 2;
    else break;
  }
  return i;
}

/** How many particles in a row start at `i`, with no pause between them and what follows (at most three). */
function particleRun(tokens: readonly Token[], i: number, text: string): number {
  let n = 0;
  while (n < 3 && tokens[i + n] && PARTICLES.has(key(tokens[i + n]!)) && (n === 0 || !/[,.;:!?]/.test(text.slice(tokens[i + n - 1]!.end, tokens[i + n]!.start)))) n++;
  const next = tokens[i + n];
  return next && !/[,.;:!?]/.test(text.slice(tokens[i + n - 1]?.end ?? 0, next.start)) ? n : 0;
}

function startsName(tok: Token, strength: NameStrength, nameLike?: (word: string) => boolean): boolean {
  const k = key(tok);
  if (NEVER_A_NAME.has(k) || STOPS.has(k) || PARTICLES.has(k) || STATES.has(k)) return false;
  if (!/^\p{L}/u.test(tok.text) || tok.text.length > 40) return false;
  const named = has(tok, NAME_TAGS);
  if (!named && has(tok, NOT_NAME_TAGS)) return false;
  if (strength === 'explicit' || strength === 'answer') return named || !tok.tags.has('Verb') || isCapitalized(tok.text);
  if (strength === 'known') return named || (nameLike?.(tok.text) ?? false);
  if (strength === 'capital') return named || (isCapitalized(tok.text) && ((!has(tok, NOT_NAME_TAGS) && !tok.tags.has('Verb')) || isLexiconName(tok.text)));
  // weak: evidence that this is a name, not a state or a thing.
  // A name the lexicon knows is one though the sentence's tagger reads it as a place ("I'm Helen Marsh").
  return named || (isCapitalized(tok.text) && (((tok.tags.size === 0 || tok.tags.has('ProperNoun')) && !tok.tags.has('Place')) || isLexiconName(tok.text)));
}

/**
 * "Frau Winter", "Mrs. Hope", "Señora Paz": after a title, a capitalised word is the surname
 * whatever else it means (a season, a virtue): the title says a name follows.
 */
function afterTitle(tok: Token): boolean {
  const k = key(tok);
  return isCapitalized(tok.text) && /^\p{L}+$/u.test(tok.text) && !NEVER_A_NAME.has(k) && !STOPS.has(k) && !PARTICLES.has(k) && !STATES.has(k);
}

/**
 * "Ravi Patel": a capitalised word the tagger reads as a plain noun, right before a surname its
 * lexicon knows, is the first name of a full name.
 */
function beforeKnownSurname(tokens: readonly Token[], text: string): boolean {
  const [first, second] = tokens;
  if (!first || !second || /[,.;:!?]/.test(text.slice(first.end, second.start))) return false;
  const plain = isCapitalized(first.text) && !has(first, NOT_NAME_TAGS) && !first.tags.has('Verb') && !NEVER_A_NAME.has(key(first)) && !STOPS.has(key(first));
  return plain && isCapitalized(second.text) && (second.tags.has('LastName') || isLexiconName(second.text));
}

function continuesName(tok: Token, allLower: boolean): boolean {
  if (!/^\p{L}/u.test(tok.text) || NEVER_A_NAME.has(key(tok)) || STOPS.has(key(tok))) return false;
  if (has(tok, NAME_TAGS)) return true;
  if (has(tok, NOT_NAME_TAGS) || tok.tags.has('Verb')) return false;
  // Speech-to-text often writes everything in lower case: then a plain noun may be a surname.
  return isCapitalized(tok.text) || (allLower && tok.tags.has('Noun'));
}

/** "alex smith" and "ALEX SMITH" → "Alex Smith"; "McDonald" and "de la Cruz" stay. */
export function normalizeNameCase(name: string): string {
  const letters = name.replace(/[^\p{L}]/gu, '');
  const uniform = letters === letters.toLowerCase() || (letters === letters.toUpperCase() && letters.length > 1);
  if (!uniform) return name;
  return name
    .toLowerCase()
    .split(' ')
    .map((w, i) => (i > 0 && PARTICLES.has(w) ? w : w.replace(/(^|[-'])(\p{L})/gu, (_m, sep: string, c: string) => sep + c.toUpperCase())))
    .join(' ');
}
