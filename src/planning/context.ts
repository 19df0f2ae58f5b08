import { normalizeUtterance, unicode } from './rules.js';

export interface HistoryMessage {
  role: 'user' | 'assistant';
  content: string;
}

/**
 * A short message that leans on what came before: it opens with "and", "what about", "und",
 * "et", "还有"..., or refers back with a pronoun ("it", "that", "es", "ça", "它"...).
 */
const FOLLOW_UP_START = /^(?:and|also|what about|how about|and what about|und|auch|was ist mit|und was|et|et pour|et pour ça|y|y qué|qué tal)(?=[\s,?]|$)|^(?:还有|那么|那)/u;
const [REFERS_BACK] = unicode([
  /\b(?:it|that|this|those|these|them|there|das|dies|diese[nrs]?|dort|dazu|davon|darüber|ça|cela|ceci|là|eso|esto|ello|ahí|allí)\b/,
]) as [RegExp];
const CHINESE_REFERS_BACK = /它|这个|那个|那里|这里|他们|她们/;
const MAX_FOLLOW_UP_WORDS = 8;

function isFollowUp(text: string): boolean {
  const t = clean(text);
  return isShort(t, MAX_FOLLOW_UP_WORDS, 16) && leansBack(t);
}

/**
 * Whether a message may need the history to be understood: it refers back or continues ("How
 * much does it cost?", "And tomorrow?"), or is too short to stand alone ("Why?"). A message with
 * none of these stands alone, and rewriting it would cost a model call before the reply for
 * nothing.
 */
export function mayLeanOnHistory(text: string): boolean {
  // "Is there a lift?" asks whether something exists: that "there" points nowhere.
  const t = clean(text).replace(/\b(?:is|are|was|were) there\b|\bthere(?:'s| is| are| was| were)\b/g, ' ');
  return leansBack(t) || PERSON_BACK.test(t) || isShort(t, 2, 4);
}

/** People mentioned before ("Where does she work?"); German "sie" is left out: it is also the polite "you". */
const [PERSON_BACK] = unicode([/\b(?:he|she|him|her|his|they|their|il|elle|lui|eux|él|ella|ellos|ellas)\b|他|她/]) as [RegExp];

const clean = (text: string) => normalizeUtterance(text).replace(/^[¿¡"'«„]+/, '');
const leansBack = (t: string) => FOLLOW_UP_START.test(t) || REFERS_BACK.test(t) || CHINESE_REFERS_BACK.test(t);
const isShort = (t: string, words: number, cjkChars: number) => (/[\u3400-\u9fff]/.test(t) ? t.length <= cjkChars : t.split(' ').length <= words);

/**
 * The offline contextualizer: without a language model, a short follow-up ("And in German?",
 * "Can you do that too?") is joined to the person's previous message, so retrieval and the
 * planner see what it is about; anything else stands alone as it is.
 */
export function contextualizeByRules(history: readonly HistoryMessage[], text: string): string {
  const previous = history.findLast((m) => m.role === 'user')?.content.trim();
  if (!previous || !isFollowUp(text)) return text;
  return `${previous} ${text.trim()}`;
}
