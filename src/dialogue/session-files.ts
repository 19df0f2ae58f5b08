import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { writeFileAtomically } from '../durable/index.js';
import type { Logger } from '../log/index.js';
import { LanguageSchema } from '../config/index.js';
import { NameConfirmationSchema, UserIdSchema } from '../people/index.js';
import { ChatMessageSchema, UserInfoSchema, type Session } from './state.js';

const SessionFileSchema = z.object({
  format: z.literal(1),
  messages: z.array(ChatMessageSchema),
  user_info: UserInfoSchema,
  language: LanguageSchema,
  name_confirmation: NameConfirmationSchema.nullable(),
  name_checked: z.boolean(),
  conversation_id: z.string().nullable().optional(),
  // Files written before conversations counted their turns: counting starts again.
  turn_number: z.number().int().nonnegative().optional(),
});

/**
 * Each known person's conversation on disk (`<paths.data>/conversations/<user_id>.json`), so that
 * it survives a restart: written atomically behind each turn, in order per person, and read back
 * when the person is next met. A stranger's conversation is never written. A corrupt file is set
 * aside and reported, never trusted.
 */
export class SessionFiles {
  readonly dir: string;
  readonly #log: Logger;
  readonly #writes = new Map<string, Promise<void>>();

  constructor(options: { dataDir: string; log: Logger }) {
    this.dir = path.join(options.dataDir, 'conversations');
    this.#log = options.log.child({ component: 'conversations' });
    mkdirSync(this.dir, { recursive: true });
  }

  /** The person's stored conversation, or null (none, or unreadable: set aside). */
  load(userId: string): Session | null {
    const file = this.#file(userId);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return null;
    }
    try {
      const { format: _, ...session } = SessionFileSchema.parse(JSON.parse(text));
      return session;
    } catch (err) {
      const why = err instanceof z.ZodError ? z.prettifyError(err).replace(/\n\s*/g, ' ') : (err as Error).message;
      const aside = `${file}.corrupt-${Date.now()}`;
      try {
        renameSync(file, aside);
      } catch {
        // Gone meanwhile: nothing to set aside.
      }
      this.#log.error({ user_id: userId, err: why, aside }, 'conversation file unreadable: set aside, the conversation starts afresh');
      return null;
    }
  }

  /** Queues the person's conversation to be written (after their earlier writes). */
  save(userId: string, session: Session): void {
    const data = `${JSON.stringify({ format: 1, ...session, conversation_id: session.conversation_id ?? null })}\n`;
    this.#queue(userId, () => writeFileAtomically(this.#file(userId), data));
  }

  /** Deletes the person's conversation file (after their queued writes); true when there was one. */
  async remove(userId: string): Promise<boolean> {
    let existed = false;
    await this.#queue(userId, async () => {
      existed = this.has(userId);
      rmSync(this.#file(userId), { force: true });
    });
    return existed;
  }

  has(userId: string): boolean {
    return readdirSync(this.dir).includes(`${userId}.json`);
  }

  /** Resolves once every queued write has landed (or failed and been logged). */
  async flush(): Promise<void> {
    while (this.#writes.size) await Promise.all(this.#writes.values());
  }

  #queue(userId: string, write: () => Promise<void>): Promise<void> {
    const next = (this.#writes.get(userId) ?? Promise.resolve())
      .then(write)
      .catch((err: Error) => this.#log.error({ user_id: userId, err: err.message }, 'conversation could not be written'))
      .finally(() => {
        if (this.#writes.get(userId) === next) this.#writes.delete(userId);
      });
    this.#writes.set(userId, next);
    return next;
  }

  #file(userId: string): string {
    // Ids become file names: never a path.
    return path.join(this.dir, `${UserIdSchema.parse(userId)}.json`);
  }
}
