import path from 'node:path';
import type { Config } from '../config/index.js';
import type { Embedder } from '../embeddings/index.js';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import type { VectorStore } from '../vectors/index.js';
import { KnowledgeBase } from './base.js';
import type { HybridThresholds } from './hybrid.js';

export const knowledgeDir = (config: Pick<Config, 'paths'>) => path.resolve(config.paths.rag);
export const knowledgeManifestFile = (config: Pick<Config, 'paths'>) => path.resolve(config.paths.data, 'knowledge', 'manifest.json');

/** The lexical fallback embedder's similarities are lower than a model's: it has its own threshold. */
export const minSimilarityFor = (embedder: Pick<Embedder, 'id'>, settings: Config['knowledge']) =>
  embedder.id.startsWith('lexical:') ? settings.lexicalMinSimilarity : settings.minSimilarity;

/** When a section answers (see hybrid.ts), as configured for this embedder. */
export const thresholdsFor = (embedder: Pick<Embedder, 'id'>, settings: Config['knowledge']): HybridThresholds => ({
  minSimilarity: minSimilarityFor(embedder, settings),
  weights: settings.fusion,
  minScore: settings.minScore,
  minMargin: settings.minMargin,
  rrfK: settings.rrfK,
  minAgreement: settings.minAgreement,
  unagreedScore: settings.unagreedScore,
});

/**
 * The knowledge base as configured, started (its first index build runs in the background);
 * null when agents.knowledge is off.
 */
export async function startKnowledge(options: { config: Config; embedder: Embedder; vectors: VectorStore; log: Logger; health: Health }): Promise<KnowledgeBase | null> {
  const { config, embedder, log } = options;
  if (!config.agents.knowledge) {
    log.info('knowledge disabled by configuration (agents.knowledge)');
    return null;
  }
  const settings = config.knowledge;
  const base = new KnowledgeBase({
    dir: knowledgeDir(config),
    manifestFile: knowledgeManifestFile(config),
    collection: settings.collection,
    chunking: settings.chunk,
    topK: settings.topK,
    ...thresholdsFor(embedder, settings),
    watch: settings.watch,
    watchDebounceMs: settings.watchDebounceMs,
    recheckMs: settings.recheckMs,
    maxWaitMs: settings.maxWaitMs,
    maxFileBytes: settings.maxFileBytes,
    memoryFallback: settings.memoryFallback,
    syncRetryMs: config.chroma.healthIntervalMs,
    syncTimeoutMs: config.chroma.writeTimeoutMs,
    embedder,
    vectors: options.vectors,
    log,
    health: options.health,
  });
  await base.start();
  return base;
}
