import { contextualizeByRules, contextualizerMessages, LlmStandaloneSchema, mayLeanOnHistory } from '../../planning/index.js';
import { askModel } from '../../llm/index.js';
import { defineAgent } from '../agent.js';
import type { Ports } from '../ports.js';

type ContextualizePorts = Pick<Ports, 'llm' | 'config' | 'log' | 'metrics' | 'signal' | 'turnId'>;

const MAX_QUESTION_CHARS = 500;

/**
 * The utterance as a standalone question, for the planner and the retrievals. No
 * history, or nothing in it that points back: the utterance as it is. Otherwise the language
 * model rewrites it (agent
 * "contextualize"; not with plan.useModel off); without one, a short follow-up is joined to the
 * person's previous message.
 */
export const contextualizeAgent = defineAgent({
  name: 'contextualize',
  reads: ['messages', 'user_text'],
  writes: ['standalone_question'],
  async run(s, ports: ContextualizePorts) {
    // The current utterance is the last message; what came before is the history.
    const history = s.messages.slice(0, -1).slice(-ports.config.plan.historyMessages);
    // A message that does not lean on the history stands as it is, without a model call.
    if (history.length === 0 || !mayLeanOnHistory(s.user_text)) return { standalone_question: s.user_text };
    // plan.useModel off: planning makes no model call at all (the reply starts sooner).
    if (ports.config.plan.useModel) {
      const asked = await askModel(ports, { agent: 'contextualize', fallback: 'using the rules' }, (llm, base) =>
        llm.json({ ...base, messages: contextualizerMessages(history, s.user_text) }, LlmStandaloneSchema),
      );
      if (asked.ok) {
        const question = ('question' in asked.value ? asked.value.question : asked.value.standalone_question).replace(/\s+/g, ' ').trim();
        if (question && question.length <= MAX_QUESTION_CHARS) {
          if (question !== s.user_text.trim()) ports.log.debug({ question }, 'contextualized');
          return { standalone_question: question };
        }
        ports.log.warn({ chars: question.length }, 'contextualize: unusable question; using the rules');
      }
    }
    return { standalone_question: contextualizeByRules(history, s.user_text) };
  },
});
