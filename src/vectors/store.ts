import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import { applyOutboxOp } from './apply.js';
import { IncludeEnum } from 'chromadb';
import { ChromaGateway, ChromaGatewayError, META, spaceOf, toChromaWhere } from './chroma-gateway.js';
import { CollectionCache } from './collections.js';
import { decodeCollectionName, encodeCollectionName } from './names.js';
import { Outbox, type OutboxOp } from './outbox.js';
import { VectorMirror, type SnapshotRecord, type VectorMirrorOptions } from './mirror.js';
import { nearest } from './nearest.js';
import { ServerWatch } from './server-watch.js';
import {
  VectorSpaceMismatchError,
  VectorStoreUnavailableError,
  type CollectionInfo,
  type QueryOptions,
  type StoredRecord,
  type VectorCollection,
  type VectorHit,
  type VectorRecord,
  type VectorSpace,
  type VectorStore,
  type VectorStoreStatus,
  type Where,
} from './port.js';

export interface ChromaVectorStoreOptions {
  gateway: ChromaGateway;
  outbox: Outbox;
  prefix: string;
  timeouts: { queryMs: number; writeMs: number };
  /** Heartbeat while reachable; probes back off from retry.initialMs to retry.maxMs while not. */
  healthIntervalMs: number;
  retry: { initialMs: number; maxMs: number };
  log: Logger;
  health: Health;
  /** Small collections searched in process (see VectorMirror); off when absent or maxRecords is 0. */
  mirror?: VectorMirrorOptions;
  /** The quiet gate: queued writes are applied to the server in a pause of the conversation. */
  quiet?: { whenQuiet(): Promise<void> };
}

const isNotFound = (err: unknown) => err instanceof ChromaGatewayError && err.kind === 'not_found';
const sameSpace = (a: VectorSpace, b: VectorSpace) => a.embedder === b.embedder && a.dims === b.dims;
/** A server error that keeps coming back on the same entry is not going away: set it aside. */
const MAX_SERVER_ERRORS = 5;
/** Records fetched per request while a collection is copied into the process. */
const MIRROR_PAGE = 500;
/** A collection found too large to copy is not counted again for this long. */
const MIRROR_RECHECK_MS = 60_000;

/**
 * The vector store on ChromaDB, with every write going through the durable outbox first.
 *
 * Why always the outbox, not only while the server is down: one path for every write; a write
 * is safe the moment the caller is told so, even if the daemon is killed before ChromaDB has it;
 * and order holds (a delete queued behind an upsert of the same id can never overtake it). The
 * cost is one small fsynced file per write, and writes (end of a conversation, indexing) are rare.
 * Reads of small collections are answered in process from a copy kept in step with every write
 * (VectorMirror), also while the server is away; other reads go to the server and give nothing,
 * quickly, while it is unreachable.
 */
export class ChromaVectorStore implements VectorStore {
  readonly #o: ChromaVectorStoreOptions;
  readonly #log: Logger;
  readonly #collections: CollectionCache;
  readonly #watch: ServerWatch;
  #started = false;
  #stopped = false;
  #draining: Promise<void> | null = null;
  #serverErrors = 0;
  #flushWaiters: (() => void)[] = [];
  /** This run's writes still in the outbox, per collection. */
  readonly #written = new Map<string, number>();
  /**
   * Writes a previous run left in the outbox and not applied yet (their collections are not read
   * to count them). They are the oldest entries, and the outbox is applied oldest first.
   */
  #inherited = 0;
  readonly #mirror: VectorMirror;
  /** Collections found too large to copy, and when. */
  readonly #tooLarge = new Map<string, number>();

  constructor(options: ChromaVectorStoreOptions) {
    this.#o = options;
    this.#mirror = new VectorMirror(options.mirror ?? { maxRecords: 0, maxTotalRecords: 0 });
    this.#log = options.log.child({ component: 'vectors' });
    this.#collections = new CollectionCache(options.gateway);
    this.#watch = new ServerWatch({
      gateway: options.gateway,
      heartbeatTimeoutMs: options.timeouts.queryMs,
      intervalMs: options.healthIntervalMs,
      retry: options.retry,
    });
    this.#watch.on('change', (reachable, reason) => {
      const pending = this.#o.outbox.pending;
      if (reachable) this.#log.info({ url: this.url, pending }, 'ChromaDB reachable');
      else this.#log.warn({ url: this.url, reason, pending }, 'ChromaDB unreachable: recall gives nothing, writes wait in the outbox');
    });
    // Every successful heartbeat retries what is waiting (e.g. after a server error).
    this.#watch.on('beat', (reachable) => {
      this.#report();
      if (reachable) void this.#drain();
    });
  }

  get url(): string {
    return this.#o.gateway.url;
  }

  /** Opens the outbox (replaying what a previous run left) and starts watching the server. */
  async start(): Promise<void> {
    const { pending, removedPartial } = await this.#o.outbox.open();
    this.#inherited = pending;
    if (pending || removedPartial) this.#log.info({ pending, removedPartial, dir: this.#o.outbox.dir }, 'outbox opened with writes to replay');
    this.#started = true;
    this.#report();
    void this.probe();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    this.#watch.stop();
    await this.#draining;
  }

  /** Checks the server now, e.g. because the embedded server has just (re)started. */
  probe(): Promise<boolean> {
    return this.#watch.probe();
  }

  pendingWrites(collection: (name: string) => boolean): number {
    let n = this.#inherited;
    for (const [name, count] of this.#written) if (collection(name)) n += count;
    return n;
  }

  status(): VectorStoreStatus {
    return { reachable: this.#watch.reachable, pending: this.#o.outbox.pending, rejected: this.#o.outbox.rejected, mirrored: this.#mirror.size };
  }

  collection(name: string, space: VectorSpace): VectorCollection {
    const chromaName = encodeCollectionName(this.#o.prefix, name);
    return {
      name,
      space,
      upsert: (records) => this.#upsert(name, space, records),
      delete: (selector) => this.#write({ op: 'delete', collection: name, ...(selector.ids && { ids: [...selector.ids] }), ...(selector.where && { where: selector.where as Record<string, never> }) }),
      query: (embedding, options) => this.#query(name, chromaName, space, embedding, options),
      get: (selector = {}) => {
        // Pages (offset, limit) are read from the server, whose order they follow.
        const local = selector.offset === undefined && selector.limit === undefined ? this.#mirror.get(name, selector) : null;
        return local ? Promise.resolve(local) : this.#get(chromaName, selector);
      },
      count: () => this.#count(chromaName),
      warm: () => {
        if (this.#mirror.enabled && this.#watch.reachable) void this.#copy(name, chromaName);
      },
    };
  }

  deleteCollection(name: string): Promise<void> {
    return this.#write({ op: 'delete_collection', collection: name });
  }

  async listCollections(): Promise<CollectionInfo[]> {
    const all = await this.#read(() => this.#o.gateway.list(this.#o.timeouts.queryMs));
    return all.flatMap((c) => {
      const stored = c.metadata?.[META.name];
      const name = typeof stored === 'string' ? stored : decodeCollectionName(this.#o.prefix, c.name);
      return name !== null && c.name.startsWith(`${this.#o.prefix}-`) ? [{ name, space: spaceOf(c) }] : [];
    });
  }

  flush(timeoutMs: number): Promise<boolean> {
    if (this.#o.outbox.pending === 0) return Promise.resolve(true);
    void this.#drain();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.#flushWaiters = this.#flushWaiters.filter((w) => w !== done);
        resolve(false);
      }, timeoutMs);
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      this.#flushWaiters.push(done);
    });
  }

  // Forget-me
  async queued(collection: (name: string) => boolean): Promise<{ pending: number; rejected: number }> {
    const found = await this.#o.outbox.find((op) => op.op === 'upsert' && collection(op.collection));
    return { pending: found.pending.length, rejected: found.rejected.length };
  }

  async discardQueued(collection: (name: string) => boolean): Promise<number> {
    this.#mirror.dropWhere(collection);
    const dropped = await this.#o.outbox.discard((op) => collection(op.collection));
    for (const name of [...this.#written.keys()]) if (collection(name)) this.#written.delete(name);
    const ours = [...this.#written.values()].reduce((a, b) => a + b, 0);
    this.#inherited = Math.min(this.#inherited, Math.max(0, this.#o.outbox.pending - ours));
    if (dropped) this.#log.info({ dropped }, 'queued writes discarded');
    this.#report();
    return dropped;
  }

  // ---- writes: outbox first, then applied in order ----

  async #upsert(name: string, space: VectorSpace, records: readonly VectorRecord[]): Promise<void> {
    if (records.length === 0) return;
    for (const r of records) {
      if (r.embedding.length !== space.dims) {
        throw new VectorSpaceMismatchError(name, space, { embedder: `a vector of record ${r.id}`, dims: r.embedding.length });
      }
    }
    await this.#write({
      op: 'upsert',
      collection: name,
      space,
      records: records.map((r) => ({ id: r.id, embedding: Array.from(r.embedding), document: r.document, metadata: { ...r.metadata } })),
    });
  }

  async #write(op: OutboxOp): Promise<void> {
    if (!this.#started) throw new Error('the vector store is not started');
    // Counted before it is in the outbox: a drain already running may apply it at once.
    this.#written.set(op.collection, (this.#written.get(op.collection) ?? 0) + 1);
    try {
      await this.#o.outbox.append(op);
    } catch (err) {
      this.#settledIn(op.collection);
      throw err;
    }
    this.#mirror.apply(op.collection, op);
    this.#report();
    void this.#drain();
  }

  #drain(): Promise<void> {
    // A disk error must not become an unhandled rejection: logged, and the entry stays for the next drain.
    this.#draining ??= this.#drainLoop().catch((err: Error) => {
      this.#log.error({ err: err.message }, 'outbox drain stopped by a disk error; retried with the next write or reconnection');
    }).finally(() => {
      this.#draining = null;
      this.#report();
    });
    return this.#draining;
  }

  async #drainLoop(): Promise<void> {
    const outbox = this.#o.outbox;
    while (this.#watch.reachable && !this.#stopped) {
      await this.#o.quiet?.whenQuiet();
      const entry = await outbox.peek();
      if (!entry) break;
      if (!entry.ok) {
        this.#log.error({ file: entry.file, err: entry.error }, 'outbox entry is corrupt: set aside in rejected/');
        this.#mirror.dropWhere(() => true);
        this.#o.health.count('vectors_outbox_rejected');
        await outbox.reject(entry.file, entry.error);
        this.#settled(null);
        continue;
      }
      try {
        await applyOutboxOp(entry.op, { gateway: this.#o.gateway, collections: this.#collections, prefix: this.#o.prefix, timeoutMs: this.#o.timeouts.writeMs });
        this.#serverErrors = 0;
        await outbox.done(entry.file);
        this.#settled(entry.op.collection);
      } catch (err) {
        const e = err instanceof ChromaGatewayError || err instanceof VectorSpaceMismatchError ? err : new ChromaGatewayError('refused', (err as Error).message);
        const keep = e instanceof ChromaGatewayError && e.transient && (e.kind !== 'server' || ++this.#serverErrors < MAX_SERVER_ERRORS);
        if (keep) {
          this.#log.warn({ seq: entry.seq, op: entry.op.op, err: e.message }, 'write not applied; kept in the outbox for later');
          if (e.kind !== 'server') this.#watch.markDown(e.message);
          break;
        }
        this.#serverErrors = 0;
        this.#log.error({ seq: entry.seq, op: entry.op.op, collection: entry.op.collection, err: e.message }, 'write refused: set aside in rejected/');
        // The copy has it, the server does not: copy the collection again.
        this.#mirror.drop(entry.op.collection);
        this.#o.health.count('vectors_outbox_rejected');
        await outbox.reject(entry.file, e.message);
        this.#settled(entry.op.collection);
      }
    }
    if (outbox.pending === 0) {
      const waiters = this.#flushWaiters;
      this.#flushWaiters = [];
      for (const w of waiters) w();
    }
  }

  /** The oldest outbox entry is applied or set aside: no longer pending (null: unreadable, so its collection is unknown). */
  #settled(collection: string | null): void {
    if (this.#inherited > 0) this.#inherited--;
    else if (collection !== null) this.#settledIn(collection);
  }

  #settledIn(collection: string): void {
    const left = (this.#written.get(collection) ?? 0) - 1;
    if (left > 0) this.#written.set(collection, left);
    else this.#written.delete(collection);
  }

  // ---- reads: straight to the server, bounded ----

  /** Runs a read; on a connection failure marks the server unreachable and re-probes soon. */
  async #read<T>(work: () => Promise<T>): Promise<T> {
    if (!this.#watch.reachable) throw new VectorStoreUnavailableError(`ChromaDB at ${this.url} is not reachable`);
    try {
      return await work();
    } catch (err) {
      if (err instanceof ChromaGatewayError && (err.kind === 'unreachable' || err.kind === 'timeout')) {
        if (err.kind === 'unreachable') this.#watch.markDown(err.message);
        else void this.probe();
        throw new VectorStoreUnavailableError(`ChromaDB at ${this.url}: ${err.message}`);
      }
      throw err;
    }
  }

  async #query(name: string, chromaName: string, space: VectorSpace, embedding: Float32Array | readonly number[], options: QueryOptions): Promise<VectorHit[]> {
    const log = options.log ?? this.#log;
    if (embedding.length !== space.dims) throw new VectorSpaceMismatchError(name, space, { embedder: 'the query vector', dims: embedding.length });
    const local = this.#mirror.search(name, embedding, options);
    if (local) {
      const stored = this.#mirror.spaceOf(name);
      if (stored && !sameSpace(stored, space)) throw new VectorSpaceMismatchError(name, stored, space);
      return local;
    }
    if (!this.#watch.reachable) return [];
    if (this.#mirror.enabled) void this.#copy(name, chromaName);
    const ms = this.#o.timeouts.queryMs;
    const started = performance.now();
    try {
      return await this.#read(async () => {
        const collection = await this.#collections.find(chromaName, ms);
        if (!collection) return [];
        const stored = spaceOf(collection);
        if (stored && !sameSpace(stored, space)) throw new VectorSpaceMismatchError(name, stored, space);
        return this.#collections.use(chromaName, () => nearest(this.#o.gateway, collection, embedding, options, started + ms));
      });
    } catch (err) {
      if (err instanceof VectorSpaceMismatchError) throw err;
      if (isNotFound(err)) return [];
      log.warn({ collection: name, err: (err as Error).message, ms: Math.round(performance.now() - started) }, 'vector query gave nothing');
      return [];
    }
  }

  /** Copies a small collection into the process, in the background; later queries are answered there. */
  async #copy(name: string, chromaName: string): Promise<void> {
    const checked = this.#tooLarge.get(name);
    if ((checked !== undefined && Date.now() - checked < MIRROR_RECHECK_MS) || !this.#mirror.beginLoad(name)) return;
    const started = performance.now();
    const ms = this.#o.timeouts.writeMs;
    const gateway = this.#o.gateway;
    try {
      const waiting = await this.#o.outbox.pendingOps((op) => op.collection === name);
      const snapshot = await this.#read(async () => {
        const collection = await this.#collections.find(chromaName, ms);
        if (!collection) return null;
        // Ids first, then pages by id: offsets would shift under a delete applied meanwhile.
        const { ids } = await gateway.call(`list ${chromaName}`, ms, () => collection.get({ include: [] }));
        if (ids.length > this.#mirror.maxRecords) return 'too large' as const;
        const records: SnapshotRecord[] = [];
        for (let at = 0; at < ids.length; at += MIRROR_PAGE) {
          const page = await gateway.call(`copy ${chromaName}`, ms, () =>
            collection.get({ ids: ids.slice(at, at + MIRROR_PAGE), include: [IncludeEnum.embeddings, IncludeEnum.documents, IncludeEnum.metadatas] }),
          );
          page.ids.forEach((id, i) => {
            const embedding = page.embeddings[i];
            if (embedding) records.push({ id, embedding, document: page.documents[i] ?? null, metadata: (page.metadatas[i] as SnapshotRecord['metadata']) ?? null });
          });
          // Let turns run between pages: a large collection is many megabytes of JSON.
          await new Promise((resolve) => setImmediate(resolve));
        }
        return { space: spaceOf(collection), records };
      });
      if (snapshot === 'too large') {
        this.#tooLarge.set(name, Date.now());
        this.#mirror.abortLoad(name);
        return;
      }
      this.#mirror.finishLoad(name, snapshot, waiting);
      this.#report();
      this.#log.debug({ collection: name, records: snapshot?.records.length ?? 0, ms: Math.round(performance.now() - started) }, 'collection copied for in-process search');
    } catch (err) {
      this.#mirror.abortLoad(name);
      this.#log.warn({ collection: name, err: (err as Error).message }, 'collection not copied; searched on the server');
    }
  }

  async #get(chromaName: string, selector: { ids?: readonly string[]; where?: Where; limit?: number; offset?: number }): Promise<StoredRecord[]> {
    const ms = this.#o.timeouts.queryMs;
    return this.#read(async () => {
      const collection = await this.#collections.find(chromaName, ms);
      if (!collection) return [];
      const where = toChromaWhere(selector.where);
      const result = await this.#collections
        .use(chromaName, () =>
          this.#o.gateway.call(`get from ${chromaName}`, ms, () =>
            collection.get({
              ...(selector.ids && { ids: [...selector.ids] }),
              ...(where && { where }),
              ...(selector.limit !== undefined && { limit: selector.limit }),
              ...(selector.offset !== undefined && { offset: selector.offset }),
              include: ChromaGateway.include,
            }),
          ),
        )
        .catch((err: unknown) => {
          if (isNotFound(err)) return null;
          throw err;
        });
      return result ? ChromaGateway.records(result) : [];
    });
  }

  async #count(chromaName: string): Promise<number | null> {
    if (!this.#watch.reachable) return null;
    try {
      return await this.#read(async () => {
        const collection = await this.#collections.find(chromaName, this.#o.timeouts.queryMs);
        if (!collection) return 0;
        return this.#collections
          .use(chromaName, () => this.#o.gateway.call(`count ${chromaName}`, this.#o.timeouts.queryMs, () => collection.count()))
          .catch((err: unknown) => {
            if (isNotFound(err)) return 0;
            throw err;
          });
      });
    } catch (err) {
      if (err instanceof VectorStoreUnavailableError) return null;
      throw err;
    }
  }

  #report(): void {
    if (!this.#started) return;
    const reason = this.#watch.reason;
    const { pending, rejected } = this.status();
    const queue = `${pending} write(s) in the outbox${rejected ? `, ${rejected} set aside in ${this.#o.outbox.dir}/rejected` : ''}`;
    const copies = this.#mirror.size ? `${this.#mirror.size} collection(s) searched in process` : '';
    if (this.#watch.reachable) this.#o.health.set('vectors', rejected ? 'degraded' : 'ok', `ChromaDB at ${this.url}; ${queue}${copies && `; ${copies}`}`);
    else if (!this.#watch.everReachable) this.#o.health.set('vectors', 'degraded', `waiting for ChromaDB at ${this.url}: recall gives nothing yet; ${queue}`);
    else this.#o.health.set('vectors', 'degraded', `ChromaDB at ${this.url} unreachable${reason ? ` (${reason})` : ''}: recall gives ${copies ? `only the ${this.#mirror.size} collection(s) copied in process` : 'nothing'}; ${queue}`);
  }
}
