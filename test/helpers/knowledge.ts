import { cpSync } from 'node:fs';
import path from 'node:path';
import type { Embedder } from '../../src/embeddings/index.js';
import { Health } from '../../src/health/index.js';
import { KnowledgeBase, type KnowledgeBaseOptions } from '../../src/knowledge/index.js';
import { silentLogger } from '../../src/log/index.js';
import { ChromaGateway, ChromaVectorStore, Outbox } from '../../src/vectors/index.js';
import { REPO, tempDir } from './config.js';
import { unreachableVectorStore } from './vectors.js';

/** The knowledge files the project ships. */
export const RAG_FILES = path.join(REPO, 'rag_files');

/** A temporary copy of rag_files/, for tests that edit, add and remove files. */
export function copyRagFiles(): string {
  const dir = tempDir('nadine-rag-');
  cpSync(RAG_FILES, dir, { recursive: true });
  return dir;
}

/** Wraps an embedder and records every text it embeds, so tests see exactly what was (re-)embedded. */
export class CountingEmbedder implements Embedder {
  readonly texts: string[] = [];
  constructor(
    readonly inner: Embedder,
    readonly id = inner.id,
  ) {}
  get dims(): number {
    return this.inner.dims;
  }
  embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    this.texts.push(...texts);
    return this.inner.embed(texts, signal);
  }
  reset(): void {
    this.texts.length = 0;
  }
}

/** A knowledge base with test defaults: no watch, re-check before every question, no ChromaDB unless given. */
export function knowledgeBase(options: Partial<KnowledgeBaseOptions> & Pick<KnowledgeBaseOptions, 'dir' | 'embedder'>): KnowledgeBase {
  return new KnowledgeBase({
    manifestFile: path.join(tempDir('nadine-knowledge-'), 'manifest.json'),
    collection: 'knowledge',
    chunking: { maxChars: 1000, overlapChars: 150 },
    topK: 2,
    minSimilarity: 0.2,
    // The embedder alone, answering from minSimilarity on (as before the hybrid search): tests of the
    // index's upkeep stay independent of the fusion's calibration (tested in test/unit/knowledge/).
    weights: { similarity: 1, coverage: 0, concepts: 0, fuzzy: 0, variants: 0, rrf: 0 },
    minScore: 1,
    minMargin: 0,
    rrfK: 60,
    watch: false,
    watchDebounceMs: 50,
    recheckMs: 0,
    maxWaitMs: 10_000,
    maxFileBytes: 1024 * 1024,
    memoryFallback: true,
    syncRetryMs: 60_000,
    syncTimeoutMs: 10_000,
    vectors: unreachableVectorStore(),
    log: silentLogger,
    health: new Health(),
    ...options,
  });
}

/** The real vector store on a ChromaDB server (test/helpers/chroma.ts), with its own outbox; stop it after the test. */
export async function chromaStore(url: string, health = new Health(), mirror?: { maxRecords: number; maxTotalRecords: number }): Promise<ChromaVectorStore> {
  const store = new ChromaVectorStore({
    ...(mirror && { mirror }),
    gateway: new ChromaGateway(url),
    outbox: new Outbox(tempDir('nadine-outbox-')),
    prefix: 'test',
    timeouts: { queryMs: 2_000, writeMs: 10_000 },
    healthIntervalMs: 300,
    retry: { initialMs: 50, maxMs: 300 },
    log: silentLogger,
    health,
  });
  await store.start();
  return store;
}
