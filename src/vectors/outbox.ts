import { z } from 'zod';
import { DurableQueue } from '../durable/index.js';

/**
 * The durable write queue in front of ChromaDB (a durable queue: entry files in sequence order,
 * on disk before the caller is told it is stored). Entries are applied in sequence order and
 * deleted once applied. An entry that cannot be read, or that the server refuses for good, is
 * moved to `rejected/` beside a `.reason` file.
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

export type OutboxEntry = { seq: number; file: string } & ({ ok: true; op: OutboxOp } | { ok: false; error: string });

export { REJECTED_DIR } from '../durable/index.js';

export class Outbox {
  readonly #queue: DurableQueue<OutboxOp>;

  constructor(dir: string) {
    this.#queue = new DurableQueue(dir, { schema: OutboxOpSchema, field: 'op' });
  }

  get dir(): string {
    return this.#queue.dir;
  }

  get pending(): number {
    return this.#queue.pending;
  }

  get rejected(): number {
    return this.#queue.rejected;
  }

  /** Reads what a previous run left: entries to replay, and leftovers of interrupted writes. */
  open(): Promise<{ pending: number; removedPartial: number }> {
    return this.#queue.open();
  }

  /** Stores the write durably; resolves with its sequence number. */
  append(op: OutboxOp): Promise<number> {
    return this.#queue.append(op);
  }

  /** The oldest entry, read and validated; null when the queue is empty. */
  async peek(): Promise<OutboxEntry | null> {
    const entry = await this.#queue.peek();
    if (!entry?.ok) return entry;
    return { seq: entry.seq, file: entry.file, ok: true, op: entry.value };
  }

  /** The entry was applied: forget it. */
  done(file: string): Promise<void> {
    return this.#queue.done(file);
  }

  // Forget-me reaches writes that have not reached the server yet.
  /** Entry files, waiting or set aside, whose write matches: e.g. every write to a forgotten person's collection. */
  find(match: (op: OutboxOp) => boolean): Promise<{ pending: string[]; rejected: string[] }> {
    return this.#queue.find(match);
  }

  /** The waiting writes that match, in the order they will be applied. */
  async pendingOps(match: (op: OutboxOp) => boolean): Promise<OutboxOp[]> {
    return (await this.#queue.values()).map((e) => e.value).filter(match);
  }

  /**
   * Deletes the matching entries, waiting or set aside; returns how many. An entry being applied
   * at that moment may still reach the server: a delete queued afterwards removes it there.
   */
  discard(match: (op: OutboxOp) => boolean): Promise<number> {
    return this.#queue.discard(match);
  }

  /** Moves an entry to rejected/ with the reason beside it. */
  reject(file: string, reason: string): Promise<void> {
    return this.#queue.reject(file, reason);
  }
}
