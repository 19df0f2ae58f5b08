import { distance } from 'fastest-levenshtein';
import { fold, plain, words } from './fold.js';

/**
 * What counts as failing to help, in every language the robot speaks: a reply that refuses or
 * does not know, and the visitor asking the same thing again. Pure.
 */
const REFUSALS: readonly RegExp[] = [
  words("i (?:can't|cannot|can not) (?:answer|help with|tell you)", "i don't know", "i do not know", "i'm not sure", "i am not sure", "(?:isn't|is not|not) available", "i'd love to answer that, but", "i (?:don't|do not) have (?:that|any) information", "i couldn't find"),
  words('weiss ich (?:leider )?nicht', 'kann ich (?:leider |dir |ihnen )*nicht (?:beantworten|sagen|helfen)', 'nicht verfuegbar'),
  words('je ne sais pas', 'je ne peux pas (?:repondre|vous dire|vous aider)', "n'est pas disponible"),
  words('no (?:lo )?se', 'no puedo (?:responder|contestar|decirte|decirle|ayudarte|ayudarle)', 'no esta disponible'),
  plain('我不知道', '不清楚', '无法回答', '没法回答', '不能回答', '回答不了', '不可用'),
];

export function failedToHelp(reply: string): boolean {
  const t = fold(reply);
  return t.length > 0 && REFUSALS.some((r) => r.test(t));
}

/** The same question again: nearly the same words (a filler or a "yes" is not a question). */
export function sameQuestion(a: string, b: string): boolean {
  const x = fold(a).replace(/[^\p{L}\p{N} ]/gu, '');
  const y = fold(b).replace(/[^\p{L}\p{N} ]/gu, '');
  const short = Math.min(x.length, y.length);
  const cjk = /[\u4e00-\u9fff]/u.test(x + y);
  if (short < (cjk ? 4 : 12)) return false;
  return distance(x, y) / Math.max(x.length, y.length) <= 0.2;
}
