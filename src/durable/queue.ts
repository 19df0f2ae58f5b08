import path from 'node:path';
import { z } from 'zod';
import { DurableFolder, REJECTED_DIR } from './folder.js';

/** The oldest waiting entry: its value, or why it cannot be used (then it is for reject()). */
export type QueueEntry<T> = { seq: number; file: string } & ({ ok: true; value: T } | { ok: false; error: string });

export interface DurableQueueOptions<T> {
  /** Validates each value when it is appended and when it is read back. */
  schema: z.ZodType<T>;
  /** The value's key in the entry file (`{ format, seq, queuedAt, <field> }`); stays fixed once files exist. */
  field?: string;
}

const ENTRY = /^(\d{12})\.json$/;
const seqOf = (file: string) => Number(ENTRY.exec(file)![1]);

/**
 * An ordered durable queue: every value an entry file `<seq>.json` (zero-padded, so names sort
 * in order), on disk before append() resolves, replayed in sequence order after a restart,
 * deleted once done. Sequence numbers are never reused, so a rejected entry is never overwritten
 * by a later one.
 */
export class DurableQueue<T> {
  readonly #folder: DurableFolder;
  readonly #schema: z.ZodType<T>;
  readonly #field: string;
  readonly #entry: z.ZodType<Record<string, unknown>>;
  /** Entry files in sequence order; an entry is listed only once it is on disk. */
  #queue: string[] = [];
  #nextSeq = 0;
  #rejected = 0;
  // Appends are serialised so that sequence order and queue order are the same.
  #appending: Promise<unknown> = Promise.resolve();

  constructor(dir: string, options: DurableQueueOptions<T>) {
    this.#folder = new DurableFolder(dir, ENTRY);
    this.#schema = options.schema;
    this.#field = options.field ?? 'value';
    this.#entry = z.strictObject({ format: z.literal(1), seq: z.number().int().nonnegative(), queuedAt: z.string(), [this.#field]: options.schema });
  }

  get dir(): string {
    return this.#folder.dir;
  }

  get pending(): number {
    return this.#queue.length;
  }

  get rejected(): number {
    return this.#rejected;
  }

  /** Reads what a previous run left: entries to replay, and leftovers of interrupted writes. */
  async open(): Promise<{ pending: number; removedPartial: number }> {
    const opened = await this.#folder.open();
    this.#queue = await this.#folder.files();
    const rejected = await this.#folder.rejectedFiles();
    this.#rejected = rejected.length;
    const seqs = [...this.#queue, ...rejected].map(seqOf);
    this.#nextSeq = seqs.length ? Math.max(...seqs) + 1 : 0;
    return opened;
  }

  /** Stores the value durably; resolves with its sequence number. */
  async append(value: T): Promise<number> {
    const parsed = this.#schema.parse(value);
    const run = this.#appending.then(async () => {
      const seq = this.#nextSeq++;
      const file = `${String(seq).padStart(12, '0')}.json`;
      await this.#folder.write(file, { format: 1, seq, queuedAt: new Date().toISOString(), [this.#field]: parsed });
      this.#queue.push(file);
      return seq;
    });
    this.#appending = run.catch(() => undefined);
    return run;
  }

  /** Resolves when every append called before has settled. */
  appended(): Promise<void> {
    return this.#appending.then(() => undefined);
  }

  /** The oldest entry, read and validated; null when the queue is empty. */
  async peek(): Promise<QueueEntry<T> | null> {
    const file = this.#queue[0];
    if (!file) return null;
    const read = await this.#read(file);
    // Discarded while it was being read (forget-me): not a corrupt entry, just gone.
    if (!read.ok && !this.#queue.includes(file)) return this.peek();
    return { seq: seqOf(file), ...read };
  }

  /** Waiting values in sequence order (unreadable entries left out: peek reports them). */
  async values(): Promise<{ file: string; value: T }[]> {
    const found: { file: string; value: T }[] = [];
    for (const file of [...this.#queue]) {
      const read = await this.#read(file);
      if (read.ok) found.push({ file, value: read.value });
    }
    return found;
  }

  /** The entry is done: forget it. */
  async done(file: string): Promise<void> {
    await this.#folder.remove([file]);
    this.#queue = this.#queue.filter((f) => f !== file);
  }

  /**
   * Entry files, waiting or set aside, whose value matches. Entries that cannot be read are not
   * matched (they are reported already).
   */
  async find(match: (value: T) => boolean): Promise<{ pending: string[]; rejected: string[] }> {
    const matching = async (files: readonly string[], dir: string) => {
      const found: string[] = [];
      for (const file of files) {
        const read = await this.#read(path.join(dir, file));
        if (read.ok && match(read.value)) found.push(file);
      }
      return found;
    };
    return { pending: await matching([...this.#queue], ''), rejected: await matching(await this.#folder.rejectedFiles(), REJECTED_DIR) };
  }

  /**
   * Deletes the matching entries, waiting or set aside; returns how many. An entry being
   * processed at that moment may still be done.
   */
  async discard(match: (value: T) => boolean): Promise<number> {
    const { pending, rejected } = await this.find(match);
    const dropped = new Set(pending);
    this.#queue = this.#queue.filter((f) => !dropped.has(f));
    await this.#folder.remove([...pending, ...rejected.map((f) => path.join(REJECTED_DIR, f))]);
    this.#rejected = Math.max(0, this.#rejected - rejected.length);
    return pending.length + rejected.length;
  }

  /** Moves an entry to rejected/ with the reason beside it. */
  async reject(file: string, reason: string): Promise<void> {
    await this.#folder.reject(file, reason);
    this.#queue = this.#queue.filter((f) => f !== file);
    this.#rejected++;
  }

  async #read(file: string): Promise<{ ok: true; file: string; value: T } | { ok: false; file: string; error: string }> {
    const read = await this.#folder.read(file, this.#entry);
    return read.ok ? { file, ok: true, value: read.value[this.#field] as T } : read;
  }
}
