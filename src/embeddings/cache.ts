import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import { LRUCache } from 'lru-cache';
import { EmbeddingError, type Embedder } from './port.js';

export interface CachingEmbedderOptions {
  /** Texts whose vectors are kept; 0 keeps none. */
  size: number;
  /** Texts per call to the model. */
  batchSize: number;
}

const aborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    const fail = () => reject(new EmbeddingError('aborted', 'embedding cancelled'));
    if (signal.aborted) fail();
    else signal.addEventListener('abort', fail, { once: true });
  });

/**
 * Wraps an embedder with a per-process LRU cache of vectors by text, shares computations in
 * flight (the recall agents run in parallel and embed the same question), and cuts large
 * batches into model-sized ones. Callers get their own copies of cached vectors.
 */
export class CachingEmbedder implements Embedder {
  readonly #inner: Embedder;
  readonly #cache: LRUCache<string, Float32Array> | null;
  readonly #pending = new Map<string, Promise<Float32Array>>();
  readonly #batchSize: number;
  #hits = 0;
  #misses = 0;

  constructor(inner: Embedder, options: CachingEmbedderOptions) {
    this.#inner = inner;
    this.#cache = options.size > 0 ? new LRUCache({ max: options.size }) : null;
    this.#batchSize = options.batchSize;
  }

  get id(): string {
    return this.#inner.id;
  }

  get dims(): number {
    return this.#inner.dims;
  }

  get inner(): Embedder {
    return this.#inner;
  }

  stats(): { hits: number; misses: number; size: number } {
    return { hits: this.#hits, misses: this.#misses, size: this.#cache?.size ?? 0 };
  }

  async embed(texts: readonly string[], signal?: AbortSignal): Promise<Float32Array[]> {
    if (signal?.aborted) throw new EmbeddingError('aborted', 'embedding cancelled');
    const waits = new Map<string, Promise<Float32Array>>();
    const missing = new Set<string>();
    for (const text of texts) {
      if (waits.has(text) || missing.has(text)) continue;
      const cached = this.#cache?.get(text);
      if (cached) {
        this.#hits++;
        waits.set(text, Promise.resolve(cached));
        continue;
      }
      const pending = this.#pending.get(text);
      if (pending) {
        this.#hits++;
        waits.set(text, pending);
        continue;
      }
      this.#misses++;
      missing.add(text);
    }
    const misses = [...missing];
    // One batch after another, the event loop turning between them: started together, a folder's
    // hundreds of batches would run back to back (a model session runs on this thread) and hold
    // every timer and message of the daemon for seconds.
    let previous: Promise<unknown> | null = null;
    for (let i = 0; i < misses.length; i += this.#batchSize) {
      const batch = misses.slice(i, i + this.#batchSize);
      // Not tied to this caller's signal: another caller may be waiting for the same texts.
      const embed = () => this.#inner.embed(batch);
      const computed: Promise<Float32Array[]> = previous ? previous.then(() => nextTurnOfEventLoop()).then(embed) : embed();
      previous = computed.catch(() => undefined);
      batch.forEach((text, j) => {
        const one = computed.then((vectors) => vectors[j]!);
        this.#pending.set(text, one);
        waits.set(text, one);
        one.then(
          (v) => this.#cache?.set(text, v),
          () => undefined,
        ).finally(() => this.#pending.delete(text));
      });
    }
    const all = Promise.all(texts.map((text) => waits.get(text)!));
    const vectors = await (signal ? Promise.race([all, aborted(signal)]) : all);
    return vectors.map((v) => v.slice());
  }

  async close(): Promise<void> {
    this.#cache?.clear();
    await this.#inner.close?.();
  }
}
