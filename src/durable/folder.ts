import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from './atomic-file.js';
import { z } from 'zod';
import { oneLineZodError } from '../log/index.js';

export const REJECTED_DIR = 'rejected';

/** A file read and validated, or why it could not be. */
export type DurableRead<T> = { file: string; ok: true; value: T } | { file: string; ok: false; error: string };

/**
 * The folder under every durable queue: one JSON file per entry, written atomically and fsynced
 * before the caller is told it is stored; names that sort in the order entries are processed; an
 * entry that cannot be read or used moved to `rejected/` beside a `.reason` file (reported, kept
 * for inspection, never silently lost). Anything else in the folder is what is left of a write
 * cut short, whose caller was never told it was stored: removed on open.
 */
export class DurableFolder {
  constructor(
    readonly dir: string,
    /** Names of entry files; everything else (temp files) is a partial write. */
    readonly entry: RegExp,
  ) {}

  async open(): Promise<{ pending: number; removedPartial: number }> {
    await mkdir(path.join(this.dir, REJECTED_DIR), { recursive: true });
    const names = await readdir(this.dir);
    const partial = names.filter((n) => n !== REJECTED_DIR && !this.entry.test(n));
    for (const n of partial) await rm(path.join(this.dir, n), { recursive: true, force: true });
    return { pending: names.filter((n) => this.entry.test(n)).length, removedPartial: partial.length };
  }

  /** Durable when it resolves: on disk and fsynced, never half-written. */
  async write(file: string, value: unknown): Promise<void> {
    await writeFileAtomically(path.join(this.dir, file), JSON.stringify(value));
  }

  /** Waiting entries, in processing order. */
  files(): Promise<string[]> {
    return this.#list(this.dir);
  }

  rejectedFiles(): Promise<string[]> {
    return this.#list(path.join(this.dir, REJECTED_DIR));
  }

  /** Reads an entry (`rejected/<name>` for one set aside) and validates it. */
  async read<T>(file: string, schema: z.ZodType<T>): Promise<DurableRead<T>> {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(path.join(this.dir, file), 'utf8'));
    } catch (err) {
      return { file, ok: false, error: `unreadable: ${(err as Error).message}` };
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) return { file, ok: false, error: `invalid: ${oneLineZodError(parsed.error)}` };
    return { file, ok: true, value: parsed.data };
  }

  /** The entry's text, or null when it is gone. */
  text(file: string): Promise<string | null> {
    return readFile(path.join(this.dir, file), 'utf8').catch(() => null);
  }

  /** Moves an entry to rejected/ with the reason beside it (already gone: only the reason). */
  async reject(file: string, reason: string): Promise<void> {
    const target = path.join(this.dir, REJECTED_DIR, file);
    // Made on open, but an operator may have cleared it by hand since: the entry must still be kept.
    await mkdir(path.dirname(target), { recursive: true });
    await writeFileAtomically(`${target}.reason`, `${new Date().toISOString()} ${reason}\n`);
    await rename(path.join(this.dir, file), target).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  /** Deletes entries (`rejected/<name>` for ones set aside, with their reasons). */
  async remove(files: readonly string[]): Promise<void> {
    for (const file of files) {
      await rm(path.join(this.dir, file), { force: true });
      await rm(path.join(this.dir, `${file}.reason`), { force: true });
    }
  }

  async #list(dir: string): Promise<string[]> {
    return (await readdir(dir).catch(() => [] as string[])).filter((n) => this.entry.test(n)).sort();
  }
}
