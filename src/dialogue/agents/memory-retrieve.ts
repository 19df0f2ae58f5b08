import { askedAbout } from '../about/index.js';
import { defineAgent } from '../agent.js';
import type { Ports } from '../ports.js';

/** Nothing to recall for a request to speak another language. */
const NO_RECALL = new Set(['language_change']);

const NONE = { episode_memory: null, conversation_memory: null } as const;

/** "Do you remember me?", "What did I tell you last time?": the latest episode answers, like a greeting. */
function asksAboutLastTime(text: string): boolean {
  const asked = askedAbout(text);
  return asked?.about === 'me' && (asked.topic === 'remember' || asked.topic === 'last_time');
}

/**
 * Episodic and conversation memory, in the recall step beside visual memory and
 * knowledge: the current person's earlier episode and piece of conversation that best match what
 * they said, each only above the minimum similarity. When a
 * known person greets the robot, or asks whether it remembers them or what they said last time,
 * and nothing matches, their latest episode ("Last time you told me …"). Nothing for someone unknown, or met this
 * very turn: memories are kept per person.
 */
export const memoryRetrieveAgent = defineAgent({
  name: 'memory_retrieve',
  reads: ['user_text', 'standalone_question', 'user_info', 'intent', 'name_confirmation', 'name_resolution'],
  writes: ['episode_memory', 'conversation_memory'],
  // The utterance is the query unless the contextualizer restates it: its vector, from the one
  // embedder memory and knowledge share, is computed beside intent.
  prefetch(s, ports) {
    const query = s.user_text.trim();
    if (ports.memory && ports.embeddings && s.user_info.user_id && !s.name_confirmation && query) ports.embeddings.embed([query]).catch(() => undefined);
  },
  async run(s, ports: Pick<Ports, 'memory' | 'embeddings' | 'config' | 'log' | 'metrics'>) {
    const userId = s.user_info.user_id;
    if (!ports.memory || !userId || s.name_confirmation || (s.intent && NO_RECALL.has(s.intent))) return NONE;
    // Met this very turn (a new id): nothing can be remembered of them yet, so the reply does not
    // wait for a search of their empty memory (the introduction's first search cost 200 ms and more).
    if (s.name_resolution.status === 'new_user') {
      // Their next turn asks their (still empty) memory: made ready meanwhile, a cache and no state.
      ports.memory.prepare(userId);
      return NONE;
    }
    try {
      const started = performance.now();
      // A follow-up ("and how is it going?") is recalled as the contextualizer restated it. A turn
      // the robot begins has nothing to match: its greeting recalls the latest episode.
      const query = (s.standalone_question ?? s.user_text).trim();
      const recall = query ? await ports.memory.recall(userId, query, { log: ports.log }) : { episode: null, conversation: null, queryMs: 0 };
      let episode = recall.episode;
      if (!episode && (s.intent === 'first_greeting' || asksAboutLastTime(s.user_text)) && ports.config.memory.greeting.withinDays > 0) {
        episode = await ports.memory.latestEpisode(userId, { log: ports.log });
      }
      // Compute outside the brain, like a model call: the embedding model and ChromaDB's search
      // (measured against its own target by the recall bench).
      ports.metrics.model('memory_retrieve', performance.now() - started);
      const found = [episode, recall.conversation].filter((m) => m !== null);
      if (found.length) {
        ports.log.info({ memories: found.map((m) => ({ id: m.id, score: m.score, reason: m.reason })), query_ms: Math.round(recall.queryMs) }, 'memories recalled');
      }
      return { episode_memory: episode, conversation_memory: recall.conversation };
    } catch (err) {
      // Recall is a help, never a reason for a turn to fail.
      ports.log.warn({ err: (err as Error).message }, 'memory recall failed; answering without memories');
      return NONE;
    }
  },
});
