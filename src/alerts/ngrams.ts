import { fold } from './fold.js';
import { tokenize } from './tokens.js';

/**
 * The features the alert classifier (opinion.ts) reads, the same at training and at run time:
 * words and pairs of words of the folded text, and letter runs of three to five inside each word
 * (with its edges), so that a misspelt word ("ambulence"), a German compound ("Brustschmerzen")
 * or another ending ("blessées") still shares most of its features with the word it resembles.
 * Chinese has no spaces: runs of one to three characters instead.
 */
const HAN = /\p{Script=Han}/u;

// Negators of the five languages: the words up to three after one, in its clause, are read as
// denied ("n:herzinfarkt"), so that "kein Notfall" does not weigh as "Notfall".
const NEGATORS = new Set(['not', 'no', 'nobody', 'never', 'don', 'isn', 'nicht', 'kein', 'keine', 'keinen', 'niemand', 'nie', 'pas', 'personne', 'jamais', 'aucun', 'aucune', 'ne', 'nadie', 'nunca', 'ningun', 'ninguna', '不', '没', '别']);

export function ngrams(text: string): string[] {
  const tokens = tokenize(fold(text));
  const words = tokens.map((t) => t.text);
  const out = new Set<string>();
  tokens.forEach((t, i) => {
    if (!NEGATORS.has(t.text)) return;
    for (let k = i + 1; k <= i + 3 && k < tokens.length && tokens[k]!.clause === t.clause; k++) out.add(`n:${tokens[k]!.text}`);
  });
  words.forEach((w, i) => {
    out.add(`w:${w}`);
    const next = words[i + 1];
    if (next !== undefined) out.add(`b:${w} ${next}`);
    if (HAN.test(w)) return;
    const padded = ` ${w} `;
    for (let n = 3; n <= 5; n++) for (let k = 0; k + n <= padded.length; k++) out.add(`c:${padded.slice(k, k + n)}`);
  });
  const han = words.filter((w) => HAN.test(w)).join('');
  for (let n = 1; n <= 3; n++) for (let k = 0; k + n <= han.length; k++) out.add(`h:${han.slice(k, k + n)}`);
  return [...out];
}
