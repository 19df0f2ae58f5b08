import { contextualizeByRules, contextualizerMessages, LlmStandaloneSchema } from '../../planning/index.js';
import { defineAgent } from '../agent.js';
import type { Ports } from '../ports.js';

type ContextualizePorts = Pick<Ports, 'llm' | 'config' | 'log' | 'metrics' | 'signal'>;

const MAX_QUESTION_CHARS = 500;

/**
 * SPEC step 5: the utterance as a standalone question, for the planner and the retrievals. No
 * history: the utterance as it is. With history, the language model rewrites it (agent
 * "contextualizer"; not with agents.planner off); without one, a short follow-up is joined to the
 * person's previous message.
 */
export const contextualizeAgent = defineAgent({
  name: 'contextualize',
  reads: ['messages', 'user_text'],
  writes: ['standalone_question'],
  async run(s, ports: ContextualizePorts) {
    // The current utterance is the last message; what came before is the history.
    const history = s.messages.slice(0, -1).slice(-ports.config.planner.historyMessages);
    if (history.length === 0) return { standalone_question: s.user_text };
    // agents.planner off: planning makes no model call at all (the reply starts sooner).
    if (ports.config.agents.planner && ports.llm.available('contextualizer')) {
      const started = performance.now();
      try {
        const answer = await ports.llm.json({ agent: 'contextualizer', messages: contextualizerMessages(history, s.user_text), signal: ports.signal }, LlmStandaloneSchema);
        const question = ('question' in answer ? answer.question : answer.standalone_question).replace(/\s+/g, ' ').trim();
        if (question && question.length <= MAX_QUESTION_CHARS) {
          if (question !== s.user_text.trim()) ports.log.debug({ question }, 'contextualized');
          return { standalone_question: question };
        }
        ports.log.warn({ chars: question.length }, 'contextualizer: unusable question; using the rules');
      } catch (err) {
        if (ports.signal.aborted) throw err;
        ports.log.warn({ err: (err as Error).message }, 'contextualizer: language model failed; using the rules');
      } finally {
        ports.metrics.model('contextualizer', performance.now() - started);
      }
    }
    return { standalone_question: contextualizeByRules(history, s.user_text) };
  },
});
