import { rmSync } from 'node:fs';
import path from 'node:path';
import { Health } from '../../src/health/index.js';
import { KnowledgeBase, type KnowledgeBaseOptions } from '../../src/knowledge/index.js';
import { silentLogger } from '../../src/log/index.js';
import { ChromaGateway, ChromaServer, ChromaVectorStore, freePort, Outbox } from '../../src/vectors/index.js';
import { loadStandinMiniLM } from './embeddings.js';
import { summarize, type Measurement } from './stats.js';

const QUESTIONS = [
  'What languages can you speak?',
  'How do I make you forget me?',
  'Who built you?',
  'Can you see me?',
  'How do I tell you my name?',
  'Do you have feelings?',
  'Where are my memories kept?',
  'What can you not do?',
  'Can I interrupt you?',
  'How does your mind work?',
];

/**
 * Knowledge retrieval as a turn does it, on the shipped rag_files/: the question embedded by the
 * stand-in MiniLM (real shape, uncached), then the nearest chunks from the ChromaDB collection
 * on a real embedded server (through the VectorStore port), with the freshness check of the
 * defaults. Also: the first index build, and the in-memory fallback.
 */
export async function benchKnowledge(options: { repo: string; dataDir: string; turns: number }): Promise<Measurement[]> {
  const health = new Health();
  const server = new ChromaServer({
    host: '127.0.0.1',
    port: await freePort('127.0.0.1'),
    dataDir: path.join(options.dataDir, 'chroma'),
    startTimeoutMs: 60_000,
    restart: { initialMs: 500, maxMs: 5_000 },
    log: silentLogger,
    health,
  });
  await server.start();
  const store = (url: string) =>
    new ChromaVectorStore({
      gateway: new ChromaGateway(url),
      outbox: new Outbox(path.join(options.dataDir, `outbox-${url.replace(/\W/g, '')}`)),
      prefix: 'bench',
      timeouts: { queryMs: 5_000, writeMs: 60_000 },
      healthIntervalMs: 10_000,
      retry: { initialMs: 100, maxMs: 1_000 },
      log: silentLogger,
      health,
    });
  const chroma = store(server.url);
  await chroma.start();
  // No server at this address: the in-memory index answers.
  const nowhere = store('http://127.0.0.1:9');
  const embedder = await loadStandinMiniLM(options.repo);
  const settings: Omit<KnowledgeBaseOptions, 'vectors'> = {
    dir: path.join(options.repo, 'rag_files'),
    manifestFile: path.join(options.dataDir, 'knowledge', 'manifest.json'),
    collection: 'knowledge',
    chunking: { maxChars: 1000, overlapChars: 150 },
    topK: 2,
    minSimilarity: -1,
    watch: false,
    watchDebounceMs: 300,
    recheckMs: 10_000,
    maxWaitMs: 2_000,
    maxFileBytes: 1024 * 1024,
    memoryFallback: true,
    syncRetryMs: 1_000,
    syncTimeoutMs: 60_000,
    embedder,
    log: silentLogger,
    health,
  };
  const kb = new KnowledgeBase({ ...settings, vectors: chroma });
  const fallback = new KnowledgeBase({ ...settings, vectors: nowhere });
  try {
    await kb.start();
    const build = await kb.ready();
    if (!(await kb.sync())) throw new Error('the knowledge collection did not get in step');
    await fallback.start();
    if ((await fallback.ready()).embedded !== 0) throw new Error('the second index should have reused the manifest');

    const measure = async (base: KnowledgeBase, source: 'chroma' | 'memory') => {
      const total: number[] = [];
      const query: number[] = [];
      for (let i = 0; i < options.turns + 20; i++) {
        const started = performance.now();
        const found = await base.search(QUESTIONS[i % QUESTIONS.length]!, { log: silentLogger });
        const ms = performance.now() - started;
        if (found.source !== source || found.hits.length === 0) throw new Error(`expected hits from ${source}, got ${found.hits.length} from ${found.source}`);
        if (i < 20) continue;
        total.push(ms);
        query.push(ms - found.modelMs);
      }
      return { total, query };
    };
    const onChroma = await measure(kb, 'chroma');
    const inMemory = await measure(fallback, 'memory');
    return [
      { name: `knowledge index build (${build.files} files, ${build.chunks} chunks)`, unit: 'ms', summary: summarize([build.ms]) },
      { name: 'knowledge retrieval (embed + ChromaDB query)', unit: 'ms', summary: summarize(onChroma.total) },
      { name: '  of which the ChromaDB query (+ folder check)', unit: 'ms', summary: summarize(onChroma.query) },
      { name: 'knowledge retrieval, in-memory fallback', unit: 'ms', summary: summarize(inMemory.total) },
      { name: '  of which the in-memory search', unit: 'ms', summary: summarize(inMemory.query) },
    ];
  } finally {
    await kb.close();
    await fallback.close();
    await embedder.close();
    await chroma.stop();
    await nowhere.stop();
    await server.stop();
    rmSync(options.dataDir, { recursive: true, force: true });
  }
}
