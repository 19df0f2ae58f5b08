import type { Embedder } from '../embeddings/index.js';
import type { Logger } from '../log/index.js';
import type { Metadata, VectorStore } from '../vectors/index.js';
import { memoryCollectionName, parseMemoryCollectionName, spaceTag } from './names.js';

export interface MigrationResult {
  /** Collections re-embedded into the daemon's space (and deleted afterwards), per user. */
  migrated: { userId: string; from: string; records: number }[];
}

export interface MigrateOptions {
  vectors: VectorStore;
  embedder: Embedder;
  log: Logger;
  /** Records read, embedded and written at a time. */
  pageSize: number;
  /** Writes queued earlier must reach the server before collections are read (see below). */
  flushTimeoutMs: number;
  signal: AbortSignal;
}

export class MigrationDeferred extends Error {
  override name = 'MigrationDeferred';
}

/**
 * Memories saved with another embedder (e.g. the lexical one, before a real model was installed)
 * are re-embedded into the daemon's space from their stored documents, rather than compared with
 * incompatible vectors or lost. Per collection: every record is read, embedded and upserted into
 * the user's collection of the current space, then the old collection is deleted. Both go through
 * the ordered outbox, so the delete never overtakes the copies, and a crash at any point leaves
 * every memory in at least one collection (the next run copies again, by id, and deletes).
 *
 * Writes still in the outbox are flushed first: a memory queued for the old collection before a
 * restart would otherwise land there after it was read, and be deleted with it.
 */
export async function migrateMemories(options: MigrateOptions): Promise<MigrationResult> {
  const { vectors, embedder, log, signal } = options;
  const space = { embedder: embedder.id, dims: embedder.dims };
  const current = spaceTag(space);
  if (!(await vectors.flush(options.flushTimeoutMs))) throw new MigrationDeferred('earlier writes have not reached ChromaDB yet');
  const stale = (await vectors.listCollections()).flatMap((info) => {
    const parsed = parseMemoryCollectionName(info.name);
    return parsed && parsed.tag !== current ? [{ ...parsed, name: info.name, space: info.space }] : [];
  });
  const result: MigrationResult = { migrated: [] };
  for (const old of stale) {
    if (signal.aborted) break;
    const from = old.space ? `${old.space.embedder} (${old.space.dims} dims)` : 'an unknown embedder';
    const source = vectors.collection(old.name, old.space ?? { embedder: 'unknown', dims: 1 });
    const target = vectors.collection(memoryCollectionName(old.userId, space), space);
    let copied = 0;
    for (let offset = 0; ; offset += options.pageSize) {
      const page = await source.get({ limit: options.pageSize, offset });
      if (page.length === 0) break;
      const vectorsOf = await embedder.embed(page.map((r) => r.document), signal);
      await target.upsert(page.map((r, i) => ({ id: r.id, document: r.document, embedding: vectorsOf[i]!, metadata: { ...r.metadata, embedder: embedder.id } as Metadata })));
      copied += page.length;
      if (page.length < options.pageSize) break;
    }
    if (signal.aborted) break;
    await vectors.deleteCollection(old.name);
    log.info({ user_id: old.userId, from, to: embedder.id, records: copied }, 'memories re-embedded for the current embedder');
    result.migrated.push({ userId: old.userId, from, records: copied });
  }
  return result;
}
