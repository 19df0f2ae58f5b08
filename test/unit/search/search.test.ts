import { afterEach, describe, expect, it } from 'vitest';
import { searchAgent } from '../../../src/dialogue/agents/search.js';
import { newSession, startTurn , step } from '../../../src/dialogue/index.js';
import { Health } from '../../../src/health/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { startSearch } from '../../../src/search/index.js';
import { testConfig } from '../../helpers/config.js';
import { startHttpServer, type TestHttpServer } from '../../helpers/http.js';
import { turnPorts } from '../../helpers/ports.js';

/** A SearXNG instance at the HTTP boundary: records requests, answers what the test says. */
interface FakeSearxng {
  url: string;
  requests: URL[];
  answer: (url: URL) => { status?: number; body: string; delayMs?: number };
  close(): Promise<void>;
}

const servers: TestHttpServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function fakeSearxng(answer: FakeSearxng['answer']): Promise<FakeSearxng> {
  const fake = { requests: [] as URL[], answer } as FakeSearxng;
  const server = await startHttpServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    fake.requests.push(url);
    const a = fake.answer(url);
    setTimeout(() => {
      res.writeHead(a.status ?? 200, { 'content-type': 'application/json' });
      res.end(a.body);
    }, a.delayMs ?? 0);
  });
  servers.push(server);
  fake.url = `${server.url}/searxng`;
  return fake;
}

const SEARXNG_ANSWER = {
  query: 'weather paris',
  number_of_results: 3,
  results: [
    { url: 'https://weather.example/paris', title: 'Paris weather', content: `Sunny, 24 °C.   ${'Long forecast text. '.repeat(60)}`, engine: 'x', score: 1 },
    { url: 'https://b.example', title: 'Second', content: 'Cloudy later.', engine: 'y' },
    { url: 'https://c.example', title: 'Third', content: null },
    { url: 'https://d.example', title: 'Fourth', content: 'More.' },
  ],
  answers: ['Paris: 24 °C, sunny', { answer: 'Humidity 40 %', url: null }],
  infoboxes: [{ infobox: 'Paris', id: 'x', content: 'Capital of France.', urls: [] }],
  suggestions: [],
};

const context = () => ({ language: 'de' as const, signal: new AbortController().signal, log: silentLogger });
/** The web search the daemon starts for a SearXNG at `url`. */
const searxng = (url: string, health: Health, more: { timeoutMs?: number } = {}) => startSearch(testConfig({ agents: { search: true }, search: { ...more, url } }), health, silentLogger)!;

describe('web search on SearXNG', () => {
  it('asks for JSON in the session language, and keeps the answers and the first results, cut short', async () => {
    const fake = await fakeSearxng(() => ({ body: JSON.stringify(SEARXNG_ANSWER) }));
    const health = new Health();
    const result = await searxng(fake.url, health).search('Wetter Paris', context());
    const request = fake.requests[0]!;
    expect(request.pathname).toBe('/searxng/search');
    expect(Object.fromEntries(request.searchParams)).toEqual({ q: 'Wetter Paris', format: 'json', language: 'de', safesearch: '1', pageno: '1' });
    expect(result).toMatchObject({ status: 'ok', query: 'Wetter Paris', detail: null, answers: ['Paris: 24 °C, sunny', 'Humidity 40 %', 'Paris: Capital of France.'] });
    expect(result.results.map((r) => r.title)).toEqual(['Paris weather', 'Second', 'Third']);
    expect(result.results[0]!.snippet.length).toBeLessThanOrEqual(500);
    expect(result.results[0]!.snippet).toMatch(/^Sunny, 24 °C\. Long forecast/);
    expect(health.get('search')?.status).toBe('ok');
  });

  it('says why a search failed: the json format not enabled, a server error, not JSON, too slow', async () => {
    const health = new Health();
    const cases: [ReturnType<FakeSearxng['answer']>, RegExp][] = [
      [{ status: 403, body: '<html>Forbidden</html>' }, /403 Forbidden: the instance does not allow the json format/],
      [{ status: 500, body: '{}' }, /HTTP 500/],
      [{ body: '<html>results</html>' }, /the answer is not JSON/],
      [{ body: '{"results": "none"}' }, /unexpected answer/],
      [{ body: '{}', delayMs: 1_000 }, /no answer within 200 ms/],
    ];
    let i = 0;
    const fake = await fakeSearxng(() => cases[i]![0]);
    const search = searxng(fake.url, health, { timeoutMs: 200 });
    for (; i < cases.length; i++) {
      const result = await search.search('q', context());
      expect(result).toMatchObject({ status: 'failed', results: [], answers: [] });
      expect(result.detail).toMatch(cases[i]![1]);
    }
    expect(health.get('search')).toMatchObject({ status: 'degraded', detail: expect.stringMatching(/SearXNG at .*no answer within 200 ms/) });
    expect((await searxng('http://127.0.0.1:9', health).search('q', context())).status).toBe('failed');
  });

  it('says when nothing was found', async () => {
    const fake = await fakeSearxng(() => ({ body: JSON.stringify({ query: 'q', results: [], answers: [], infoboxes: [] }) }));
    expect(await searxng(fake.url, new Health()).search('q', context())).toMatchObject({ status: 'empty', results: [] });
  });

  it('is only started with agents.search on and a url, and health says when the url is missing', () => {
    const health = new Health();
    expect(startSearch(testConfig(), health, silentLogger)).toBeNull();
    expect(health.get('search')).toBeUndefined();
    expect(startSearch(testConfig({ agents: { search: true } }), health, silentLogger)).toBeNull();
    expect(health.get('search')).toMatchObject({ status: 'degraded', detail: expect.stringMatching(/search.url is not set/) });
    expect(startSearch(testConfig({ agents: { search: true }, search: { url: 'http://127.0.0.1:8888' } }), health, silentLogger)).not.toBeNull();
    expect(health.get('search')).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^SearXNG at http:\/\/127\.0\.0\.1:8888/) });
  });

  it('the search agent searches the planned query and puts the results on the blackboard', async () => {
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
