import type { Language } from '../config/index.js';

const END = /[.!?…。！？]["'”’)\]]*$/u;

/**
 * The beginning of a chunk as something to say: the plain text read as sentences (a list item
 * or table row without a full stop gets one, so it is not run into the next), then whole
 * sentences up to about `maxChars` (always at least one).
 */
export function spokenExcerpt(text: string, language: Language, maxChars = 320): string {
  const stop = language === 'zh' ? '。' : '.';
  const flowing = text
    .split(/\n+/)
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => (END.test(l) ? l : `${l}${stop}`))
    .join(language === 'zh' ? '' : ' ');
  const segmenter = new Intl.Segmenter(language, { granularity: 'sentence' });
  let out = '';
  for (const { segment } of segmenter.segment(flowing)) {
    const sentence = segment.trim();
    if (!sentence) continue;
    if (out && out.length + sentence.length + 1 > maxChars) break;
    out = out ? `${out}${language === 'zh' ? '' : ' '}${sentence}` : sentence;
  }
  return out;
}
