import { deu, eng, fra, spa, zho } from 'stopword';
import { normalizeText } from '../intent/index.js';

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
 *   usual indexing unit for Chinese retrieval without a dictionary).
 */

const STEM_CHARS = 5;
const HAN = /\p{Script=Han}/u;
const fold = (word: string) => normalizeText(word).normalize('NFD').replace(/\p{M}/gu, '');
const STOPWORDS = new Set([...eng, ...deu, ...fra, ...spa].map(fold));
const STOP_HAN = new Set(zho.filter((w) => w.length === 1));
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

function hanTerms(run: string, out: string[]): void {
  const chars = [...run];
  chars.forEach((c, i) => {
    if (!STOP_HAN.has(c)) out.push(c);
    const next = chars[i + 1];
    if (next && !(STOP_HAN.has(c) && STOP_HAN.has(next))) out.push(c + next);
  });
}

/** The retrieval terms of `text`, in order, repeated as often as they occur. */
export function terms(text: string): string[] {
  const out: string[] = [];
  // Han runs are taken whole (the segmenter would cut them at dictionary words, differently in a question and in a section).
  for (const part of text.split(/(\p{Script=Han}+)/u)) {
    if (!part) continue;
    if (HAN.test(part)) {
      hanTerms(part, out);
      continue;
    }
    for (const { segment, isWordLike } of segmenter.segment(part)) {
      if (!isWordLike) continue;
      // "don't", "l'adresse": the part after an apostrophe is the word that matters in French.
      const word = fold(segment).split("'").filter(Boolean).at(-1) ?? '';
      if (!word || STOPWORDS.has(word) || STOPWORDS.has(fold(segment))) continue;
      out.push([...word].slice(0, STEM_CHARS).join(''));
    }
  }
  return out;
}
