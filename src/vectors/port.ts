import type { Logger } from '../log/index.js';

/**
 * The vector store port: what memory and knowledge use to keep and find vectors. One collection
 * per purpose (e.g. one per user for episodic memory, one for the knowledge base). Collection
 * names are free text here (user ids may contain "@"); the store maps them to safe names.
 */

export type MetadataValue = string | number | boolean;
export type Metadata = Record<string, MetadataValue>;

type Comparison =
  | { $eq: MetadataValue }
  | { $ne: MetadataValue }
  | { $gt: number }
  | { $gte: number }
  | { $lt: number }
  | { $lte: number }
  | { $in: MetadataValue[] }
  | { $nin: MetadataValue[] };

/**
 * A metadata filter. A plain object is a conjunction of its keys ({ memory_type: 'episode',
 * user_id: 'u1' } means both); $and / $or combine filters; values may be comparisons.
 */
export type Where = { $and: Where[] } | { $or: Where[] } | { [key: string]: MetadataValue | Comparison };

/** Which vectors a collection holds: they are only ever compared with vectors of the same space. */
export interface VectorSpace {
  /** Embedder id, e.g. "onnx:all-MiniLM-L6-v2". */
  embedder: string;
  dims: number;
}

export interface VectorRecord {
  /** Upserts are by id: writing the same id again replaces the record (idempotent replay). */
  id: string;
  embedding: Float32Array | readonly number[];
  document: string;
  metadata: Metadata;
}

export interface StoredRecord {
  id: string;
  document: string;
  metadata: Metadata;
}

export interface VectorHit extends StoredRecord {
  /** Cosine distance, 0 (same direction) to 2 (opposite). */
  distance: number;
  /** 1 − distance: the cosine similarity of the two unit vectors. */
  similarity: number;
}

export interface QueryOptions {
  /** Results wanted (the nearest first). */
  n: number;
  where?: Where;
  /** The turn's logger, so that a slow or failed read is logged with its turn id. */
  log?: Logger;
}

export interface CollectionInfo {
  /** The name as the caller gave it. */
  name: string;
  space: VectorSpace | null;
}

export interface VectorCollection {
  readonly name: string;
  readonly space: VectorSpace;
  /** Durable when it resolves (written to the outbox); applied in order as soon as the server can. */
  upsert(records: readonly VectorRecord[]): Promise<void>;
  /** Durable like upsert. Deleting ids that do not exist is not an error. */
  delete(selector: { ids?: readonly string[]; where?: Where }): Promise<void>;
  /**
   * Nearest records to `embedding`. Never fails a turn: an unreachable or slow server (beyond
   * chroma.queryTimeoutMs) or a collection that does not exist yet gives []. Throws
   * VectorSpaceMismatchError if the collection holds vectors of another embedder.
   */
  query(embedding: Float32Array | readonly number[], options: QueryOptions): Promise<VectorHit[]>;
  /** Records by id or filter, for index maintenance. Throws VectorStoreUnavailableError when the server cannot be reached. */
  get(selector?: { ids?: readonly string[]; where?: Where; limit?: number; offset?: number }): Promise<StoredRecord[]>;
  /** Records stored (writes still in the outbox not counted), or null when the server cannot be reached. */
  count(): Promise<number | null>;
  /**
   * Copies the collection into the process in the background (when vectors.mirror allows, and it
   * is not here yet), with the writes still in the outbox: the next query is answered here, not
   * by a request to the server. For a collection about to be asked (a person just met or just remembered).
   */
  warm(): void;
}

export interface VectorStoreStatus {
  reachable: boolean;
  /** Writes waiting in the outbox. */
  pending: number;
  /** Outbox entries set aside (corrupt, or refused by the server), kept on disk for inspection. */
  rejected: number;
  /** Collections searched in process (ChromaVectorStore's copies of small collections). */
  mirrored?: number;
}

export interface VectorStore {
  /** A handle on a collection: no I/O until used. The collection is created by its first write. */
  collection(name: string, space: VectorSpace): VectorCollection;
  /** Durable like an upsert; deleting a collection that does not exist is not an error. */
  deleteCollection(name: string): Promise<void>;
  /** This store's collections. Throws VectorStoreUnavailableError when the server cannot be reached. */
  listCollections(): Promise<CollectionInfo[]>;
  /** Waits until every write so far is applied (or set aside as rejected); false when the time-out came first. */
  flush(timeoutMs: number): Promise<boolean>;
  status(): VectorStoreStatus;
  /**
   * Writes to matching collections not yet applied to the server, counted in memory (cheap enough
   * to poll). Writes a previous run left are counted for every match until they are applied.
   */
  pendingWrites(collection: (name: string) => boolean): number;
  // Forget-me also reaches what has not reached the server yet.
  /** Upserts into matching collections still waiting in the outbox or set aside in rejected/: records not on the server. */
  queued(collection: (name: string) => boolean): Promise<{ pending: number; rejected: number }>;
  /**
   * Deletes every write to matching collections from the outbox and rejected/ (they may hold
   * personal data); returns how many. Queue a deleteCollection afterwards for what the server has.
   */
  discardQueued(collection: (name: string) => boolean): Promise<number>;
}

export class VectorSpaceMismatchError extends Error {
  override name = 'VectorSpaceMismatchError';
  constructor(
    readonly collection: string,
    readonly stored: VectorSpace,
    readonly given: VectorSpace,
  ) {
    super(
      `collection "${collection}" holds vectors of ${stored.embedder} (${stored.dims} dims), not ${given.embedder} (${given.dims} dims): ` +
        'vectors of different embedders are never mixed; delete and rebuild the collection to change embedder',
    );
  }
}

export class VectorStoreUnavailableError extends Error {
  override name = 'VectorStoreUnavailableError';
}
