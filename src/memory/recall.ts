import type { Embedder } from '../embeddings/index.js';
import type { Logger } from '../log/index.js';
import type { VectorCollection, VectorHit, VectorStore } from '../vectors/index.js';
import { memoryCollectionName } from './names.js';
import { toMatch } from './records.js';
import { MEMORY_TYPES, type MemoryMatch, type MemoryType } from './schema.js';

export interface RecallSettings {
  /** A memory less similar than this to what was said is not recalled. */
  minSimilarity: number;
}

export interface MemoryRecall {
  episode: MemoryMatch | null;
  conversation: MemoryMatch | null;
  /** Time spent embedding the utterance (model time) and querying ChromaDB. */
  embedMs: number;
  queryMs: number;
}

/**
 * The nearest records are asked for unfiltered, and the best of each type is taken from them:
 * one request instead of one per type. Only when a type is missing from them (and there are
 * more records) is that type asked for with a filter.
 */
const CANDIDATES = 16;

export interface RecallDeps {
  vectors: VectorStore;
  embedder: Embedder;
}

export function memoryCollection(deps: RecallDeps, userId: string): VectorCollection {
  const space = { embedder: deps.embedder.id, dims: deps.embedder.dims };
  return deps.vectors.collection(memoryCollectionName(userId, space), space);
}

/**
 * Recall: the person's best episode and best piece of conversation for what they just said,
 * each only if it reaches the minimum similarity. Never fails a turn: no collection yet, or
 * ChromaDB unreachable or slow, gives nothing.
 */
export async function recallMemories(deps: RecallDeps, userId: string, text: string, settings: RecallSettings, log: Logger): Promise<MemoryRecall> {
  const started = performance.now();
  const [vector] = await deps.embedder.embed([text]);
  const embedded = performance.now();
  const collection = memoryCollection(deps, userId);
  const hits = await collection.query(vector!, { n: CANDIDATES, log });
  const best = (type: MemoryType, among: readonly VectorHit[]) => among.find((h) => h.metadata.memory_type === type) ?? null;
  const found = new Map<MemoryType, VectorHit | null>(MEMORY_TYPES.map((t) => [t, best(t, hits)]));
  if (hits.length === CANDIDATES) {
    // Every one of the nearest records is of one type: the other type is further away, but may still be close enough.
    for (const type of MEMORY_TYPES.filter((t) => !found.get(t))) {
      found.set(type, best(type, await collection.query(vector!, { n: 1, where: { memory_type: type }, log })));
    }
  }
  const match = (type: MemoryType) => {
    const hit = found.get(type);
    return hit && hit.similarity >= settings.minSimilarity ? toMatch(hit, 'similar') : null;
  };
  return { episode: match('episode'), conversation: match('conversation'), embedMs: embedded - started, queryMs: performance.now() - embedded };
}

/**
 * The person's most recent episode within `withinDays`, whatever was said: what a robot
 * recalls when someone it knows greets it. Null when there is none or ChromaDB cannot answer.
 */
export async function latestEpisode(deps: RecallDeps, userId: string, withinDays: number, now: Date, log: Logger): Promise<MemoryMatch | null> {
  try {
    const records = await memoryCollection(deps, userId).get({
      where: { $and: [{ memory_type: 'episode' }, { ts: { $gte: now.getTime() - withinDays * 86_400_000 } }] },
    });
    const latest = records.reduce<(typeof records)[number] | null>((a, r) => (!a || Number(r.metadata.ts) > Number(a.metadata.ts) ? r : a), null);
    return latest && toMatch(latest, 'latest');
  } catch (err) {
    log.warn({ err: (err as Error).message }, 'memory: the latest episode could not be read');
    return null;
  }
}
