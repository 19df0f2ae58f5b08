import { startHttpServer, type TestHttpServer } from './http.js';

/** A SearXNG instance at the HTTP boundary: records requests, answers what the test says. */
export interface FakeSearxng {
  url: string;
  requests: URL[];
  answer: (url: URL) => { status?: number; body: string; delayMs?: number };
  close(): Promise<void>;
}

const servers: TestHttpServer[] = [];

export async function fakeSearxng(answer: FakeSearxng['answer']): Promise<FakeSearxng> {
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

export const SEARXNG_ANSWER = {
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


/** Closes the fake SearXNG servers a test started. */
export async function closeSearxngs(): Promise<void> {
  await Promise.all(servers.splice(0).map((s) => s.close()));
}
