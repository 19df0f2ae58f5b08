import type { Embedder } from '../embeddings/index.js';
import type { Health } from '../health/index.js';
import type { LanguageModel } from '../llm/index.js';
import type { Logger } from '../log/index.js';
import type { VectorStore } from '../vectors/index.js';
import { memoryCollectionName } from './names.js';
import type { ConversationQueue } from './queue.js';
import { memoryDocuments } from './records.js';
import type { PendingConversation } from './schema.js';
import { summarize } from './summary.js';

export interface WriterSettings {
  useLlm: boolean;
  sentences: number;
  pieceTurns: number;
  retry: { initialMs: number; maxMs: number };
  /** Failures in a row on one conversation before it is set aside in rejected/. */
  maxAttempts: number;
  /** How long a newly queued conversation waits before it is processed (see memory.settleMs). */
  settleMs: number;
}

export interface MemoryWriterOptions {
  queue: ConversationQueue;
  vectors: VectorStore;
  embedder: Embedder;
  llm: LanguageModel;
  settings: WriterSettings;
  log: Logger;
  /** Told after every change of the queue or of the writer's state. */
  onChange(state: WriterState): void;
  /** The quiet gate: each step of the background work waits for a pause of the conversation. */
  quiet?: { whenQuiet(): Promise<void> };
}

export interface WriterState {
  /** The last failure, while the writer is retrying. */
  failing: string | null;
}

type Current = { userId: string; controller: AbortController; done: Promise<void> };

/**
 * Works through the queue of finished conversations in the background, one at a time: the
 * summary (by the language model, under no turn's signal, or extractive), the embeddings, then
 * the records into the person's collection through the vector store's durable outbox, and only
 * then the file is deleted. Every step can be repeated after a crash: records are upserted under
 * ids derived from the conversation, after deleting what an earlier version of it stored.
 */
export class MemoryWriter {
  readonly #o: MemoryWriterOptions;
  readonly #log: Logger;
  #loop: Promise<void> | null = null;
  #wake: (() => void) | null = null;
  #stopped = false;
  /** Set by notify: something was queued since the queue was last read. */
  #notified = false;
  /** Set by notify(true): process now, without letting the conversation settle first. */
  #urgent = false;
  #current: Current | null = null;
  #failures = 0;
  #state: WriterState = { failing: null };
  readonly #blocked = new Set<string>();

  constructor(options: MemoryWriterOptions) {
    this.#o = options;
    this.#log = options.log.child({ component: 'memory' });
  }

  get state(): WriterState {
    return this.#state;
  }

  start(): void {
    this.#stopped = false;
    this.#loop ??= this.#run().finally(() => (this.#loop = null));
  }

  /** A conversation was queued; `urgent` (a flush, forget-me) processes it without waiting. */
  notify(urgent = false): void {
    this.#notified = true;
    if (urgent) this.#urgent = true;
    this.#wake?.();
  }

  /** Stops after the current step; a summary in progress is abandoned (its conversation stays queued). */
  async stop(): Promise<void> {
    this.#stopped = true;
    this.#current?.controller.abort();
    this.#wake?.();
    await this.#loop;
  }

  /** Resolves true once every queued conversation is stored (or set aside), false after the time-out. */
  async flush(timeoutMs: number): Promise<boolean> {
    const deadline = Date.now() + timeoutMs;
    this.notify(true);
    while ((await this.#o.queue.files()).length > 0 || this.#current) {
      if (Date.now() >= deadline) return false;
      await new Promise((r) => setTimeout(r, 25));
    }
    return true;
  }

  /**
   * Forget-me: the person's conversations are no longer processed (one in progress is abandoned)
   * until `unblock`; resolves when nothing of theirs is being written.
   */
  async block(userId: string): Promise<void> {
    this.#blocked.add(userId);
    const current = this.#current;
    if (current?.userId === userId) {
      current.controller.abort();
      await current.done;
    }
  }

  unblock(userId: string): void {
    this.#blocked.delete(userId);
    this.notify();
  }

  async #run(): Promise<void> {
    while (!this.#stopped) {
      this.#notified = false;
      const next = await this.#next();
      if (!next) {
        if (this.#notified || this.#stopped) continue;
        await new Promise<void>((resolve) => (this.#wake = resolve));
        this.#wake = null;
        await this.#settle();
        continue;
      }
      const controller = new AbortController();
      let finish!: () => void;
      const done = new Promise<void>((resolve) => (finish = resolve));
      this.#current = { userId: next.job.user_id, controller, done };
      try {
        await this.#store(next.job, controller.signal);
        if (!controller.signal.aborted) await this.#o.queue.done(next.file);
        this.#succeeded();
      } catch (err) {
        if (!controller.signal.aborted) await this.#failed(next.file, next.job, err as Error);
      } finally {
        this.#current = null;
        finish();
      }
    }
  }

  /** Lets a newly queued conversation wait settleMs, unless something urgent or a stop comes first. */
  async #settle(): Promise<void> {
    const { settleMs } = this.#o.settings;
    if (settleMs > 0 && !this.#urgent && !this.#stopped) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, settleMs);
        this.#wake = () => {
          if (!this.#urgent && !this.#stopped) return;
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = null;
    }
    this.#urgent = false;
  }

  /** The oldest conversation of someone not being forgotten; damaged files are set aside on the way. */
  async #next(): Promise<{ file: string; job: PendingConversation } | null> {
    for (const file of await this.#o.queue.files()) {
      const read = await this.#o.queue.read(file);
      // Replaced by a newer version of the same conversation since it was listed: nothing to do.
      if (!read.ok && read.gone) continue;
      if (!read.ok) {
        this.#log.error({ file, err: read.error }, 'queued conversation is damaged: set aside in rejected/');
        await this.#o.queue.reject(file, read.error);
        this.#o.onChange(this.#state);
        continue;
      }
      if (!this.#blocked.has(read.job.user_id)) return { file, job: read.job };
    }
    return null;
  }

  async #store(job: PendingConversation, signal: AbortSignal): Promise<void> {
    const { embedder, vectors, settings } = this.#o;
    const log = this.#log.child({ user_id: job.user_id, conversation_id: job.conversation_id, turn_id: job.turn_id });
    const started = performance.now();
    // Background work on the turn's cores: the summary and the embedding wait for a pause.
    const idle = () => this.#o.quiet?.whenQuiet();
    await idle();
    const summary = await summarize(
      { messages: job.messages, user_name: job.user_name, robot_name: job.robot_name, language: job.language },
      { llm: this.#o.llm, useLlm: settings.useLlm, sentences: settings.sentences, signal, log },
    );
    if (signal.aborted) return;
    await idle();
    const documents = memoryDocuments(job, summary, embedder.id, settings.pieceTurns);
    const vectorsOf = await embedder.embed(documents.map((d) => d.document), signal);
    if (signal.aborted) return;
    // Queuing the records is a small file write; the vector store applies them in a pause.
    const space = { embedder: embedder.id, dims: embedder.dims };
    const collection = vectors.collection(memoryCollectionName(job.user_id, space), space);
    // An earlier version of this conversation may have had more pieces: it is replaced whole.
    await collection.delete({ where: { conversation_id: job.conversation_id } });
    await collection.upsert(documents.map((d, i) => ({ ...d, embedding: vectorsOf[i]! })));
    // Asked next when the person comes back: answered in process, not by a request that load can make time out.
    collection.warm();
    log.info(
      { summary: summary.source, pieces: documents.length - 1, ms: Math.round(performance.now() - started) },
      'conversation remembered: episode and conversation queued for ChromaDB',
    );
  }

  #succeeded(): void {
    this.#failures = 0;
    if (this.#state.failing) this.#state = { failing: null };
    this.#o.onChange(this.#state);
  }

  async #failed(file: string, job: PendingConversation, err: Error): Promise<void> {
    this.#failures++;
    const { retry, maxAttempts } = this.#o.settings;
    if (this.#failures >= maxAttempts) {
      this.#log.error({ file, user_id: job.user_id, err: err.message, attempts: this.#failures }, 'conversation could not be stored: set aside in rejected/');
      await this.#o.queue.reject(file, `${this.#failures} attempts failed; last: ${err.message}`);
      this.#failures = 0;
      this.#state = { failing: null };
      this.#o.onChange(this.#state);
      return;
    }
    const waitMs = Math.min(retry.maxMs, retry.initialMs * 2 ** (this.#failures - 1));
    this.#log.warn({ file, user_id: job.user_id, err: err.message, retryInMs: waitMs }, 'conversation not stored yet; it stays queued');
    this.#state = { failing: err.message };
    this.#o.onChange(this.#state);
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, waitMs);
      this.#wake = () => {
        if (this.#stopped) {
          clearTimeout(timer);
          resolve();
        }
      };
    });
    this.#wake = null;
  }
}
