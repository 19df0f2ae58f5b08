import path from 'node:path';
import type { Config } from '../config/index.js';
import type { Embedder } from '../embeddings/index.js';
import type { Health } from '../health/index.js';
import type { LanguageModel } from '../llm/index.js';
import type { Logger } from '../log/index.js';
import type { VectorStore } from '../vectors/index.js';
import { forgetMemories, memoryTraces } from './forget.js';
import { migrateMemories, MigrationDeferred } from './migrate.js';
import { ConversationQueue } from './queue.js';
import { latestEpisode, memoryCollection, recallMemories, type MemoryRecall } from './recall.js';
import type { MemoryMatch, PendingConversation } from './schema.js';
import { MemoryWriter } from './writer.js';
import { parseMemoryCollectionName } from './names.js';
import { LlmEpisodeSchema } from './summary.js';

/** What the memory agents may do (ports.memory). */
export interface MemoryPort {
  /** The person's best episode and piece of conversation for what they said; nothing rather than an error. */
  recall(userId: string, text: string, options: { log: Logger }): Promise<MemoryRecall>;
  /** Their most recent episode (for a greeting), or null. */
  latestEpisode(userId: string, options: { log: Logger }): Promise<MemoryMatch | null>;
  /**
   * Stores a finished conversation durably (on disk when it resolves; `stop` waits for it); it is
   * summarised and indexed in the background.
   */
  remember(conversation: PendingConversation): Promise<void>;
  /** The person will be asked about soon (just met): their memories are made ready in the background. */
  prepare(userId: string): void;
}

export interface MemoryOptions {
  config: Pick<Config, 'memory' | 'paths'>;
  vectors: VectorStore;
  embedder: Embedder;
  llm: LanguageModel;
  log: Logger;
  health: Health;
  now?: () => Date;
  /** The quiet gate: the background writer's steps wait for a pause of the conversation. */
  quiet?: { whenQuiet(): Promise<void> };
}

/** Where finished conversations wait to be summarised. */
export const conversationQueueDir = (config: Pick<Config, 'paths'>) => path.resolve(config.paths.data, 'memory', 'pending_conversations');

/**
 * Episodic and conversation memory: recall for every turn, a durable
 * queue and a background writer for farewells, re-embedding after an embedder change, and
 * forget-me. Health "memory" says what it runs on and what waits.
 */
export class Memory implements MemoryPort {
  readonly queue: ConversationQueue;
  readonly writer: MemoryWriter;
  readonly #o: MemoryOptions;
  readonly #log: Logger;
  readonly #stop = new AbortController();
  /** Conversations handed over and not yet on disk. */
  readonly #writing = new Set<Promise<void>>();
  #migration: Promise<void> | null = null;
  #migrationError: string | null = null;

  constructor(options: MemoryOptions) {
    this.#o = options;
    this.#log = options.log.child({ component: 'memory' });
    const settings = options.config.memory;
    this.queue = new ConversationQueue(conversationQueueDir(options.config));
    // The episode summary's structured answer, made ready ahead of use like the turn's (in-process grammars).
    if (settings.summary.llm) void options.llm.warmSchema?.('summary', LlmEpisodeSchema);
    this.writer = new MemoryWriter({
      queue: this.queue,
      vectors: options.vectors,
      embedder: options.embedder,
      llm: options.llm,
      settings: {
        useLlm: settings.summary.llm,
        sentences: settings.summary.sentences,
        pieceTurns: settings.pieceTurns,
        retry: settings.retry,
        maxAttempts: settings.maxAttempts,
        settleMs: settings.settleMs,
      },
      log: options.log,
      onChange: () => void this.#report(),
      ...(options.quiet && { quiet: options.quiet }),
    });
  }

  async start(): Promise<void> {
    const { pending, removedPartial } = await this.queue.open();
    if (pending || removedPartial) this.#log.info({ pending, removedPartial, dir: this.queue.dir }, 'conversations from an earlier run are waiting to be remembered');
    this.writer.start();
    this.#migration = this.#migrateWhenReachable();
    await this.#report();
  }

  /** Finishes what is being written; what is still queued stays on disk for the next start. */
  async stop(): Promise<void> {
    // Conversations handed over are on disk before the daemon goes.
    await Promise.allSettled([...this.#writing]);
    this.#stop.abort();
    await this.writer.stop();
    await this.#migration;
  }

  /**
   * Waits until every conversation handed over before the call is in the vector store's outbox:
   * first until those still being written are on disk (a write in progress is not in the folder
   * yet, and an empty folder must not pass for "all stored"), then until the writer drained it.
   */
  async flush(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    const writing = Promise.allSettled([...this.#writing]);
    let timer: NodeJS.Timeout | undefined;
    const onDisk = await Promise.race([
      writing.then(() => true),
      new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs))),
    ]).finally(() => clearTimeout(timer));
    if (!onDisk) return false;
    return this.writer.flush(Math.max(0, deadline - Date.now()));
  }

  /**
   * What stands between the conversations handed over so far and their recall: those still being
   * queued, those queued and not yet summarised, and memory writes still in the vector store's outbox.
   * 0 means every conversation that ended is recallable (a condition to wait on, never a pause).
   */
  async waiting(): Promise<number> {
    // Memory's own writes: the knowledge index, written beside them, is no memory.
    return this.#writing.size + (await this.queue.files()).length + this.#o.vectors.pendingWrites((name) => parseMemoryCollectionName(name) !== null);
  }

  async recall(userId: string, text: string, options: { log: Logger }): Promise<MemoryRecall> {
    return recallMemories(this.#o, userId, text, { minSimilarity: this.minSimilarity }, options.log);
  }

  prepare(userId: string): void {
    memoryCollection(this.#o, userId).warm();
  }

  latestEpisode(userId: string, options: { log: Logger }): Promise<MemoryMatch | null> {
    const now = this.#o.now?.() ?? new Date();
    return latestEpisode(this.#o, userId, this.#o.config.memory.greeting.withinDays, now, options.log);
  }

  remember(conversation: PendingConversation): Promise<void> {
    const write = this.#remember(conversation).finally(() => this.#writing.delete(write));
    this.#writing.add(write);
    return write;
  }

  async #remember(conversation: PendingConversation): Promise<void> {
    try {
      await this.queue.add(conversation);
    } catch (err) {
      this.#o.health.set('memory', 'degraded', `a finished conversation could not be queued in ${this.queue.dir}: ${(err as Error).message}`);
      this.#o.health.count('memory_save_failed');
      throw err;
    }
    this.writer.notify();
    void this.#report();
  }

  /** The similarity floor for the daemon's embedder: the lexical one scores shared words, so lower. */
  get minSimilarity(): number {
    const { minSimilarity } = this.#o.config.memory;
    return this.#o.embedder.id.startsWith('lexical:') ? minSimilarity.lexical : minSimilarity.model;
  }

  /** Forget-me (registered with people.forgetting). */
  forget(userId: string): Promise<string[]> {
    return forgetMemories(this.#deps(), userId);
  }

  traces(userId: string): Promise<string[]> {
    return memoryTraces(this.#deps(), userId);
  }

  #deps() {
    return { vectors: this.#o.vectors, embedder: this.#o.embedder, queue: this.queue, writer: this.writer, flushTimeoutMs: this.#o.config.memory.forgetFlushMs };
  }

  /**
   * Re-embeds memories of another embedder once ChromaDB answers; tried again with back-off while
   * it does not, or while earlier writes have not reached it.
   */
  async #migrateWhenReachable(): Promise<void> {
    const { retry } = this.#o.config.memory;
    for (let attempt = 0; !this.#stop.signal.aborted; attempt++) {
      if (this.#o.vectors.status().reachable) {
        try {
          const result = await migrateMemories({
            vectors: this.#o.vectors,
            embedder: this.#o.embedder,
            log: this.#log,
            pageSize: 256,
            flushTimeoutMs: 30_000,
            signal: this.#stop.signal,
          });
          this.#migrationError = null;
          if (result.migrated.length) this.#log.info({ collections: result.migrated.length }, 'memories of earlier embedders re-embedded');
          await this.#report();
          return;
        } catch (err) {
          this.#migrationError = (err as Error).message;
          const level = err instanceof MigrationDeferred ? 'info' : 'warn';
          this.#log[level]({ err: this.#migrationError }, 'memory: re-embedding of earlier memories deferred');
        }
      }
      await this.#report();
      const waitMs = Math.min(retry.maxMs, retry.initialMs * 2 ** Math.min(attempt, 16));
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, waitMs);
        this.#stop.signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
      });
    }
  }

  async #report(): Promise<void> {
    const health = this.#o.health;
    const waiting = (await this.queue.files()).length;
    const rejected = await this.queue.rejectedCount();
    const parts = [`${this.#o.embedder.id}, recall from similarity ${this.minSimilarity}`, `${waiting} conversation(s) waiting to be summarised`];
    if (rejected) parts.push(`${rejected} set aside in ${path.join(this.queue.dir, 'rejected')}`);
    const failing = this.writer.state.failing;
    if (failing) parts.push(`storing fails (retrying): ${failing}`);
    if (this.#migrationError) parts.push(`memories of an earlier embedder not re-embedded yet: ${this.#migrationError}`);
    health.set('memory', rejected || failing ? 'degraded' : 'ok', parts.join('; '));
  }
}
