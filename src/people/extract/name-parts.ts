import { foldName } from '../names.js';
import { looksLikeName } from '../not-names.js';

/**
 * The given name and the family name said in clauses of their own: "Mein Vorname ist Jörg und mein
 * Nachname Bäumer", "Mon nom de famille c'est Girard, et mon prénom Claire", "My surname is Okafor,
 * first name Chidi", "Me llamo Ana, de apellido Silva". Each part is one or two words after its
 * cue, with or without a verb; Chinese says it with 姓 and 名 (rules-zh.ts).
 */

const PART = String.raw`(?<part>\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+)?)`;
/** Between the cue and the part: a verb, a colon or a comma ("my last name is", "mein Nachname:", "mon prénom, c'est"). */
const LINK = String.raw`(?:'s|\s*[,:])?\s*(?:(?:is|ist|lautet|est|c'est|c’est|es|son)\s+)?`;
const cue = (words: string) => new RegExp(String.raw`(?<![\p{L}])(?:${words})${LINK}${PART}`, 'u');

const FAMILY = cue(
  [
    '[Ll]ast name', '[Ff]amily name', '[Ss]urname',
    '[Nn]achnamen?', '[Ff]amiliennamen?', '[Zz]unamen?',
    'nom de famille',
    'apellidos?',
  ].join('|'),
);
const GIVEN = cue(
  [
    '[Ff]irst name', '[Gg]iven name', '[Cc]hristian name',
    '[Vv]ornamen?', '[Rr]ufnamen?',
    'prénom',
    'nombre de pila', 'primer nombre',
  ].join('|'),
);

const partOf = (re: RegExp, text: string, robotName?: string): string | null => {
  const part = re.exec(text)?.groups?.part ?? null;
  if (!part || !looksLikeName(part) || (robotName && foldName(part) === foldName(robotName))) return null;
  return part;
};

/**
 * The whole name when the utterance gives its family name apart: the given name the rules found
 * (or the one its own cue names), then the family name. Otherwise the rules' name as it was.
 */
export function withFamilyName(text: string, found: string | null, robotName?: string): string | null {
  const family = partOf(FAMILY, text, robotName);
  if (!family) return found;
  const foldedFamily = foldName(family);
  // The rules may have read the family name's own clause as the name ("mon nom … c'est Girard").
  const given = found && foldName(found) !== foldedFamily ? found : partOf(GIVEN, text, robotName);
  // A family name alone is no name the rules did not already take ("My last name is Silva" to a
  // robot that knows Anna adds to her name; it does not rename her); a name that ends with it is whole.
  if (!given || foldName(given).endsWith(foldedFamily) || given.split(' ').length > 2) return found;
  return `${given} ${family}`;
}
