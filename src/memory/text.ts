import { deu, eng, fra, spa, zho } from 'stopword';
import type { Language } from '../config/index.js';
import { normalizeText } from '../intent/index.js';
import { SentenceSplitter } from '../speech/index.js';

/**
 * Words and sentences of what was said, for the extractive summary. Pure functions.
 */

/** Greetings, thanks and fillers say nothing about what a conversation was about. */
const PHATIC = [
  'hi', 'hello', 'hey', 'bye', 'goodbye', 'thanks', 'thank', 'please', 'yes', 'yeah', 'no', 'ok', 'okay', 'oh', 'well', 'sure', 'nice', 'great', 'see', 'later', 'tomorrow', 'soon',
  'hallo', 'tschüss', 'danke', 'bitte', 'ja', 'nein', 'bonjour', 'salut', 'merci', 'oui', 'non', 'revoir', 'hola', 'adiós', 'adios', 'gracias', 'sí', 'si',
  '你好', '再见', '谢谢', '是', '好', '嗯',
];
const STOPWORDS = new Set([...eng, ...deu, ...fra, ...spa, ...zho, ...PHATIC].map((w) => normalizeText(w)));
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

/** Content words (normalised) with the spelling they first had, in order of appearance. */
export function contentWords(text: string, ignore: ReadonlySet<string> = new Set()): { word: string; surface: string }[] {
  const out: { word: string; surface: string }[] = [];
  for (const { segment, isWordLike } of segmenter.segment(text)) {
    if (!isWordLike) continue;
    const word = normalizeText(segment).replace(/^'+|'+$/g, '');
    // "I'm", "don't": the apostrophe forms are stop words in every language here.
    if (!word || STOPWORDS.has(word) || STOPWORDS.has(word.split("'")[0]!) || ignore.has(word)) continue;
    if (/^\p{N}$/u.test(word)) continue;
    out.push({ word, surface: segment });
  }
  return out;
}

/** The words of names (the person's, the robot's), which every memory of the person would share. */
export function nameWords(...names: (string | null)[]): Set<string> {
  const words = new Set<string>();
  for (const name of names) {
    if (!name) continue;
    for (const { segment, isWordLike } of segmenter.segment(name)) if (isWordLike) words.add(normalizeText(segment));
  }
  return words;
}

/** Sentences of a message, cut the way speech cuts them (abbreviations and numbers kept whole). */
export function sentencesOf(text: string, language: Language): string[] {
  const splitter = new SentenceSplitter({ language, minChars: 0, maxChars: 400 });
  return [...splitter.push(text), ...splitter.flush()].map((s) => s.trim()).filter(Boolean);
}

const FIRST_PERSON = new Set(
  ['i', "i'm", "i've", "i'd", "i'll", 'me', 'my', 'mine', 'myself', 'ich', 'mich', 'mir', 'mein', 'meine', 'meinen', 'meiner', 'je', "j'ai", "j'", 'moi', 'mon', 'ma', 'mes', 'yo', 'mi', 'mis', 'me', '我', '我的'].map(
    (w) => normalizeText(w),
  ),
);

/** Whether the sentence is about the speaker ("I …", "my …", "ich …", "我…"). */
export function isAboutSpeaker(sentence: string): boolean {
  if (/^\s*我/u.test(sentence)) return true;
  for (const { segment, isWordLike } of segmenter.segment(sentence)) {
    if (!isWordLike) continue;
    const word = normalizeText(segment);
    if (FIRST_PERSON.has(word) || word.startsWith("j'") || word.startsWith('我')) return true;
  }
  return false;
}

export const isQuestion = (sentence: string) => /[?？]\s*["'”’»」』)）]*\s*$/u.test(sentence);

/** Cuts a text to at most `max` characters at a word boundary, marking the cut. */
export function clip(text: string, max: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= max) return clean;
  const cut = clean.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.!?]+$/u, '')}…`;
}
