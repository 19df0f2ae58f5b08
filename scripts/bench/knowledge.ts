import { rmSync } from 'node:fs';
import path from 'node:path';
import { ConfigSchema } from '../../src/config/index.js';
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
 * defaults. The collection searched in process by the vector store (chroma.mirror, the default)
 * and on the server. Also: the first index build.
 */
export async function benchKnowledge(options: { repo: string; dataDir: string; turns: number }): Promise<Measurement[]> {
  const { server, health, store } = await startBenchChroma(options.dataDir);
  const chroma = store({ outbox: 'outbox', writeMs: 60_000 });
  const copied = store({ outbox: 'outbox-copied', writeMs: 60_000, mirror: ConfigSchema.parse({}).chroma.mirror });
  await chroma.start();
  await copied.start();
  const embedder = await loadStandinMiniLM(options.repo);
  const settings: Omit<KnowledgeBaseOptions, 'vectors'> = {
    dir: path.join(options.repo, 'rag_files'),
    manifestFile: path.join(options.dataDir, 'knowledge', 'manifest.json'),
    collection: 'knowledge',
    chunking: { maxChars: 1000, overlapChars: 150 },
    topK: 2,
    minSimilarity: -1,
    weights: { similarity: 0, coverage: 0, concepts: 1, fuzzy: 1, variants: 1, rrf: 1 },
    minScore: 1.5,
    minMargin: 0.3,
    rrfK: 60,
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
  // The default: the vector store copies the (small) collection into the process.
  const small = new KnowledgeBase({ ...settings, vectors: copied });
  try {
    await kb.start();
    const build = await kb.ready();
    if (!(await kb.sync())) throw new Error('the knowledge collection did not get in step');
    await small.start();
    if ((await small.ready()).embedded !== 0) throw new Error('the second index should have reused the manifest');
    if (!(await small.sync())) throw new Error('the knowledge collection did not get in step');
    await small.search(QUESTIONS[0]!, { log: silentLogger });
    for (const deadline = Date.now() + 60_000; (copied.status().mirrored ?? 0) < 1; await new Promise((r) => setTimeout(r, 50))) {
      if (Date.now() > deadline) throw new Error('the knowledge collection was not copied in time');
    }

    const measure = async (base: KnowledgeBase) => {
      const total: number[] = [];
      for (let i = 0; i < options.turns + 20; i++) {
        const started = performance.now();
        const found = await base.search(QUESTIONS[i % QUESTIONS.length]!, { log: silentLogger });
        const ms = performance.now() - started;
        if (found.source !== 'chroma' || found.hits.length === 0) throw new Error(`expected hits through the vector store, got ${found.hits.length} from ${found.source}`);
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
      { name: 'knowledge retrieval, collection searched in process (default)', unit: 'ms', summary: summarize(await measure(small)) },
      { name: 'knowledge retrieval from the ChromaDB server (chroma.mirror off)', unit: 'ms', summary: summarize(await measure(kb)) },
      { name: '  of which embedding the question', unit: 'ms', summary: summarize(embed) },
    ];
  } finally {
    await kb.close();
    await small.close();
    await embedder.close();
    await chroma.stop();
    await copied.stop();
    await server.stop();
    rmSync(options.dataDir, { recursive: true, force: true });
  }
}
