import { nameSimilarity } from '../names.js';
import { pickName } from './name-pick.js';
import { nameAfter } from './rules-zh.js';
import { nameTaggedTokens, tagEnglish, type Token } from './tokens.js';

/**
 * A name the person says is NOT theirs ("No, not Anne. It's Hanne.", "Nein, nicht Anna, Hanna",
 * "Non, ce n'est pas Marie", "No soy Mariana, soy Marina", "不是李明，是李敏"), and whether they spelled
 * their name out ("Jon without an h", "Jon ohne h"): then the name is exact, not a near match.
 * The negated name is cut out of the utterance, so that the phrase rules find the other one.
 */

export interface Correction {
  /** The name rejected, or null. */
  rejected: string | null;
  /** The utterance without the rejected name and its negation. */
  rest: string;
  /** The person spelled the name ("with an h", "ohne h", "sans h", "sin h"): it is exactly what they said. */
  spelled: boolean;
}

const L = String.raw`(?<!\p{L})`;
/** Negations in front of a name; English is tagged by compromise, the others need a name-like word. */
const NEGATIONS: { re: RegExp; tokens: (text: string) => readonly Token[] }[] = [
  { re: new RegExp(String.raw`${L}(?:(?:it|that)(?:'s| is| was) not|i(?:'m| am) not|my name is(?:n't| not)|not)\s+`, 'giu'), tokens: tagEnglish },
  { re: new RegExp(String.raw`${L}(?:ich bin |ich hei(?:ß|ss)e |das ist |es ist |mein name ist )?nicht (?:der |die )?`, 'giu'), tokens: nameTaggedTokens },
  { re: new RegExp(String.raw`${L}(?:ce n'est pas|c'est pas|je ne suis pas|je suis pas|je ne m'appelle pas|je m'appelle pas|pas)\s+`, 'giu'), tokens: nameTaggedTokens },
  // "No soy Mariana", and the bare "No Mariana, Marianna" (the weak strength wants a name after it: "no sé" is none).
  { re: new RegExp(String.raw`${L}no (?:(?:soy|es|me llamo|se llama)\s+)?`, 'giu'), tokens: nameTaggedTokens },
];

/** The negation after the name, as Spanish puts it ("Mariana no, Marianna"), then a pause. */
const AFTER_NAME = new RegExp(String.raw`(?<=^|[,.;:!?¡¿]\s*)(?<name>\p{Lu}[\p{L}'-]+)\s+(?:no|non|nicht)\s*[,.;:!](?!\s*$)`, 'u');

const SPELLED_WHERE = String.raw`(?:\s+(?:at the (?:end|start|beginning)|am (?:Ende|Anfang)|à la fin|au début|al (?:final|principio)))?`;
/**
 * A letter as said: itself, a digraph ("with ph", "mit th"), or its name where a language names
 * it with a word ("con dos efes", "con equis", "mit Ypsilon", "avec un i grec"), maybe plural ("two t's").
 * A letter name must end the clause: "sin ese papel" is "without that paper".
 */
const LETTER_NAMES = 'be|ce|de|efe|ge|hache|jota|ka|ele|elle|eme|ene|eñe|pe|cu|erre|ese|te|uve|ve|equis|ye|i griega|zeta|ypsilon|i grec|igrec|tréma|accent';
const LETTER = String.raw`(?:(?:\p{L}|ph|th|ck|sch|ch)(?:'?s)?(?!\p{L})|(?:${LETTER_NAMES})s?(?=\s*(?:[,.;:!?]|$|\s(?:at|am|à|au|al)\s)))`;
const SPELLED = new RegExp(
  [
    // "with an h", "with just one l", "with a single n", "with a double t".
    String.raw`${L}(?:without|with) (?:only |just )?(?:an?|one|two|double|the letter|the|a single|a double)(?: letter)? ${LETTER}`,
    String.raw`${L}(?:spelled|spelt|spelling)(?!\p{L})`,
    String.raw`${L}(?:ohne|mit) (?:nur )?(?:einem?|zwei|doppel-?|doppeltem|einfachem)?\s?${LETTER}`,
    String.raw`${L}(?:sans|avec) (?:seulement )?(?:un seul|une seule|une?|deux|la lettre|un double|double)?\s?${LETTER}`,
    String.raw`${L}(?:sin|con) (?:solo |sólo )?(?:una? sola|una?|dos|la letra|doble)?\s?${LETTER}`,
    String.raw`(?:写作|拼作|不带|没有)\p{Script=Latin}`,
  ]
    .map((mark) => `(?:${mark})${SPELLED_WHERE}`)
    .join('|'),
  'iu',
);

export function findCorrection(said: string): Correction {
  // The spelling ("with two n") is not part of the name, nor of anything else the rules read.
  const spelled = SPELLED.test(said);
  const text = spelled ? said.replace(SPELLED, ' ') : said;
  const zh = /(?:不是|不叫)/u.exec(text);
  if (zh) {
    const name = nameAfter(text, zh.index + zh[0].length, 'named');
    if (name) return { rejected: name, rest: text.slice(0, zh.index) + text.slice(zh.index + zh[0].length + name.length), spelled };
  }
  const after = AFTER_NAME.exec(text);
  if (after) {
    // The weak strength again: "Vale no, gracias" holds no name.
    const name = pickName(nameTaggedTokens(after.groups!.name!), { strength: 'weak', text: after.groups!.name! });
    if (name === after.groups!.name) return { rejected: name, rest: text.slice(0, after.index) + text.slice(after.index + after[0].length), spelled };
  }
  for (const { re, tokens } of NEGATIONS) {
    re.lastIndex = 0;
    for (let m = re.exec(text); m; m = re.exec(text)) {
      const from = m.index + m[0].length;
      const after = text.slice(from);
      const toks = tokens(after);
      // The weak strength: after "not", a name must look like one ("not really", "nicht so" are not).
      const name = pickName(toks, { strength: 'weak', text: after });
      if (!name) continue;
      const words = wrongOfTwo(name).split(' ').length;
      const end = from + (toks[words - 1]?.end ?? 0);
      return { rejected: wrongOfTwo(name), rest: `${text.slice(0, m.index)} ${text.slice(end)}`, spelled };
    }
  }
  return { rejected: null, rest: text, spelled };
}

/** Spellings this close are one name said twice, not a double name ("Mary Beth" is one person). */
const SAME_NAME = 0.6;

/**
 * "no not Phillip Philip", "non pas Laurent Lorent": speech-to-text drops the comma between the
 * rejected name and the right one, and the two read as one double name. Two words that are
 * spellings of one name are the wrong one and the right one: only the first is rejected.
 */
function wrongOfTwo(name: string): string {
  const words = name.split(' ');
  if (words.length !== 2) return name;
  const [wrong, right] = words as [string, string];
  return wrong.toLowerCase() !== right.toLowerCase() && nameSimilarity(wrong, right) >= SAME_NAME ? wrong : name;
}
