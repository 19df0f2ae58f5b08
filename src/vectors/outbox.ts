import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';

/**
 * The durable write queue in front of ChromaDB. Every write is an entry file
 * `<seq>.json` (zero-padded, so names sort in order), written atomically and fsynced before the
 * caller is told it is stored. Entries are applied in sequence order and deleted once applied.
 * An entry that cannot be read, or that the server refuses for good, is moved to `rejected/`
 * beside a `.reason` file: reported, kept for inspection, never silently lost.
 */

const Scalar = z.union([z.string(), z.number(), z.boolean()]);
const SpaceSchema = z.strictObject({ embedder: z.string().min(1), dims: z.number().int().positive() });
const WhereSchema = z.record(z.string(), z.json());

export const OutboxOpSchema = z.discriminatedUnion('op', [
  z.strictObject({
    op: z.literal('upsert'),
    collection: z.string().min(1),
    space: SpaceSchema,
    records: z
      .array(
        z.strictObject({
          id: z.string().min(1),
          embedding: z.array(z.number()),
          document: z.string(),
          metadata: z.record(z.string(), Scalar),
        }),
      )
      .min(1),
  }),
  z.strictObject({
    op: z.literal('delete'),
    collection: z.string().min(1),
    ids: z.array(z.string()).optional(),
    where: WhereSchema.optional(),
  }),
  z.strictObject({ op: z.literal('delete_collection'), collection: z.string().min(1) }),
]);
export type OutboxOp = z.infer<typeof OutboxOpSchema>;

const EntrySchema = z.strictObject({ format: z.literal(1), seq: z.number().int().nonnegative(), queuedAt: z.string(), op: OutboxOpSchema });

export type OutboxEntry = { seq: number; file: string } & ({ ok: true; op: OutboxOp } | { ok: false; error: string });

const ENTRY = /^(\d{12})\.json$/;
/** The parsed file, or null when it is gone or not JSON. */
const readJson = (file: string): Promise<unknown> =>
  readFile(file, 'utf8').then(
    (text) => {
      try {
        return JSON.parse(text) as unknown;
      } catch {
        return null;
      }
    },
    () => null,
  );
export const REJECTED_DIR = 'rejected';

export class Outbox {
  readonly #dir: string;
  /** Entry files in sequence order; an entry is listed only once it is on disk. */
  #queue: string[] = [];
  #nextSeq = 0;
  #rejected = 0;
  // Appends are serialised so that sequence order and queue order are the same.
  #appending: Promise<unknown> = Promise.resolve();

  constructor(dir: string) {
    this.#dir = dir;
  }

  get dir(): string {
    return this.#dir;
  }

  get pending(): number {
    return this.#queue.length;
  }

  get rejected(): number {
    return this.#rejected;
  }

  /** Reads what a previous run left: entries to replay, and leftovers of interrupted writes. */
  async open(): Promise<{ pending: number; removedPartial: number }> {
    await mkdir(path.join(this.#dir, REJECTED_DIR), { recursive: true });
    const names = await readdir(this.#dir);
    this.#queue = names.filter((n) => ENTRY.test(n)).sort();
    const rejected = (await readdir(path.join(this.#dir, REJECTED_DIR))).filter((n) => ENTRY.test(n));
    this.#rejected = rejected.length;
    // Sequence numbers are never reused, so a rejected entry is never overwritten by a later one.
    const seqs = [...this.#queue, ...rejected].map((n) => Number(ENTRY.exec(n)![1]));
    this.#nextSeq = seqs.length ? Math.max(...seqs) + 1 : 0;
    // write-file-atomic's temp files from a write cut short: the caller was never told it was stored.
    const partial = names.filter((n) => n !== REJECTED_DIR && !ENTRY.test(n));
    for (const n of partial) await rm(path.join(this.#dir, n), { force: true });
    return { pending: this.#queue.length, removedPartial: partial.length };
  }

  /** Stores the write durably; resolves with its sequence number. */
  async append(op: OutboxOp): Promise<number> {
    const parsed = OutboxOpSchema.parse(op);
    const run = this.#appending.then(async () => {
      const seq = this.#nextSeq++;
      const file = `${String(seq).padStart(12, '0')}.json`;
      const entry = { format: 1, seq, queuedAt: new Date().toISOString(), op: parsed };
      await writeFileAtomic(path.join(this.#dir, file), JSON.stringify(entry), { fsync: true });
      this.#queue.push(file);
      return seq;
    });
    this.#appending = run.catch(() => undefined);
    return run;
  }

  /** The oldest entry, read and validated; null when the queue is empty. */
  async peek(): Promise<OutboxEntry | null> {
    const file = this.#queue[0];
    if (!file) return null;
    const seq = Number(ENTRY.exec(file)![1]);
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(path.join(this.#dir, file), 'utf8'));
    } catch (err) {
      // Discarded while it was being read (forget-me): not a corrupt entry, just gone.
      if (!this.#queue.includes(file)) return this.peek();
      return { seq, file, ok: false, error: `unreadable: ${(err as Error).message}` };
    }
    const entry = EntrySchema.safeParse(raw);
    if (!entry.success) {
      return { seq, file, ok: false, error: `invalid: ${entry.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}` };
    }
    return { seq, file, ok: true, op: entry.data.op };
  }

  /** The entry was applied: forget it. */
  async done(file: string): Promise<void> {
    await rm(path.join(this.#dir, file), { force: true });
    this.#queue = this.#queue.filter((f) => f !== file);
  }

  // Forget-me reaches writes that have not reached the server yet.
  /**
   * Entry files, waiting or set aside, whose write matches: e.g. every write to a forgotten
   * person's collection. Entries that cannot be read are not matched (they are reported already).
   */
  async find(match: (op: OutboxOp) => boolean): Promise<{ pending: string[]; rejected: string[] }> {
    const matching = async (dir: string, files: readonly string[]) => {
      const found: string[] = [];
      for (const file of files) {
        const entry = EntrySchema.safeParse(await readJson(path.join(dir, file)));
        if (entry.success && match(entry.data.op)) found.push(file);
      }
      return found;
    };
    const rejectedDir = path.join(this.#dir, REJECTED_DIR);
    const rejected = (await readdir(rejectedDir).catch(() => [] as string[])).filter((n) => ENTRY.test(n)).sort();
    return { pending: await matching(this.#dir, [...this.#queue]), rejected: await matching(rejectedDir, rejected) };
  }

  /** The waiting writes that match, in the order they will be applied. */
  async pendingOps(match: (op: OutboxOp) => boolean): Promise<OutboxOp[]> {
    const ops: OutboxOp[] = [];
    for (const file of [...this.#queue]) {
      const entry = EntrySchema.safeParse(await readJson(path.join(this.#dir, file)));
      if (entry.success && match(entry.data.op)) ops.push(entry.data.op);
    }
    return ops;
  }

  /**
   * Deletes the matching entries, waiting or set aside; returns how many. An entry being applied
   * at that moment may still reach the server: a delete queued afterwards removes it there.
   */
  async discard(match: (op: OutboxOp) => boolean): Promise<number> {
    const { pending, rejected } = await this.find(match);
    const dropped = new Set(pending);
    this.#queue = this.#queue.filter((f) => !dropped.has(f));
    for (const file of pending) await rm(path.join(this.#dir, file), { force: true });
    for (const file of rejected) {
      await rm(path.join(this.#dir, REJECTED_DIR, file), { force: true });
      await rm(path.join(this.#dir, REJECTED_DIR, `${file}.reason`), { force: true });
    }
    this.#rejected = Math.max(0, this.#rejected - rejected.length);
    return pending.length + rejected.length;
  }

  /** Moves an entry to rejected/ with the reason beside it. */
  async reject(file: string, reason: string): Promise<void> {
    const target = path.join(this.#dir, REJECTED_DIR, file);
    await writeFileAtomic(`${target}.reason`, `${new Date().toISOString()} ${reason}\n`);
    await rename(path.join(this.#dir, file), target).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
    this.#queue = this.#queue.filter((f) => f !== file);
    this.#rejected++;
  }
}
