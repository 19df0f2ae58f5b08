import type { Language } from '../config/index.js';
import { openQuotation } from '../speech/index.js';
import { terms } from './tokens.js';

const END = /[.!?…。！？]["'”’)\]]*$/u;

const join = (sentences: readonly string[], language: Language) => sentences.join(language === 'zh' ? '' : ' ');

/** The chunk's plain text as sentences (a list item or table row without a full stop gets one, so it is not run into the next). */
export function sentencesOf(text: string, language: Language): string[] {
  const stop = language === 'zh' ? '。' : '.';
  const flowing = text
    .split(/\n+/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => (END.test(l) ? l : `${l}${stop}`))
    .join(language === 'zh' ? '' : ' ');
  const segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  // The segmenter ends a sentence at a question quoted inside one ("par exemple « Tu t'appelles
  // Maria ? ». Réponds…"): a sentence goes on while a quotation it opened is still open, and after
  // a quotation that closed it when the next words begin in lower case ("„Heißt du Maria?“ und warte").
  const sentences: string[] = [];
  for (const { segment } of segmenter.segment(flowing)) {
    const sentence = segment.trim();
    if (!sentence) continue;
    const last = sentences.at(-1);
    if (last !== undefined && (openQuotation(last, language) || /^\p{Ll}/u.test(sentence))) sentences[sentences.length - 1] = join([last, sentence], language);
    else sentences.push(sentence);
  }
  return sentences;
}

/** The beginning of a chunk as something to say: whole sentences up to about `maxChars` (always at least one). */
export function spokenExcerpt(text: string, language: Language, maxChars = 320): string {
  const out: string[] = [];
  for (const sentence of sentencesOf(text, language)) {
    if (out.length && join([...out, sentence], language).length > maxChars) break;
    out.push(sentence);
  }
  return join(out, language);
}

const QUOTED = /["“„«‹「『][^"“”„«»‹›「」『』]*["”“»›」』]/gu;

/** A sentence this short says too little alone ("Ask me about any of these."): the next one comes with it. A Chinese character says about as much as three letters. */
const short = (sentence: string, language: Language) => sentence.length < (language === 'zh' ? 12 : 36);

/**
 * The one or two sentences of a section that answer `question`: the one sharing the most of its
 * retrieval terms (see tokens.ts), with another that shares as many, or, when it is short, with
 * the sentence after it; in the section's order. The section's `heading` counts as words of its
 * lead sentence, which answers the question the heading asks: "Who built you?" is the heading's
 * question ("Who built me") and gets "I am an open-source project.", not the later sentence that
 * happens to say "builders". A question that shares no words with any sentence ("What can you
 * do?" asks for the whole section) gets the section's beginning. At most about `maxChars`, always
 * at least one sentence.
 */
export function answerExcerpt(text: string, question: string, language: Language, maxChars = 320, heading = ''): string {
  const sentences = sentencesOf(text, language);
  const asked = new Set(terms(question));
  // What a sentence quotes ("for example “Can you speak German?”") is what a visitor might say,
  // not what the sentence tells: its words do not make the sentence an answer.
  const shared = (words: string) => [...new Set(terms(words.replace(QUOTED, ' ')))].filter((t) => asked.has(t)).length;
  const scores = sentences.map((s, i) => (i === 0 ? Math.max(shared(s), shared(heading)) : shared(s)));
  const best = scores.reduce((b, s, i) => (s > scores[b]! ? i : b), 0);
  if (!sentences.length || scores[best] === 0) return spokenExcerpt(text, language, maxChars);
  // A second sentence only when it answers as much as the first (the question asked two things).
  const second = scores.findIndex((s, i) => i !== best && s === scores[best]);
  const partner = second >= 0 ? second : short(sentences[best]!, language) && best + 1 < sentences.length ? best + 1 : null;
  const chosen = partner === null ? [best] : [best, partner].sort((a, b) => a - b);
  const text2 = join(chosen.map((i) => sentences[i]!), language);
  return text2.length <= maxChars || chosen.length === 1 ? text2 : sentences[best]!;
}
