import { l2normalize } from '../embeddings/index.js';
import type { OutboxOp } from './outbox.js';
import type { Metadata, VectorHit, VectorSpace, Where } from './port.js';
import { canEvaluate, matches } from './where.js';

/**
 * Small collections copied into the process and searched exactly.
 *
 * A person's memories are a few hundred to a few thousand records. Asking the ChromaDB server for
 * their nearest costs ≈5 ms p50 and ≈10 ms p95 here, almost all of it the server's per-request
 * cost, on the same two cores the turn needs; scanning 1,000 384-d vectors here costs ≈0.7 ms
 * (10,000: ≈6 ms) and finds the exact nearest rather than HNSW's approximate ones. ChromaDB stays the store of
 * record: a collection is loaded from it once, then kept in step by every write this process
 * queues (writes are the daemon's own: each robot has its own collection prefix).
 */

/**
 * A collection's records, their unit vectors in one contiguous array: scanning it is twice as
 * fast as following a pointer per record. A delete moves the last row into the freed slot.
 */
class Rows {
  data = new Float32Array(0);
  readonly ids: string[] = [];
  readonly documents: string[] = [];
  readonly metadatas: Metadata[] = [];
  readonly slots = new Map<string, number>();

  /** Set by the first record when the collection's space is not known yet. */
  dims: number;

  constructor(public space: VectorSpace | null) {
    this.dims = space?.dims ?? 0;
  }

  get size(): number {
    return this.ids.length;
  }

  /** False when the vector does not fit the collection (the caller then drops the copy). */
  set(id: string, embedding: ArrayLike<number>, document: string, metadata: Metadata): boolean {
    if (this.dims === 0) this.dims = embedding.length;
    if (embedding.length !== this.dims || this.dims === 0) return false;
    let slot = this.slots.get(id);
    if (slot === undefined) {
      slot = this.ids.length;
      if ((slot + 1) * this.dims > this.data.length) {
        const grown = new Float32Array(Math.max(64, slot * 2) * this.dims);
        grown.set(this.data);
        this.data = grown;
      }
      this.slots.set(id, slot);
      this.ids.push(id);
      this.documents.push(document);
      this.metadatas.push(metadata);
    } else {
      this.documents[slot] = document;
      this.metadatas[slot] = metadata;
    }
    this.data.set(unit(embedding), slot * this.dims);
    return true;
  }

  clear(): void {
    this.data = new Float32Array(0);
    this.ids.length = this.documents.length = this.metadatas.length = 0;
    this.slots.clear();
    this.space = null;
    this.dims = 0;
  }

  delete(id: string): void {
    const slot = this.slots.get(id);
    if (slot === undefined) return;
    const last = this.ids.length - 1;
    if (slot !== last) {
      this.data.copyWithin(slot * this.dims, last * this.dims, (last + 1) * this.dims);
      this.ids[slot] = this.ids[last]!;
      this.documents[slot] = this.documents[last]!;
      this.metadatas[slot] = this.metadatas[last]!;
      this.slots.set(this.ids[slot]!, slot);
    }
    this.ids.pop();
    this.documents.pop();
    this.metadatas.pop();
    this.slots.delete(id);
  }

  /** Cosine similarity of every row with the unit vector `q`; four sums let the CPU overlap them. */
  similarities(q: Float32Array): Float32Array {
    const d = this.data;
    const dims = this.dims;
    const end = dims - (dims % 4);
    const out = new Float32Array(this.ids.length);
    for (let row = 0, o = 0; row < out.length; row++, o += dims) {
      let s0 = 0;
      let s1 = 0;
      let s2 = 0;
      let s3 = 0;
      let i = 0;
      for (; i < end; i += 4) {
        s0 += q[i]! * d[o + i]!;
        s1 += q[i + 1]! * d[o + i + 1]!;
        s2 += q[i + 2]! * d[o + i + 2]!;
        s3 += q[i + 3]! * d[o + i + 3]!;
      }
      for (; i < dims; i++) s0 += q[i]! * d[o + i]!;
      out[row] = s0 + s1 + s2 + s3;
    }
    return out;
  }
}

export interface SnapshotRecord {
  id: string;
  embedding: ArrayLike<number>;
  document: string | null;
  metadata: Metadata | null;
}

export interface VectorMirrorOptions {
  /** A collection larger than this is searched on the server. */
  maxRecords: number;
  /** Records kept across all collections; the least recently searched collections go first. */
  maxTotalRecords: number;
}

const unit = (values: ArrayLike<number>): Float32Array => l2normalize(Float32Array.from(values));


export class VectorMirror {
  readonly #o: VectorMirrorOptions;
  /** In least-recently-used order: a search moves its collection to the end. */
  readonly #loaded = new Map<string, Rows>();
  /** Writes seen while a collection is being loaded, replayed over the snapshot. */
  readonly #loading = new Map<string, OutboxOp[]>();

  constructor(options: VectorMirrorOptions) {
    this.#o = options;
  }

  get enabled(): boolean {
    return this.#o.maxRecords > 0;
  }

  get maxRecords(): number {
    return this.#o.maxRecords;
  }

  /** Collections copied here. */
  get size(): number {
    return this.#loaded.size;
  }

  has(chromaName: string): boolean {
    return this.#loaded.has(chromaName);
  }

  /** Starts a load; false if one is running or the collection is here already. */
  beginLoad(chromaName: string): boolean {
    if (!this.enabled || this.#loaded.has(chromaName) || this.#loading.has(chromaName)) return false;
    this.#loading.set(chromaName, []);
    return true;
  }

  abortLoad(chromaName: string): void {
    this.#loading.delete(chromaName);
  }

  /**
   * The server's records (null: no such collection), then the writes that were waiting in the
   * outbox when the load began and those queued since, in order. Replaying a write the snapshot
   * already holds changes nothing: upserts replace by id, deletes of what is gone are no-ops.
   */
  finishLoad(chromaName: string, snapshot: { space: VectorSpace | null; records: readonly SnapshotRecord[] } | null, waiting: readonly OutboxOp[]): void {
    const seen = this.#loading.get(chromaName);
    if (!seen) return; // dropped meanwhile (forget-me)
    this.#loading.delete(chromaName);
    const collection = new Rows(snapshot?.space ?? null);
    for (const r of snapshot?.records ?? []) {
      if (!collection.set(r.id, r.embedding, r.document ?? '', r.metadata ?? {})) return;
    }
    this.#loaded.set(chromaName, collection);
    for (const op of [...waiting, ...seen]) this.apply(chromaName, op);
    this.#evict();
  }

  /** A write this process queued for the collection. */
  apply(chromaName: string, op: OutboxOp): void {
    this.#loading.get(chromaName)?.push(op);
    const collection = this.#loaded.get(chromaName);
    if (!collection) return;
    if (op.op === 'delete_collection') return collection.clear();
    if (op.op === 'delete') {
      const where = op.where as Where | undefined;
      if (where && !canEvaluate(where)) return this.drop(chromaName);
      for (const id of op.ids ?? [...collection.ids]) {
        const slot = collection.slots.get(id);
        if (slot !== undefined && (!where || matches(where, collection.metadatas[slot]!))) collection.delete(id);
      }
      return;
    }
    collection.space ??= op.space;
    for (const r of op.records) if (!collection.set(r.id, r.embedding, r.document, r.metadata)) return this.drop(chromaName);
    if (collection.size > this.#o.maxRecords) return this.drop(chromaName);
    this.#evict();
  }

  /** Forgets a collection (it is searched on the server until loaded again). */
  drop(chromaName: string): void {
    this.#loaded.delete(chromaName);
    this.#loading.delete(chromaName);
  }

  dropWhere(match: (chromaName: string) => boolean): void {
    for (const name of [...this.#loaded.keys(), ...this.#loading.keys()]) if (match(name)) this.drop(name);
  }

  /** Its space, or null when it holds nothing yet; undefined when it is not here. */
  spaceOf(chromaName: string): VectorSpace | null | undefined {
    return this.#loaded.get(chromaName)?.space;
  }

  /** The records with these ids (all when none) that match the filter; null when the collection is not here or the filter cannot be evaluated here. */
  get(chromaName: string, selector: { ids?: readonly string[] | undefined; where?: Where | undefined }): { id: string; document: string; metadata: Metadata }[] | null {
    const collection = this.#loaded.get(chromaName);
    if (!collection || (selector.where && !canEvaluate(selector.where))) return null;
    const slots = selector.ids ? selector.ids.flatMap((id) => collection.slots.get(id) ?? []) : collection.ids.map((_, slot) => slot);
    return slots
      .filter((slot) => !selector.where || matches(selector.where, collection.metadatas[slot]!))
      .map((slot) => ({ id: collection.ids[slot]!, document: collection.documents[slot]!, metadata: collection.metadatas[slot]! }));
  }

  /** The exact n nearest matching records; null when the collection is not here or the filter cannot be evaluated here. */
  search(chromaName: string, embedding: ArrayLike<number>, options: { n: number; where?: Where | undefined }): VectorHit[] | null {
    const collection = this.#loaded.get(chromaName);
    if (!collection || (options.where && !canEvaluate(options.where))) return null;
    this.#loaded.delete(chromaName);
    this.#loaded.set(chromaName, collection);
    const query = unit(embedding);
    if (query.length !== collection.dims) return collection.size === 0 ? [] : null;
    const best: { slot: number; similarity: number }[] = [];
    const scores = collection.similarities(query);
    for (let slot = 0; slot < scores.length; slot++) {
      if (options.where && !matches(options.where, collection.metadatas[slot]!)) continue;
      const similarity = scores[slot]!;
      if (best.length === options.n && similarity <= best[best.length - 1]!.similarity) continue;
      let at = best.length;
      while (at > 0 && best[at - 1]!.similarity < similarity) at--;
      best.splice(at, 0, { slot, similarity });
      if (best.length > options.n) best.pop();
    }
    return best.map(({ slot, similarity }) => ({
      id: collection.ids[slot]!,
      document: collection.documents[slot]!,
      metadata: collection.metadatas[slot]!,
      similarity,
      distance: 1 - similarity,
    }));
  }

  #evict(): void {
    let total = 0;
    for (const c of this.#loaded.values()) total += c.size;
    for (const [name, c] of this.#loaded) {
      if (total <= this.#o.maxTotalRecords) break;
      this.#loaded.delete(name);
      total -= c.size;
    }
  }
}
