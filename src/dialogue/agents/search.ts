import { defineAgent } from '../agent.js';
import type { Ports } from '../ports.js';

/** Web search (optional, off by default): results for the planned query, or why there are none. */
export const searchAgent = defineAgent({
  name: 'search',
  reads: ['plan_steps', 'language'],
  writes: ['search_results'],
  async run(s, ports: Pick<Ports, 'search' | 'log' | 'signal'>) {
    const step = s.plan_steps.find((p) => p.tool === 'search');
    if (!step || !ports.search) return { search_results: null };
    return { search_results: await ports.search.search(step.query, { language: s.language, signal: ports.signal, log: ports.log }) };
  },
});
