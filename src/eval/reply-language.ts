import { LANGUAGES, type Language } from '../config/index.js';
import { offlineLineTexts } from '../dialogue/index.js';

/**
 * The language of a sentence the robot spoke, told by marker words: the words of its own lines
 * in one language that no line of another language has. Robust where a trigram identifier is
 * not (short lines, names inside them); a sentence without enough markers is undecided, and an
 * undecided sentence never fails a check.
 */

type Latin = Exclude<Language, 'zh'>;
const LATIN = LANGUAGES.filter((l): l is Latin => l !== 'zh');
const HAN = /\p{Script=Han}/gu;

const words = (text: string): string[] => (text.replace(/\{\w+\}/g, ' ').toLocaleLowerCase('en').match(/[\p{L}'’]+/gu) ?? []).map((w) => w.replace(/’/g, "'"));

function buildMarkers(): Record<Latin, Set<string>> {
  const vocab = Object.fromEntries(LANGUAGES.map((l) => [l, new Set(offlineLineTexts(l).flatMap(words))])) as Record<Language, Set<string>>;
  return Object.fromEntries(
    LATIN.map((l) => [l, new Set([...vocab[l]].filter((w) => w.length > 1 && LANGUAGES.every((o) => o === l || !vocab[o].has(w))))]),
  ) as Record<Latin, Set<string>>;
}

let markers: Record<Latin, Set<string>> | null = null;

/** The language of one sentence, or null when it cannot be told. */
function replyLanguage(sentence: string): Language | null {
  markers ??= buildMarkers();
  const tokens = words(sentence);
  const counts = LATIN.map((l) => ({ l, n: tokens.filter((t) => markers![l].has(t)).length })).sort((a, b) => b.n - a.n);
  const [best, second] = [counts[0]!, counts[1]!];
  const han = sentence.match(HAN)?.length ?? 0;
  // A Chinese name inside a sentence of another language is a few Han characters, no more.
  if (best.n >= 1 && best.n >= 2 * second.n && han <= 4) return best.l;
  if (han >= 2) return 'zh';
  return null;
}

/** The sentences spoken in a language other than `expected` (undecided ones are not counted). */
export function otherLanguage(sentences: readonly string[], expected: Language): { sentence: string; language: Language }[] {
  return sentences.flatMap((sentence) => {
    const language = replyLanguage(sentence);
    return language && language !== expected ? [{ sentence, language }] : [];
  });
}
