import { isNotNameWord } from '../not-names.js';
import { isCapitalized } from './tokens.js';

/**
 * Whether a capitalised word after "je suis", "soy" or "ich bin" is a name the name lexicon does
 * not know ("Je suis Océane", "Soy Joaquina", "Ich bin Hanelore"). Those phrases also say a job,
 * a nationality or a role; in French and Spanish those are written in lower case, so a capital
 * is already evidence of a name, and only the few capitalised nationalities and roles are kept
 * out. German capitalises every noun: there a word is a name only when it has none of the
 * endings of German job, role and abstract nouns and is not a common role word. Text in lower
 * case (as speech-to-text often writes it) carries no such evidence: then only the lexicon counts.
 */

const words = (list: string) => new Set(list.trim().split(/\s+/));

const FR_NOT_NAMES = words(`
  français française anglais anglaise allemand allemande espagnol espagnole italien italienne belge suisse canadien canadienne
  américain américaine chinois chinoise portugais portugaise européen européenne parisien parisienne lyonnais lyonnaise
  marseillais marseillaise breton bretonne québécois québécoise docteur maître monsieur madame mademoiselle
`);
const ES_NOT_NAMES = words(`
  español española inglés inglesa alemán alemana francés francesa italiano italiana mexicano mexicana argentino chileno chilena
  colombiano colombiana peruano peruana cubano cubana venezolano venezolana europeo europea chino china portugués portuguesa
  madrileño madrileña catalán catalana andaluz andaluza doctor doctora señor señora señorita don doña
`);
const DE_NOT_NAMES = words(`
  gast gäste kunde kundin patient patientin mitglied single fan chef chefin azubi mensch mann frau kind mutter vater oma opa
  neuling deutsche deutscher österreicherin schweizer schweizerin europäer europäerin berliner berlinerin doktor herr frau
  besuch besucher besucherin neu hier da dran schuld fertig mama papa vegetarier veganer veganerin christ christin
`);
/** Endings of German job, role and abstract nouns: Lehrer, Ärztin, Student, Praktikant, Vegetarier, Rentner, Hoffnung. */
const DE_NOUN_ENDING = /(?:er|erin|ent|entin|ant|antin|ist|istin|eur|eurin|ier|ierin|or|orin|ling|ung|heit|keit|schaft|tion|ismus|mann|frau|kind|leute)$/u;

const fold = (word: string) => word.toLowerCase().replace(/[.'’]+$/u, '');

function capitalisedWord(word: string): boolean {
  return isCapitalized(word) && /^\p{L}[\p{L}'’-]*$/u.test(word.replace(/\.$/, '')) && !isNotNameWord(word);
}

export function frenchNameLike(word: string, isJob: (w: string) => boolean): boolean {
  return capitalisedWord(word) && !FR_NOT_NAMES.has(fold(word)) && !isJob(fold(word));
}

export function spanishNameLike(word: string, isJob: (w: string) => boolean): boolean {
  return capitalisedWord(word) && !ES_NOT_NAMES.has(fold(word)) && !isJob(fold(word));
}

export function germanNameLike(word: string, isJob: (w: string) => boolean): boolean {
  const w = fold(word);
  return capitalisedWord(word) && !DE_NOT_NAMES.has(w) && !isJob(w) && !DE_NOUN_ENDING.test(w);
}

/** A German name beside the job said elsewhere: any capitalised word that is not that job, a job, or a role word. */
export function germanNameBesideJob(word: string, position: string, isJob: (w: string) => boolean): boolean {
  const w = fold(word);
  return capitalisedWord(word) && !DE_NOT_NAMES.has(w) && !isJob(w) && !position.toLowerCase().split(/\s+/).includes(w);
}
