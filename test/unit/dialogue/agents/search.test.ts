import { afterEach, describe, expect, it } from 'vitest';
import { searchAgent } from '../../../../src/dialogue/agents/search.js';
import { newSession, startTurn, step } from '../../../../src/dialogue/index.js';
import { Health } from '../../../../src/health/index.js';
import { silentLogger } from '../../../../src/log/index.js';
import { startSearch } from '../../../../src/search/index.js';
import { testConfig } from '../../../helpers/config.js';
import { turnPorts } from '../../../helpers/ports.js';
import { closeSearxngs, fakeSearxng, SEARXNG_ANSWER } from '../../../helpers/searxng.js';

afterEach(closeSearxngs);

describe('the search agent', () => {
  it('searches the planned query and puts the results on the blackboard', async () => {
    const fake = await fakeSearxng(() => ({ body: JSON.stringify(SEARXNG_ANSWER) }));
    const config = testConfig({ agents: { search: true }, search: { url: fake.url } });
    const ports = turnPorts(config, { search: startSearch(config, new Health(), silentLogger) });
    const state = { ...startTurn(newSession('fr'), 't', 'Quel temps fait-il à Paris ?', null), plan_steps: [{ tool: 'search' as const, query: 'météo Paris' }] };
    const { search_results } = await step(searchAgent, state, ports);
    expect(search_results).toMatchObject({ status: 'ok', query: 'météo Paris' });
    expect(fake.requests[0]!.searchParams.get('language')).toBe('fr');
    expect(await step(searchAgent, { ...state, plan_steps: [] }, ports)).toEqual({ search_results: null });
  });
});
