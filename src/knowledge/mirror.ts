import type { Logger } from '../log/index.js';
import { VectorSpaceMismatchError, type VectorCollection, type VectorSpace, type VectorStore } from '../vectors/index.js';
import { fromHit, toRecord } from './collection.js';
import type { IndexedChunk } from './manifest.js';
import type { KnowledgeHit } from './port.js';
import type { CollectionWrites } from './reindex.js';

export interface CollectionMirrorOptions {
  vectors: VectorStore;
  collection: string;
  space: VectorSpace;
  /** Waiting for queued writes to be applied before the collection is checked. */
  syncTimeoutMs: number;
  /** The index the collection must hold. */
  chunks(): IndexedChunk[];
  /** Called when the collection goes in or out of step (for health). */
  changed(): void;
  log: Logger;
}

const WRITE_BATCH = 256;

/**
 * The ChromaDB collection as a mirror of the knowledge index. Questions may go to it only while
 * it is known to hold exactly the index: after each change, the queued writes are flushed and
 * the collection's count and embedder checked; a collection out of step (lost, wiped, another
 * embedder's) is written again from the index, without embedding anything.
 */
export class CollectionMirror {
  readonly #o: CollectionMirrorOptions;
  readonly #collection: VectorCollection;
  #synced = false;
  #syncing: Promise<void> | null = null;
  /** Counts index changes, so a check that raced with one does not declare the collection in step. */
  #generation = 0;
  #closed = false;

  constructor(options: CollectionMirrorOptions) {
    this.#o = options;
    this.#collection = options.vectors.collection(options.collection, options.space);
  }

  get synced(): boolean {
    return this.#synced;
  }

  /** Queues the writes (durable in the vector store's outbox); a failure only means the collection is written again later. */
  async write(writes: CollectionWrites): Promise<void> {
    this.#unsync();
    try {
      if (writes.drop) await this.#o.vectors.deleteCollection(this.#o.collection);
      if (writes.deletes.length) await this.#collection.delete({ ids: writes.deletes });
      for (let i = 0; i < writes.upserts.length; i += WRITE_BATCH) await this.#collection.upsert(writes.upserts.slice(i, i + WRITE_BATCH).map(toRecord));
    } catch (err) {
      this.#o.log.warn({ err: (err as Error).message }, 'knowledge: cannot queue the ChromaDB writes; the collection is written again once the store works');
    }
  }

  /**
   * The nearest chunks from the collection; null when it cannot answer (not in step, or no answer
   * although it holds chunks: down, too slow, lost), which also starts a check.
   */
  async query(vector: Float32Array, n: number, log: Logger): Promise<KnowledgeHit[] | null> {
    if (!this.#synced) return null;
    try {
      const hits = await this.#collection.query(vector, { n, log });
      if (hits.length > 0) return hits.map(fromHit).filter((h): h is KnowledgeHit => h !== null);
      log.warn({ collection: this.#o.collection }, 'knowledge: no answer from ChromaDB; answering from memory and checking the collection');
    } catch (err) {
      if (!(err instanceof VectorSpaceMismatchError)) throw err;
      log.warn({ err: err.message }, 'knowledge: the collection holds other vectors; it is written again');
    }
    this.#unsync();
    void this.sync();
    return null;
  }

  /** Checks the collection (single flight); resolves when the check is over, in step or not. */
  sync(): Promise<void> {
    this.#syncing ??= this.#check()
      .catch((err: Error) => this.#o.log.warn({ err: err.message }, 'knowledge: ChromaDB check failed; answering from memory for now'))
      .finally(() => {
        this.#syncing = null;
        this.#o.changed();
      });
    return this.#syncing;
  }

  /** Stops checking; a check in progress ends at its next step. */
  close(): void {
    this.#closed = true;
  }

  #unsync(): void {
    const was = this.#synced;
    this.#synced = false;
    this.#generation++;
    if (was) this.#o.changed();
  }

  async #check(): Promise<void> {
    const { vectors, space } = this.#o;
    if (this.#synced || this.#closed || !vectors.status().reachable) return;
    let generation = this.#generation;
    if (!(await vectors.flush(this.#o.syncTimeoutMs)) || this.#closed) return;
    const expected = this.#o.chunks().length;
    const listed = (await vectors.listCollections()).find((c) => c.name === this.#o.collection)?.space;
    const foreign = listed !== undefined && listed !== null && (listed.embedder !== space.embedder || listed.dims !== space.dims);
    let count = foreign ? -1 : ((await this.#collection.count()) ?? -1);
    if (count !== expected) {
      if (generation !== this.#generation || this.#closed) return; // the index changed meanwhile: the next check looks again
      this.#o.log.warn({ count, expected, foreign }, 'knowledge: the ChromaDB collection is out of step with the index; writing it again from the manifest (nothing is embedded again)');
      await this.write({ drop: true, upserts: this.#o.chunks(), deletes: [] });
      generation = this.#generation;
      if (!(await vectors.flush(this.#o.syncTimeoutMs)) || this.#closed) return;
      count = (await this.#collection.count()) ?? -1;
    }
    if (generation === this.#generation && count === expected) {
      this.#synced = true;
      this.#o.log.info({ collection: this.#o.collection, chunks: expected }, 'knowledge: ChromaDB collection in step with the index');
    }
  }
}
