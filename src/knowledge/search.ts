import type { Embedder } from '../embeddings/index.js';
import { nearestInMemory } from './collection.js';
import { HybridIndex, searchHits, type HybridThresholds } from './hybrid.js';
import type { IndexedChunk, KnowledgeIndexState } from './manifest.js';
import type { CollectionMirror } from './mirror.js';
import type { KnowledgeHit, KnowledgeSearch, KnowledgeSearchContext, KnowledgeSource } from './port.js';

/** How long an answer is reused for the same question (within one turn, in practice). */
const RECENT_MS = 5_000;

export interface KnowledgeSearcherOptions {
  thresholds: HybridThresholds;
  topK: number;
  embedder: Embedder;
  mirror: CollectionMirror;
  /** Answer from the in-memory copy of the index while the ChromaDB collection cannot. */
  memoryFallback: boolean;
}

/**
 * Questions to the knowledge index (the maintenance of the index is the knowledge base's): the
 * embedder's cosine from the collection or the in-memory copy, fused with words and question
 * variants (hybrid.ts). The last answer is reused for the same question while the index and the
 * collection's state are the same: the rule-based planner asks first, then the knowledge agent
 * asks the same question.
 */
export class KnowledgeSearcher {
  readonly #o: KnowledgeSearcherOptions;
  #recent: { key: string; at: number; result: KnowledgeSearch } | null = null;
  #hybridOf: { index: KnowledgeIndexState; hybrid: Promise<HybridIndex> } | null = null;
  /** How many times the word and variant indexes were built (each costs hundreds of ms on a large folder). */
  hybridBuilds = 0;
  /** How many texts' words those builds read: the rest had been read before in this process (read-once.ts). */
  textsRead = 0;

  constructor(options: KnowledgeSearcherOptions) {
    this.#o = options;
  }

  /** The index changed: no earlier answer is reused. */
  forget(): void {
    this.#recent = null;
  }

  async search(query: string, context: KnowledgeSearchContext, index: KnowledgeIndexState, chunks: IndexedChunk[]): Promise<KnowledgeSearch> {
    const mirror = this.#o.mirror;
    const nothing = (source: KnowledgeSource): KnowledgeSearch => ({ query, hits: [], source, best: null, modelMs: 0 });
    if (chunks.length === 0 || !query.trim()) return nothing(mirror.synced ? 'chroma' : 'memory');
    const n = context.n ?? this.#o.topK;
    const language = context.language ?? null;
    const keyOf = () => `${mirror.synced}\u0000${n}\u0000${language}\u0000${query}`;
    const key = keyOf();
    if (this.#recent?.key === key && Date.now() - this.#recent.at < RECENT_MS) return { ...structuredClone(this.#recent.result), modelMs: 0 };
    const started = performance.now();
    // The embedder's ranking; without it (it failed) BM25 and the question variants still answer.
    const { found, inMemory } = await this.#nearest(query, chunks, context);
    // Keyed by the collection's state right after the query: an answer from memory because ChromaDB
    // failed (or was out of step) is not reused once it is back, even if it came back meanwhile.
    const answeredKey = keyOf();
    const cosine = new Map((found ?? []).map((h) => [h.id, h.similarity]));
    const modelMs = performance.now() - started;
    const source: KnowledgeSource = inMemory ? 'memory' : 'chroma';
    const { hits, best } = searchHits(await this.#hybrid(index, chunks), chunks, query, cosine, this.#o.thresholds, language, n);
    const result = { query, hits, source, best, modelMs };
    if (found) this.#recent = { key: answeredKey, at: Date.now(), result: structuredClone(result) };
    return result;
  }

  /** Every chunk's cosine with the question: from the collection while it is in step, else (memoryFallback) from the in-memory index. */
  async #nearest(query: string, chunks: IndexedChunk[], context: KnowledgeSearchContext): Promise<{ found: KnowledgeHit[] | null; inMemory: boolean }> {
    try {
      const [vector] = (await this.#o.embedder.embed([query], context.signal)) as [Float32Array];
      // A small collection is searched in process by the vector store itself (chroma.mirror).
      const found = await this.#o.mirror.query(vector, chunks.length, context.log);
      if (found || !this.#o.memoryFallback) return { found, inMemory: false };
      return { found: nearestInMemory(chunks, vector, chunks.length), inMemory: true };
    } catch (err) {
      if (context.signal?.aborted) throw err;
      context.log.warn({ err: (err as Error).message }, 'knowledge: cannot embed the question; words and question variants only this turn');
      return { found: null, inMemory: true };
    }
  }

  /** The lexical and fuzzy indexes of the current index, built again when the index changes (once: searches meanwhile wait for the same build). */
  #hybrid(index: KnowledgeIndexState, chunks: IndexedChunk[]): Promise<HybridIndex> {
    if (this.#hybridOf?.index !== index) {
      const hybrid = HybridIndex.build(chunks);
      hybrid.then((h) => (this.textsRead += h.textsRead ?? 0), () => undefined);
      this.#hybridOf = { index, hybrid };
      this.hybridBuilds++;
    }
    return this.#hybridOf.hybrid;
  }
}
