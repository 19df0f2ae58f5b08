import { createHash } from 'node:crypto';
import path from 'node:path';
import { DurableFolder, REJECTED_DIR } from '../durable/index.js';
import { PendingConversationSchema, type PendingConversation } from './schema.js';

/**
 * Finished conversations waiting to be summarised and stored, one entry file each in a durable
 * folder (fsynced before the farewell turn goes on): the raw words survive a crash or a restart,
 * and are summarised when the daemon runs again. Files are named by when the conversation ended,
 * so they are processed in that order. A file that cannot be read or validated is moved to
 * `rejected/` with the reason beside it: reported, never silently lost.
 */

const JOB = /^(\d{15})-([0-9a-f]{16})\.json$/;
export const REJECTED = REJECTED_DIR;

/** `gone`: the file was removed after it was listed (a newer version of its conversation replaced it): not damage. */
export type QueuedRead = { file: string; ok: true; job: PendingConversation } | { file: string; ok: false; error: string; gone?: true };

const conversationKey = (conversationId: string) => createHash('sha256').update(conversationId).digest('hex').slice(0, 16);

export class ConversationQueue {
  readonly #folder: DurableFolder;
  // Older versions of conversations just stored, still being removed: listings wait for it.
  #pruning: Promise<void> = Promise.resolve();

  constructor(readonly dir: string) {
    this.#folder = new DurableFolder(dir, JOB);
  }

  /** Creates the folders; removes temp files of writes cut short (their turn never saw them stored). */
  open(): Promise<{ pending: number; removedPartial: number }> {
    return this.#folder.open();
  }

  /**
   * Stores the conversation durably; resolves once it is on disk. A newer version of the same
   * conversation (a farewell cut short, then the conversation went on) replaces the older one
   * still waiting: removed after, the farewell does not wait for that.
   */
  async add(job: PendingConversation): Promise<string> {
    const parsed = PendingConversationSchema.parse(job);
    const key = conversationKey(parsed.conversation_id);
    const file = `${String(Date.parse(parsed.ended_at)).padStart(15, '0')}-${key}.json`;
    await this.#folder.write(file, parsed);
    this.#pruning = this.#pruning
      .then(async () => this.#folder.remove((await this.#folder.files()).filter((f) => f !== file && JOB.exec(f)?.[2] === key)))
      // A version left behind is only work done twice: the newer one replaces it whole.
      .catch(() => undefined);
    return file;
  }

  /** Waiting files, oldest conversation first. */
  async files(): Promise<string[]> {
    await this.#pruning;
    return this.#folder.files();
  }

  async read(file: string): Promise<QueuedRead> {
    const read = await this.#folder.read(file, PendingConversationSchema);
    if (read.ok) return { file, ok: true, job: read.value };
    return (await this.#folder.text(file)) === null ? { ...read, gone: true } : read;
  }

  /** Stored in the vector store: the file is no longer needed. */
  done(file: string): Promise<void> {
    return this.#folder.remove([file]);
  }

  reject(file: string, reason: string): Promise<void> {
    return this.#folder.reject(file, reason);
  }

  async rejectedCount(): Promise<number> {
    return (await this.#folder.rejectedFiles()).length;
  }

  /**
   * Files (waiting or set aside) that hold this person's words. A file that cannot be parsed is
   * searched as text for the id, so forget-me also finds a damaged file about them.
   */
  async filesOf(userId: string): Promise<string[]> {
    const found: string[] = [];
    const candidates = [...(await this.files()), ...(await this.#folder.rejectedFiles()).map((f) => path.join(REJECTED, f))];
    for (const file of candidates) {
      const text = await this.#folder.text(file);
      if (text === null) continue;
      const parsed = PendingConversationSchema.safeParse(safeJson(text));
      if (parsed.success ? parsed.data.user_id === userId : text.includes(JSON.stringify(userId).slice(1, -1))) found.push(file);
    }
    return found;
  }

  /** Deletes files (as named by filesOf), with their reasons for rejected ones. */
  remove(files: readonly string[]): Promise<void> {
    return this.#folder.remove(files);
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
