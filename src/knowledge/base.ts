import { existsSync } from 'node:fs';
import type { Embedder } from '../embeddings/index.js';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import { VectorSpaceMismatchError, type VectorCollection, type VectorStore } from '../vectors/index.js';
import type { ChunkOptions } from './chunk.js';
import { fromHit, nearestInMemory, toRecord } from './collection.js';
import { readKnowledgeFile, scanFolder } from './files.js';
import { emptyIndex, loadManifest, saveManifest, type IndexedChunk, type KnowledgeIndexState } from './manifest.js';
import type { KnowledgeHit, KnowledgePort, KnowledgeSearch, KnowledgeSource } from './port.js';
import { reindex, type CollectionWrites, type RefreshReport } from './reindex.js';
import { watchFolder, type FolderWatch } from './watch.js';

export interface KnowledgeBaseOptions {
  /** The folder of markdown files (paths.rag), absolute. */
  dir: string;
  /** Where the index is kept (<paths.data>/knowledge/manifest.json). */
  manifestFile: string;
  collection: string;
  chunking: ChunkOptions;
  topK: number;
  /** Chunks below this cosine similarity are not knowledge about the question. */
  minSimilarity: number;
  watch: boolean;
  watchDebounceMs: number;
  /** Before a question, the folder is re-checked when the last check is older than this. */
  recheckMs: number;
  /** How long a question waits for an index update in progress before using the index as it is. */
  maxWaitMs: number;
  maxFileBytes: number;
  /** Answer from the in-memory copy of the index while the ChromaDB collection cannot. */
  memoryFallback: boolean;
  /** How often an out-of-step collection is checked again. */
  syncRetryMs: number;
  syncTimeoutMs: number;
  embedder: Embedder;
  vectors: VectorStore;
  log: Logger;
  health: Health;
}

const WRITE_BATCH = 256;
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * The robot's knowledge: markdown files under paths.rag, chunked, embedded and kept in a
 * ChromaDB collection, with the index (hashes, chunks, vectors) in a manifest on disk.
 *
 * - Built once, reused across restarts; added, changed and removed files are found by content
 *   hash, and only new text is embedded. Another embedder rebuilds everything.
 * - Kept up to date while running: the folder is watched (debounced), and re-checked before a
 *   question when the last check is older than recheckMs.
 * - Questions go to the collection while it is known to hold exactly the index; otherwise (ChromaDB
 *   down, starting, writes not applied yet) to the in-memory copy, so the robot still knows
 *   about itself, and health says so. A lost collection is written again from the manifest.
 */
export class KnowledgeBase implements KnowledgePort {
  readonly #o: KnowledgeBaseOptions;
  readonly #log: Logger;
  readonly #collection: VectorCollection;
  #index: KnowledgeIndexState = emptyIndex();
  #tail: Promise<unknown> = Promise.resolve();
  #queued: Promise<RefreshReport> | null = null;
  #busy = 0;
  #first: Promise<RefreshReport> | null = null;
  #dirty = true;
  #checkedAt = 0;
  #missing = false;
  #problem: string | null = null;
  #lastReport: RefreshReport | null = null;
  #lastUpdate: RefreshReport | null = null;
  /** The collection holds exactly the index (checked), so questions may go to it. */
  #synced = false;
  #syncing: Promise<void> | null = null;
  /** Counts index changes, so a check that raced with one does not declare the collection in step. */
  #generation = 0;
  #watch: FolderWatch | null = null;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;

  constructor(options: KnowledgeBaseOptions) {
    this.#o = options;
    this.#log = options.log.child({ component: 'knowledge' });
    this.#collection = options.vectors.collection(options.collection, { embedder: options.embedder.id, dims: options.embedder.dims });
  }

  /** Loads the manifest and starts the first refresh (not awaited: see ready()), the watch and the sync timer. */
  async start(): Promise<void> {
    const { index, problem } = await loadManifest(this.#o.manifestFile);
    if (problem) this.#log.warn({ file: this.#o.manifestFile, problem }, 'knowledge: manifest unusable; the index is built again');
    this.#index = index;
    this.#first = this.refresh('startup');
    this.#first.catch(() => undefined);
    this.#timer = setInterval(() => {
      if (!this.#synced) void this.#sync();
    }, this.#o.syncRetryMs);
    this.#timer.unref();
  }

  /** Resolves when the first refresh is done (the index is usable even before, from the manifest). */
  ready(): Promise<RefreshReport> {
    if (!this.#first) throw new Error('knowledge base not started');
    return this.#first;
  }

  get lastRefresh(): RefreshReport | null {
    return this.#lastReport;
  }

  /** The last refresh that changed the index (files added, changed, removed, or a rebuild). */
  get lastUpdate(): RefreshReport | null {
    return this.#lastUpdate;
  }

  /** Whether the ChromaDB collection is known to hold exactly the index (questions go there). */
  get synced(): boolean {
    return this.#synced;
  }

  stats(): { files: number; chunks: number; synced: boolean; watching: boolean } {
    return { files: this.#index.files.size, chunks: this.#chunks().length, synced: this.#synced, watching: this.#watch !== null };
  }

  topics(limit: number): string[] {
    const seen = new Set<string>();
    for (const c of this.#chunks()) {
      if (seen.size >= limit) break;
      seen.add(c.headings.join(' — '));
    }
    return [...seen];
  }

  /** Re-reads the folder and updates the index; runs one at a time, a request while one is queued joins it. */
  refresh(reason: string): Promise<RefreshReport> {
    if (this.#queued) return this.#queued;
    this.#busy++;
    const run = this.#tail.then(() => {
      this.#queued = null;
      return this.#refresh(reason);
    });
    this.#queued = run;
    this.#tail = run.catch(() => undefined).finally(() => this.#busy--);
    return run;
  }

  /** Waits for (checked) in-step ChromaDB; true when questions go to the collection. For tests and the bench. */
  async sync(): Promise<boolean> {
    await this.#tail;
    await this.#sync();
    return this.#synced;
  }

  async search(query: string, context: { log: Logger; signal?: AbortSignal; n?: number }): Promise<KnowledgeSearch> {
    const log = context.log;
    await this.#fresh();
    const chunks = this.#chunks();
    const nothing = (source: KnowledgeSource): KnowledgeSearch => ({ query, hits: [], source, best: null, modelMs: 0 });
    if (chunks.length === 0 || !query.trim()) return nothing(this.#synced ? 'chroma' : 'memory');
    const started = performance.now();
    let vector: Float32Array;
    try {
      [vector] = (await this.#o.embedder.embed([query], context.signal)) as [Float32Array];
    } catch (err) {
      if (context.signal?.aborted) throw err;
      log.warn({ err: (err as Error).message }, 'knowledge: cannot embed the question; no knowledge this turn');
      return nothing('memory');
    }
    const modelMs = performance.now() - started;
    const n = context.n ?? this.#o.topK;
    let found: KnowledgeHit[] | null = null;
    let source: KnowledgeSource = 'chroma';
    if (this.#synced) {
      try {
        const hits = await this.#collection.query(vector, { n, log });
        // The collection is known to hold chunks: nothing back means it could not answer (down, too
        // slow, lost): answer from memory, and check it again before trusting it.
        if (hits.length > 0) found = hits.map(fromHit).filter((h): h is KnowledgeHit => h !== null);
        else {
          log.warn({ collection: this.#o.collection }, 'knowledge: no answer from ChromaDB; answering from memory and checking the collection');
          this.#unsync();
          void this.#sync();
        }
      } catch (err) {
        if (!(err instanceof VectorSpaceMismatchError)) throw err;
        log.warn({ err: err.message }, 'knowledge: the collection holds other vectors; it is written again');
        this.#unsync();
        void this.#sync();
      }
    }
    if (!found && this.#o.memoryFallback) {
      found = nearestInMemory(chunks, vector, n);
      source = 'memory';
    }
    const all = found ?? [];
    return { query, hits: all.filter((h) => h.similarity >= this.#o.minSimilarity), source, best: all[0]?.similarity ?? null, modelMs };
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#watch?.close();
    this.#watch = null;
    if (this.#timer) clearInterval(this.#timer);
    // An index update in progress finishes (its manifest write is atomic anyway); a collection
    // check in progress is not waited for: it stops at its next step.
    await this.#tail;
  }

  // ---- index maintenance ----

  #chunks(): IndexedChunk[] {
    return [...this.#index.files.values()].flatMap((f) => f.chunks);
  }

  /** Before a question: re-check when due (a change was seen, or the last check is old), waiting a bounded time. */
  async #fresh(): Promise<void> {
    if (this.#dirty || Date.now() - this.#checkedAt >= this.#o.recheckMs) void this.refresh('question').catch(() => undefined);
    if (this.#busy === 0) return;
    await Promise.race([this.#tail, sleep(this.#o.maxWaitMs)]);
  }

  async #refresh(reason: string): Promise<RefreshReport> {
    const started = performance.now();
    const firstScan = this.#checkedAt === 0;
    this.#dirty = false;
    this.#checkedAt = Date.now();
    const previous = this.#index;
    try {
      // The first scan reads every file; later ones trust an unchanged size and modification time.
      const scan = await scanFolder(this.#o.dir, { maxFileBytes: this.#o.maxFileBytes, ...(!firstScan && { known: previous.files }) });
      if (scan.missing !== this.#missing) this.#log[scan.missing ? 'warn' : 'info']({ dir: this.#o.dir }, scan.missing ? 'knowledge: no knowledge folder' : 'knowledge: folder found');
      this.#missing = scan.missing;
      for (const s of scan.skipped) this.#log.warn({ file: s.file, reason: s.reason }, 'knowledge: file left out');
      const result = await reindex(previous, scan, {
        embedder: this.#o.embedder,
        chunking: this.#o.chunking,
        readFile: (file) => readKnowledgeFile(this.#o.dir, file),
      });
      for (const w of result.report.warnings) this.#log.warn(w, 'knowledge: file read with a problem');
      this.#index = result.next;
      this.#problem = null;
      if (result.modified || !existsSync(this.#o.manifestFile)) await this.#save();
      const writes = result.writes;
      if (writes.drop || writes.upserts.length || writes.deletes.length) await this.#write(writes);
      const report: RefreshReport = { reason, ...result.report, ms: performance.now() - started };
      this.#lastReport = report;
      if (report.rebuilt || report.added.length + report.changed.length + report.removed.length > 0) this.#lastUpdate = report;
      const { added, changed, removed, embedded, reused, rebuilt, files, chunks } = report;
      if (result.modified) this.#log.info({ reason, added, changed, removed, embedded, reused, rebuilt, files, chunks, ms: Math.round(report.ms) }, 'knowledge index updated');
      return report;
    } catch (err) {
      this.#problem = (err as Error).message;
      this.#dirty = true; // try again at the next question
      this.#log.error({ reason, err: this.#problem }, 'knowledge: index update failed; the previous index stays in use');
      throw err;
    } finally {
      if (this.#o.watch && !this.#watch && !this.#missing && !this.#closed) this.#startWatch();
      if (!this.#synced && !this.#closed) void this.#sync();
      this.#report();
    }
  }

  async #save(): Promise<void> {
    try {
      await saveManifest(this.#o.manifestFile, this.#index);
    } catch (err) {
      this.#log.error({ file: this.#o.manifestFile, err: (err as Error).message }, 'knowledge: cannot save the manifest; the index is built again after a restart');
    }
  }

  /** Queues the collection writes (durable in the vector store's outbox); a failure only means the collection is written again later. */
  async #write(writes: CollectionWrites): Promise<void> {
    this.#unsync();
    try {
      if (writes.drop) await this.#o.vectors.deleteCollection(this.#o.collection);
      if (writes.deletes.length) await this.#collection.delete({ ids: writes.deletes });
      for (let i = 0; i < writes.upserts.length; i += WRITE_BATCH) await this.#collection.upsert(writes.upserts.slice(i, i + WRITE_BATCH).map(toRecord));
    } catch (err) {
      this.#log.warn({ err: (err as Error).message }, 'knowledge: cannot queue the ChromaDB writes; the collection is written again once the store works');
    }
  }

  #unsync(): void {
    this.#synced = false;
    this.#generation++;
  }

  /**
   * Checks that the collection holds exactly the index (after the queued writes are applied);
   * if it does not (lost, wiped, another embedder's), writes it again from the index.
   */
  #sync(): Promise<void> {
    this.#syncing ??= this.#check()
      .catch((err: Error) => this.#log.warn({ err: err.message }, 'knowledge: ChromaDB check failed; answering from memory for now'))
      .finally(() => {
        this.#syncing = null;
        this.#report();
      });
    return this.#syncing;
  }

  async #check(): Promise<void> {
    const { vectors } = this.#o;
    if (this.#synced || this.#closed || !vectors.status().reachable) return;
    let generation = this.#generation;
    if (!(await vectors.flush(this.#o.syncTimeoutMs)) || this.#closed) return;
    const expected = this.#chunks().length;
    const listed = (await vectors.listCollections()).find((c) => c.name === this.#o.collection);
    const space = listed?.space;
    const foreign = space !== undefined && space !== null && (space.embedder !== this.#o.embedder.id || space.dims !== this.#o.embedder.dims);
    let count = foreign ? -1 : ((await this.#collection.count()) ?? -1);
    if (count !== expected) {
      if (generation !== this.#generation || this.#closed) return; // the index changed meanwhile: the next check looks again
      this.#log.warn({ count, expected, foreign }, 'knowledge: the ChromaDB collection is out of step with the index; writing it again from the manifest (nothing is embedded again)');
      await this.#write({ drop: true, upserts: this.#chunks(), deletes: [] });
      generation = this.#generation;
      if (!(await vectors.flush(this.#o.syncTimeoutMs)) || this.#closed) return;
      count = (await this.#collection.count()) ?? -1;
    }
    if (generation === this.#generation && count === expected) {
      this.#synced = true;
      this.#log.info({ collection: this.#o.collection, chunks: expected }, 'knowledge: ChromaDB collection in step with the index');
    }
  }

  #startWatch(): void {
    this.#watch = watchFolder(
      this.#o.dir,
      this.#o.watchDebounceMs,
      {
        changed: () => void (this.#dirty = true),
        settled: () => void this.refresh('watch').catch(() => undefined),
        failed: () => void (this.#watch = null),
      },
      this.#log,
    );
  }

  #report(): void {
    const { health } = this.#o;
    const chunks = this.#chunks().length;
    const where = `${chunks} chunks from ${this.#index.files.size} files in ${this.#o.dir}`;
    if (this.#missing) health.set('knowledge', 'degraded', `no knowledge folder at ${this.#o.dir} (paths.rag): the robot answers without its knowledge`);
    else if (this.#problem) health.set('knowledge', 'degraded', `index update failed (${this.#problem}); using the previous index: ${where}`);
    else if (chunks === 0) health.set('knowledge', 'degraded', `no markdown knowledge in ${this.#o.dir}`);
    else if (this.#synced) health.set('knowledge', 'ok', `${where}; ChromaDB collection "${this.#o.collection}" in step`);
    else {
      const fallback = this.#o.memoryFallback ? 'answering from the in-memory index' : 'no knowledge answers until it is (knowledge.memoryFallback is off)';
      health.set('knowledge', 'degraded', `${where}; ChromaDB collection "${this.#o.collection}" not in step yet: ${fallback}`);
    }
  }
}
