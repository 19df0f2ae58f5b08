import { defineAgent } from '../agent.js';
import { asksSomething, isBackchannel } from '../../language/index.js';
import type { Ports } from '../ports.js';

/**
 * The sentences that ask, when only some of them do: "Never mind. What's the wifi password?" is
 * a question about the password, and "mind" must not find the section about the robot's mind.
 */
function askingPart(text: string): string {
  const sentences = text
    .split(/(?<=[.!?。！？])\s*/u)
    .map((t) => t.trim())
    .filter(Boolean);
  const asking = sentences.filter((t) => asksSomething(t));
  return asking.length > 0 && asking.length < sentences.length ? asking.join(' ') : text;
}

/** Nothing to look up when the person is leaving or only asking for another language. */
const NO_LOOKUP = new Set(['end_conversation', 'language_change']);

/**
 * Knowledge RAG, in the recall step beside memory and visual memory: the chunks of the robot's
 * knowledge files that answer the question, searched on the device (no plan needed; the knowledge
 * base decides whether anything answers), in the visitor's language where the files have it. Only for what is asked: a greeting or a person
 * telling their name is not a question about the robot, even when the knowledge files have a
 * section on greetings or names. Not when the person asked the robot to look: the current view
 * is what the question is about, not the robot's documentation.
 */
export const knowledgeAgent = defineAgent({
  name: 'knowledge',
  reads: ['standalone_question', 'user_text', 'intent', 'plan_steps', 'language'],
  writes: ['knowledge_retrieval'],
  // A question's vector, from the embedder memory and knowledge share, computed beside intent.
  // Only for what asks something: a statement may turn out to need no search (its intent decides),
  // and an embedder behind a model server would be asked for nothing.
  prefetch(s, ports) {
    const query = askingPart(s.user_text).trim();
    if (ports.knowledge && ports.embeddings && query && asksSomething(s.user_text)) ports.embeddings.embed([query]).catch(() => undefined);
  },
  async run(s, ports: Pick<Ports, 'knowledge' | 'embeddings' | 'log' | 'metrics' | 'signal'>) {
    const query = askingPart(s.standalone_question ?? s.user_text).trim();
    const asking = s.intent === 'continue_conversation' || asksSomething(s.user_text);
    const looking = s.plan_steps.some((p) => p.tool === 'vision');
    // "OK", "好的": an acknowledgement asks nothing, though its words may be in a section ("最好").
    const acknowledging = isBackchannel(s.user_text) && !asksSomething(s.user_text);
    if (!ports.knowledge || !query || !asking || looking || acknowledging || (s.intent && NO_LOOKUP.has(s.intent))) return { knowledge_retrieval: null };
    const { modelMs, ...found } = await ports.knowledge.search(query, { log: ports.log, signal: ports.signal, language: s.language });
    if (modelMs) ports.metrics.model('knowledge', modelMs);
    ports.log.info(
      { query, source: found.source, best: found.best === null ? null : Math.round(found.best * 1000) / 1000, hits: found.hits.map((h) => h.id) },
      found.hits.length ? 'knowledge found' : 'no knowledge about the question',
    );
    return { knowledge_retrieval: found };
  },
});
