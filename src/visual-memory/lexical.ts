import { deu, eng, fra, spa, zho } from 'stopword';
import { normalizeText } from '../intent/index.js';

/**
 * Word-level similarity of a question and a scene description, for when there is no CLIP model.
 * Stopwords of the robot's languages are dropped (a question and a description share "the",
 * "was", "with" whatever they are about), then each content word is represented by itself and
 * its character 3-5-grams, which match plurals and inflections ("beaches", "Geburtstagskuchen").
 * The union of the stopword lists is used because a description may be in another language
 * than the question.
 */

export interface LexicalVector {
  readonly weights: ReadonlyMap<string, number>;
}

const STOPWORDS = new Set([...eng, ...deu, ...fra, ...spa, ...zho].map((w) => normalizeText(w)));
const segmenter = new Intl.Segmenter('und', { granularity: 'word' });

export function lexicalVector(text: string): LexicalVector {
  const counts = new Map<string, number>();
  const add = (key: string) => counts.set(key, (counts.get(key) ?? 0) + 1);
  for (const { segment, isWordLike } of segmenter.segment(normalizeText(text))) {
    if (!isWordLike || STOPWORDS.has(segment)) continue;
    add(`w:${segment}`);
    const padded = `<${segment}>`;
    for (let n = 3; n <= 5; n++) for (let i = 0; i + n <= padded.length; i++) add(padded.slice(i, i + n));
  }
  let norm = 0;
  for (const c of counts.values()) norm += c * c;
  norm = Math.sqrt(norm) || 1;
  return { weights: new Map([...counts].map(([k, c]) => [k, c / norm])) };
}

/** Cosine of two lexical vectors, in [0, 1]; 0 when either has no content word. */
export function lexicalSimilarity(a: LexicalVector, b: LexicalVector): number {
  const [small, large] = a.weights.size <= b.weights.size ? [a.weights, b.weights] : [b.weights, a.weights];
  let sum = 0;
  for (const [key, w] of small) sum += w * (large.get(key) ?? 0);
  return sum;
}
