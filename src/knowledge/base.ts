import { existsSync } from 'node:fs';
import type { Embedder } from '../embeddings/index.js';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import type { VectorStore } from '../vectors/index.js';
import type { ChunkOptions } from './chunk.js';
import { readKnowledgeFile, scanFolder } from './files.js';
import { emptyIndex, loadManifest, saveManifest, type IndexedChunk, type KnowledgeIndexState } from './manifest.js';
import { knowledgeHealth } from './health.js';
import { CollectionMirror } from './mirror.js';
import type { HybridThresholds } from './hybrid.js';
import type { KnowledgePort, KnowledgeSearch, KnowledgeSearchContext } from './port.js';
import { KnowledgeSearcher } from './search.js';
import { reindex, type RefreshReport } from './reindex.js';
import { watchFolder, type FolderWatch } from './watch.js';

/** With when a section answers, and how the rankings are fused (see hybrid.ts). */
export interface KnowledgeBaseOptions extends HybridThresholds {
  /** The folder of markdown files (paths.rag), absolute. */
  dir: string;
  /** Where the index is kept (<paths.data>/knowledge/manifest.json). */
  manifestFile: string;
  collection: string;
  chunking: ChunkOptions;
  topK: number;
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
  readonly #mirror: CollectionMirror;
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
  #watch: FolderWatch | null = null;
  #timer: NodeJS.Timeout | null = null;
  #closed = false;
  readonly #searcher: KnowledgeSearcher;

  constructor(options: KnowledgeBaseOptions) {
    this.#o = options;
    this.#log = options.log.child({ component: 'knowledge' });
    this.#mirror = new CollectionMirror({
      vectors: options.vectors,
      collection: options.collection,
      space: { embedder: options.embedder.id, dims: options.embedder.dims },
      syncTimeoutMs: options.syncTimeoutMs,
      chunks: () => this.#chunks(),
      changed: () => this.#report(),
      log: this.#log,
    });
    this.#searcher = new KnowledgeSearcher({ thresholds: options, topK: options.topK, embedder: options.embedder, mirror: this.#mirror, memoryFallback: options.memoryFallback });
  }

  /** Loads the manifest and starts the first refresh (not awaited: see ready()), the watch and the sync timer. */
  async start(): Promise<void> {
    const { index, problem } = await loadManifest(this.#o.manifestFile);
    if (problem) this.#log.warn({ file: this.#o.manifestFile, problem }, 'knowledge: manifest unusable; the index is built again');
    this.#index = index;
    this.#first = this.refresh('startup');
    this.#first.catch(() => undefined);
    this.#timer = setInterval(() => {
      if (!this.#mirror.synced) void this.#mirror.sync();
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
    return this.#mirror.synced;
  }

  stats(): { files: number; chunks: number; synced: boolean; watching: boolean; indexBuilds: number; textsRead: number } {
    const searcher = this.#searcher;
    return { files: this.#index.files.size, chunks: this.#chunks().length, synced: this.#mirror.synced, watching: this.#watch !== null, indexBuilds: searcher.hybridBuilds, textsRead: searcher.textsRead };
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
    await this.#mirror.sync();
    return this.#mirror.synced;
  }

  async search(query: string, context: KnowledgeSearchContext): Promise<KnowledgeSearch> {
    await this.#fresh();
    return this.#searcher.search(query, context, this.#index, this.#chunks());
  }

  async close(): Promise<void> {
    this.#closed = true;
    this.#watch?.close();
    this.#watch = null;
    this.#mirror.close();
    if (this.#timer) clearInterval(this.#timer);
    // An index update in progress finishes (its manifest write is atomic anyway); a collection
    // check in progress is not waited for: it stops at its next step.
    await this.#tail;
  }

  // ---- index maintenance ----

  #chunks(): IndexedChunk[] {
    return [...this.#index.files.values()].flatMap((f) => f.chunks);
  }

  /**
   * Before a question: re-check when due (a change was seen, or the last check is old), waiting a
   * bounded time. Not for the periodic check of a watched folder that saw no change, with nothing
   * else under way: a safety net for what the watcher may miss, it runs beside the question, not
   * in front of its reply (the folder's scan took 3 ms, 30 ms under load, every 10 s of a visit).
   * Unwatched, the check is all there is, and recheckMs 0 asks for it before every question.
   */
  async #fresh(): Promise<void> {
    const changed = this.#dirty;
    const idle = this.#busy === 0;
    if (changed || Date.now() - this.#checkedAt >= this.#o.recheckMs) void this.refresh('question').catch(() => undefined);
    if (this.#busy === 0) return;
    if (idle && !changed && this.#watch !== null && this.#o.recheckMs > 0) return;
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
      // An unchanged folder keeps the same index object: the searcher's word and variant indexes
      // are built per index (hundreds of ms on a large folder), and a periodic re-check is not a change.
      if (result.modified) {
        this.#index = result.next;
        this.#searcher.forget();
      }
      this.#problem = null;
      if (result.modified || !existsSync(this.#o.manifestFile)) await this.#save();
      const writes = result.writes;
      if (writes.drop || writes.upserts.length || writes.deletes.length) await this.#mirror.write(writes);
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
      if (!this.#mirror.synced && !this.#closed) void this.#mirror.sync();
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
    const [status, detail] = knowledgeHealth({
      dir: this.#o.dir,
      collection: this.#o.collection,
      missing: this.#missing,
      problem: this.#problem,
      files: this.#index.files.size,
      chunks: this.#chunks().length,
      synced: this.#mirror.synced,
      memoryFallback: this.#o.memoryFallback,
    });
    this.#o.health.set('knowledge', status, detail);
  }
}
