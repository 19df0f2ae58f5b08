import { createHash } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { PendingConversationSchema, type PendingConversation } from './schema.js';

/**
 * Finished conversations waiting to be summarised and stored, one JSON file each, written
 * atomically and fsynced before the farewell turn goes on: the raw words survive a crash or a
 * restart, and are summarised when the daemon runs again. Files are named by when the
 * conversation ended, so they are processed in that order. A file that cannot be read or
 * validated is moved to `rejected/` with the reason beside it: reported, never silently lost.
 */

const JOB = /^(\d{15})-([0-9a-f]{16})\.json$/;
export const REJECTED = 'rejected';

export type QueuedRead = { file: string; ok: true; job: PendingConversation } | { file: string; ok: false; error: string };

const conversationKey = (conversationId: string) => createHash('sha256').update(conversationId).digest('hex').slice(0, 16);

export class ConversationQueue {
  constructor(readonly dir: string) {}

  /** Creates the folders; removes temp files of writes cut short (their turn never saw them stored). */
  async open(): Promise<{ pending: number; removedPartial: number }> {
    await mkdir(path.join(this.dir, REJECTED), { recursive: true });
    const names = await readdir(this.dir);
    const partial = names.filter((n) => n !== REJECTED && !JOB.test(n));
    for (const n of partial) await rm(path.join(this.dir, n), { recursive: true, force: true });
    return { pending: names.filter((n) => JOB.test(n)).length, removedPartial: partial.length };
  }

  /**
   * Stores the conversation durably. A newer version of the same conversation (a farewell cut
   * short, then the conversation went on) replaces the older one still waiting.
   */
  async add(job: PendingConversation): Promise<string> {
    const parsed = PendingConversationSchema.parse(job);
    const key = conversationKey(parsed.conversation_id);
    const file = `${String(Date.parse(parsed.ended_at)).padStart(15, '0')}-${key}.json`;
    await writeFileAtomic(path.join(this.dir, file), JSON.stringify(parsed), { fsync: true });
    for (const older of (await this.files()).filter((f) => f !== file && JOB.exec(f)?.[2] === key)) await rm(path.join(this.dir, older), { force: true });
    return file;
  }

  /** Waiting files, oldest conversation first. */
  async files(): Promise<string[]> {
    return (await readdir(this.dir).catch(() => [] as string[])).filter((n) => JOB.test(n)).sort();
  }

  async read(file: string): Promise<QueuedRead> {
    let raw: unknown;
    try {
      raw = JSON.parse(await readFile(path.join(this.dir, file), 'utf8'));
    } catch (err) {
      return { file, ok: false, error: `unreadable: ${(err as Error).message}` };
    }
    const job = PendingConversationSchema.safeParse(raw);
    if (!job.success) return { file, ok: false, error: `invalid: ${job.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}` };
    return { file, ok: true, job: job.data };
  }

  /** Stored in the vector store: the file is no longer needed. */
  async done(file: string): Promise<void> {
    await rm(path.join(this.dir, file), { force: true });
  }

  async reject(file: string, reason: string): Promise<void> {
    const target = path.join(this.dir, REJECTED, file);
    await writeFileAtomic(`${target}.reason`, `${new Date().toISOString()} ${reason}\n`);
    await rename(path.join(this.dir, file), target).catch((err: NodeJS.ErrnoException) => {
      if (err.code !== 'ENOENT') throw err;
    });
  }

  async rejectedCount(): Promise<number> {
    return (await readdir(path.join(this.dir, REJECTED)).catch(() => [] as string[])).filter((n) => JOB.test(n)).length;
  }

  /**
   * Files (waiting or set aside) that hold this person's words. A file that cannot be parsed is
   * searched as text for the id, so forget-me also finds a damaged file about them.
   */
  async filesOf(userId: string): Promise<string[]> {
    const found: string[] = [];
    for (const [dir, files] of [
      ['', await this.files()],
      [REJECTED, (await readdir(path.join(this.dir, REJECTED)).catch(() => [] as string[])).filter((n) => JOB.test(n))],
    ] as const) {
      for (const file of files) {
        const text = await readFile(path.join(this.dir, dir, file), 'utf8').catch(() => null);
        if (text === null) continue;
        const parsed = PendingConversationSchema.safeParse(safeJson(text));
        if (parsed.success ? parsed.data.user_id === userId : text.includes(JSON.stringify(userId).slice(1, -1))) found.push(path.join(dir, file));
      }
    }
    return found;
  }

  /** Deletes files (as named by filesOf), with their reasons for rejected ones. */
  async remove(files: readonly string[]): Promise<void> {
    for (const file of files) {
      await rm(path.join(this.dir, file), { force: true });
      await rm(path.join(this.dir, `${file}.reason`), { force: true });
    }
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
