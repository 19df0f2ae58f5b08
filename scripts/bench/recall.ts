import { rmSync } from 'node:fs';
import path from 'node:path';
import { silentLogger } from '../../src/log/index.js';
// Recall measured through the memory agent's own function
import { memoryCollection, recallMemories } from '../../src/memory/index.js';
import { normalArray, seededRandom } from '../../src/models/random.js';
import { ConfigSchema } from '../../src/config/index.js';
import type { ChromaVectorStore, VectorRecord } from '../../src/vectors/index.js';
import { startBenchChroma } from './chroma.js';
import { loadStandinMiniLM, UTTERANCES } from './embeddings.js';
import { summarize, type Measurement } from './stats.js';

const DIMS = 384;

/**
 * Memory recall as the memory_retrieve agent does it, through its own function (recallMemories):
 * embed the utterance (stand-in MiniLM, uncached), then the best episode and the best piece of
 * conversation from one user's collection (memory/<space>/<user>) through the real VectorStore
 * port, on a real embedded ChromaDB server. Stored vectors are seeded random unit vectors, half
 * episodes, half conversation pieces (recall latency does not depend on what they mean; random
 * vectors are the harder case for HNSW). No similarity floor, so every recall returns both.
 */
export async function benchRecall(options: { repo: string; dataDir: string; turns: number; sizes: number[] }): Promise<Measurement[]> {
  const chroma = await startBenchChroma(options.dataDir);
  const { server } = chroma;
  const store = chroma.store({ outbox: 'outbox', writeMs: 120_000 });
  // The daemon's default: a person's memories copied into the process and searched there.
  const copied = chroma.store({ outbox: 'outbox-copied', writeMs: 120_000, mirror: ConfigSchema.parse({}).chroma.mirror });
  await store.start();
  await copied.start();
  const embedder = await loadStandinMiniLM(options.repo);
  const random = seededRandom(42);
  const results: Measurement[] = [];
  try {
    for (const size of options.sizes) {
      const user = `user-${size}`;
      const memories = memoryCollection({ vectors: store, embedder }, user);
      for (let start = 0; start < size; start += 500) {
        const records: VectorRecord[] = [];
        for (let i = start; i < Math.min(size, start + 500); i++) {
          const v = normalArray(random, DIMS, 1);
          const n = Math.hypot(...v);
          records.push({
            id: `m${i}`,
            embedding: v.map((x) => x / n),
            document: `memory ${i}`,
            metadata: { memory_type: i % 2 ? 'episode' : 'conversation', user_id: user, ts: i, timestamp: new Date(i * 60_000).toISOString() },
          });
        }
        await memories.upsert(records);
      }
      if (!(await store.flush(600_000))) throw new Error(`could not store ${size} memories`);
      const count = await memories.count();
      if (count !== size) throw new Error(`collection holds ${count} memories, expected ${size}`);

      const measure = async (vectors: ChromaVectorStore) => {
        const total: number[] = [];
        const queryOnly: number[] = [];
        for (let i = 0; i < options.turns + 20; i++) {
          const started = performance.now();
          const recall = await recallMemories({ vectors, embedder }, user, UTTERANCES[i % UTTERANCES.length]!, { minSimilarity: -1 }, silentLogger);
          const done = performance.now();
          if (!recall.episode || !recall.conversation) throw new Error('recall found nothing');
          if (i < 20) continue;
          total.push(done - started);
          queryOnly.push(recall.queryMs);
        }
        return { total: summarize(total), query: summarize(queryOnly) };
      };
      const fromServer = await measure(store);
      // The first search copies the collection in the background; measure once it is there.
      await recallMemories({ vectors: copied, embedder }, user, UTTERANCES[0]!, { minSimilarity: -1 }, silentLogger);
      const deadline = Date.now() + 120_000;
      while ((copied.status().mirrored ?? 0) < options.sizes.indexOf(size) + 1) {
        if (Date.now() > deadline) throw new Error(`the ${size} memories were not copied in time`);
        await new Promise((r) => setTimeout(r, 50));
      }
      const inProcess = await measure(copied);
      results.push(
        { name: `memory recall at ${size} memories (embed + search in process, default)`, unit: 'ms', summary: inProcess.total, ...(size >= 10_000 && { targetP95: 15 }) },
        { name: `  of which the search`, unit: 'ms', summary: inProcess.query },
        { name: `memory recall at ${size} memories (embed + ChromaDB query)`, unit: 'ms', summary: fromServer.total },
        { name: `  of which the ChromaDB query`, unit: 'ms', summary: fromServer.query },
      );
    }
  } finally {
    await embedder.close();
    await store.stop();
    await copied.stop();
    await server.stop();
    rmSync(options.dataDir, { recursive: true, force: true });
  }
  return results;
}
