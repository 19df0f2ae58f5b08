import { rmSync } from 'node:fs';
import path from 'node:path';
import { KnowledgeBase, type KnowledgeBaseOptions } from '../../src/knowledge/index.js';
import { silentLogger } from '../../src/log/index.js';
import { startBenchChroma } from './chroma.js';
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
  const { server, health, store } = await startBenchChroma(options.dataDir);
  const chroma = store({ outbox: 'outbox', writeMs: 60_000 });
  await chroma.start();
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
    memorySearchUpTo: 0,
    syncRetryMs: 1_000,
    syncTimeoutMs: 60_000,
    embedder,
    log: silentLogger,
    health,
  };
  const kb = new KnowledgeBase({ ...settings, vectors: chroma });
  // The default for a small index (the shipped one): searched in memory, exactly.
  const small = new KnowledgeBase({ ...settings, memorySearchUpTo: 2_000, vectors: chroma });
  try {
    await kb.start();
    const build = await kb.ready();
    if (!(await kb.sync())) throw new Error('the knowledge collection did not get in step');
    await small.start();
    if ((await small.ready()).embedded !== 0) throw new Error('the second index should have reused the manifest');

    const measure = async (base: KnowledgeBase, source: 'chroma' | 'memory') => {
      const total: number[] = [];
      for (let i = 0; i < options.turns + 20; i++) {
        const started = performance.now();
        const found = await base.search(QUESTIONS[i % QUESTIONS.length]!, { log: silentLogger });
        const ms = performance.now() - started;
        if (found.source !== source || found.hits.length === 0) throw new Error(`expected hits from ${source}, got ${found.hits.length} from ${found.source}`);
        if (i >= 20) total.push(ms);
      }
      return total;
    };
    const embed: number[] = [];
    for (let i = 0; i < options.turns; i++) {
      const started = performance.now();
      await embedder.embed([`${QUESTIONS[i % QUESTIONS.length]!} ${i}`]); // a new text: no cache
      embed.push(performance.now() - started);
    }
    return [
      { name: `knowledge index build (${build.files} files, ${build.chunks} chunks)`, unit: 'ms', summary: summarize([build.ms]) },
      { name: 'knowledge retrieval, small index in memory (default)', unit: 'ms', summary: summarize(await measure(small, 'memory')) },
      { name: 'knowledge retrieval from ChromaDB (memorySearchUpTo 0)', unit: 'ms', summary: summarize(await measure(kb, 'chroma')) },
      { name: '  of which embedding the question', unit: 'ms', summary: summarize(embed) },
    ];
  } finally {
    await kb.close();
    await small.close();
    await embedder.close();
    await chroma.stop();
    await server.stop();
    rmSync(options.dataDir, { recursive: true, force: true });
  }
}
