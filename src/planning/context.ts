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

export function isFollowUp(text: string): boolean {
  const t = normalizeUtterance(text).replace(/^[¿¡"'«„]+/, '');
  const cjk = /[\u3400-\u9fff]/.test(t);
  const short = cjk ? t.length <= 16 : t.split(' ').length <= MAX_FOLLOW_UP_WORDS;
  return short && (FOLLOW_UP_START.test(t) || REFERS_BACK.test(t) || CHINESE_REFERS_BACK.test(t));
}

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
