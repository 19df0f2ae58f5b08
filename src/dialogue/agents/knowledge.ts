import { defineAgent } from '../agent.js';
import type { Ports } from '../ports.js';

/**
 * SPEC step 6 (knowledge RAG), in the recall step beside memory and visual memory: the chunks of
 * the robot's knowledge files that answer the planned knowledge query.
 */
export const knowledgeAgent = defineAgent({
  name: 'knowledge',
  reads: ['plan_steps'],
  writes: ['knowledge_retrieval'],
  async run(s, ports: Pick<Ports, 'knowledge' | 'log' | 'metrics' | 'signal'>) {
    const step = s.plan_steps.find((p) => p.tool === 'knowledge');
    if (!step || !ports.knowledge) return { knowledge_retrieval: null };
    const { modelMs, ...found } = await ports.knowledge.search(step.query, { log: ports.log, signal: ports.signal });
    if (modelMs) ports.metrics.model('knowledge', modelMs);
    ports.log.info(
      { query: step.query, source: found.source, best: found.best === null ? null : Math.round(found.best * 1000) / 1000, hits: found.hits.map((h) => h.id) },
      found.hits.length ? 'knowledge found' : 'no knowledge about the question',
    );
    return { knowledge_retrieval: found };
  },
});
