import { afterEach, describe, expect, it } from 'vitest';
import { Health } from '../../../src/health/index.js';
import { silentLogger } from '../../../src/log/index.js';
import { startSearch } from '../../../src/search/index.js';
import { testConfig } from '../../helpers/config.js';
import { closeSearxngs, fakeSearxng, SEARXNG_ANSWER, type FakeSearxng } from '../../helpers/searxng.js';

afterEach(closeSearxngs);

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
});
