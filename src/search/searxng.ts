import { z } from 'zod';
import type { Config, Language } from '../config/index.js';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import type { SearchHit, SearchPort, SearchResults } from './port.js';
import { oneLineZodError } from '../log/index.js';

const SNIPPET_CHARS = 500;
const MAX_ANSWERS = 3;
const MAX_BODY_BYTES = 4 * 1024 * 1024;

/** SearXNG's JSON answer (searx/webutils.py); only what is used is required, the rest may vary between versions. */
const ResponseSchema = z
  .object({
    results: z
      .array(z.object({ title: z.string().nullish(), url: z.string().nullish(), content: z.string().nullish() }).loose())
      .default([]),
    // Strings in older versions, objects with "answer" in newer ones.
    answers: z.array(z.union([z.string(), z.object({ answer: z.string() }).loose()])).default([]),
    infoboxes: z.array(z.object({ infobox: z.string().nullish(), content: z.string().nullish() }).loose()).default([]),
  })
  .loose();

const tidy = (text: string | null | undefined, max = SNIPPET_CHARS) => {
  const t = (text ?? '').replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
};

/**
 * Web search on a SearXNG instance (self-hosted metasearch: no API key, and the robot's queries
 * stay on a machine its keepers run). GET <url>/search?q=…&format=json; the instance must allow
 * the json format (settings.yml, search.formats), or it answers 403.
 */
class SearxngSearch implements SearchPort {
  readonly #settings: Config['search'] & { url: string };
  readonly #health: Health;
  readonly #fetch: typeof fetch;

  constructor(settings: Config['search'] & { url: string }, health: Health, fetchImpl: typeof fetch = fetch) {
    this.#settings = settings;
    this.#health = health;
    this.#fetch = fetchImpl;
  }

  async search(query: string, context: { language: Language; signal: AbortSignal; log: Logger }): Promise<SearchResults> {
    const { url, timeoutMs, maxResults, safesearch } = this.#settings;
    const endpoint = new URL('search', url.endsWith('/') ? url : `${url}/`);
    endpoint.search = new URLSearchParams({ q: query, format: 'json', language: context.language, safesearch: String(safesearch), pageno: '1' }).toString();
    const failed = (detail: string): SearchResults => {
      context.log.warn({ url: endpoint.origin, detail }, 'search failed');
      this.#health.set('search', 'degraded', `SearXNG at ${url}: ${detail}`);
      return { status: 'failed', query, answers: [], results: [], detail };
    };
    let body: unknown;
    try {
      const response = await this.#fetch(endpoint, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.any([context.signal, AbortSignal.timeout(timeoutMs)]),
      });
      if (response.status === 403) return failed('403 Forbidden: the instance does not allow the json format (settings.yml: search.formats)');
      if (!response.ok) return failed(`HTTP ${response.status}`);
      const text = await response.text();
      if (text.length > MAX_BODY_BYTES) return failed('answer too large');
      body = JSON.parse(text);
    } catch (err) {
      if (context.signal.aborted) throw err;
      const e = err as Error & { cause?: { code?: string } };
      if (e.name === 'TimeoutError') return failed(`no answer within ${timeoutMs} ms`);
      if (e instanceof SyntaxError) return failed('the answer is not JSON');
      return failed(e.cause?.code ?? e.message);
    }
    const parsed = ResponseSchema.safeParse(body);
    if (!parsed.success) return failed(`unexpected answer: ${oneLineZodError(parsed.error)}`);
    const answers = [
      ...parsed.data.answers.map((a) => tidy(typeof a === 'string' ? a : a.answer)),
      ...parsed.data.infoboxes.map((i) => tidy([i.infobox, i.content].filter(Boolean).join(': '))),
    ]
      .filter(Boolean)
      .slice(0, MAX_ANSWERS);
    const results: SearchHit[] = parsed.data.results
      .map((r) => ({ title: tidy(r.title, 200), url: tidy(r.url, 500), snippet: tidy(r.content) }))
      .filter((r) => r.title || r.snippet)
      .slice(0, maxResults);
    this.#health.set('search', 'ok', `SearXNG at ${url}`);
    const status = answers.length || results.length ? 'ok' : 'empty';
    context.log.info({ results: results.length, answers: answers.length }, 'search done');
    return { status, query, answers, results, detail: null };
  }
}

/** The search port as configured: null unless agents.search is on and search.url is set (health says which). */
export function startSearch(config: Pick<Config, 'agents' | 'search'>, health: Health, log: Logger): SearchPort | null {
  if (!config.agents.search) return null;
  const { url } = config.search;
  if (!url) {
    log.warn('agents.search is on but search.url is not set: web search is never planned');
    health.set('search', 'degraded', 'agents.search is on but search.url is not set: web search is never planned');
    return null;
  }
  health.set('search', 'ok', `SearXNG at ${url} (not asked yet)`);
  return new SearxngSearch({ ...config.search, url }, health);
}
