import type { Embedder } from '../embeddings/index.js';
import { VectorStoreUnavailableError, type VectorStore } from '../vectors/index.js';
import { isMemoryOf, memoryCollectionName } from './names.js';
import type { ConversationQueue } from './queue.js';
import type { MemoryWriter } from './writer.js';

export interface ForgetDeps {
  vectors: VectorStore;
  embedder: Embedder;
  queue: ConversationQueue;
  writer: MemoryWriter;
  /** How long to wait for the deletion to reach ChromaDB, so that the check afterwards sees it. */
  flushTimeoutMs: number;
}

/** The person's memory collections on the server (any embedder); null when ChromaDB cannot be asked. */
async function collectionsOf(vectors: VectorStore, userId: string): Promise<string[] | null> {
  try {
    return (await vectors.listCollections()).map((c) => c.name).filter(isMemoryOf(userId));
  } catch (err) {
    if (err instanceof VectorStoreUnavailableError) return null;
    throw err;
  }
}

/**
 * Forget-me for episodic and conversation memory: conversations waiting to be summarised, writes
 * waiting for ChromaDB (or set aside), and the person's collections there — in every embedder's
 * space. Nothing of theirs is written meanwhile: the writer leaves their conversations alone
 * until it is done.
 */
export async function forgetMemories(deps: ForgetDeps, userId: string): Promise<string[]> {
  const { vectors, queue, writer } = deps;
  const removed: string[] = [];
  await writer.block(userId);
  try {
    const files = await queue.filesOf(userId);
    await queue.remove(files);
    if (files.length) removed.push(`${files.length} conversation(s) waiting to be summarised`);
    const dropped = await vectors.discardQueued(isMemoryOf(userId));
    if (dropped) removed.push(`${dropped} write(s) waiting for ChromaDB`);
    const space = { embedder: deps.embedder.id, dims: deps.embedder.dims };
    // The current space's collection is deleted even when ChromaDB cannot list what it has:
    // the deletion waits in the outbox like any write.
    const listed = await collectionsOf(vectors, userId);
    for (const name of new Set([memoryCollectionName(userId, space), ...(listed ?? [])])) await vectors.deleteCollection(name);
    const applied = await vectors.flush(deps.flushTimeoutMs);
    // What was there is known only if ChromaDB could be asked; the search afterwards checks either way.
    if (!applied) removed.push('memories in ChromaDB: deletion queued (the server is not reachable now)');
    else if (listed?.length) removed.push(`memories in ChromaDB (${listed.length} collection(s))`);
  } finally {
    writer.unblock(userId);
  }
  return removed;
}

/** What is still there about the person: the search forget-me reports after deleting. */
export async function memoryTraces(deps: Omit<ForgetDeps, 'writer' | 'flushTimeoutMs'>, userId: string): Promise<string[]> {
  const found: string[] = [];
  const files = await deps.queue.filesOf(userId);
  if (files.length) found.push(`${files.length} conversation(s) waiting to be summarised`);
  const queued = await deps.vectors.queued(isMemoryOf(userId));
  if (queued.pending) found.push(`${queued.pending} memory write(s) waiting for ChromaDB`);
  if (queued.rejected) found.push(`${queued.rejected} memory write(s) set aside in the outbox's rejected/`);
  const collections = await collectionsOf(deps.vectors, userId);
  if (collections === null) found.push('ChromaDB is not reachable: cannot check that their memories are gone there (the deletion is queued)');
  else for (const name of collections) found.push(`memories in ChromaDB (${name})`);
  return found;
}
