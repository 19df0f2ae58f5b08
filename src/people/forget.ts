import type { ForgetReport } from './contract.js';
import type { Logger } from '../log/index.js';

/**
 * One place that holds something about a person: the profile store, the brain's conversations,
 * and later the episodic memory in ChromaDB. Forget-me asks each to delete, then each to look
 * again, so that the report says what is really gone rather than what was attempted.
 */
export interface Forgetter {
  readonly name: string;
  /** Deletes everything about the person; returns what was removed (human-readable). */
  forget(userId: string): Promise<string[]> | string[];
  /** What is still there about the person: empty once forgotten. */
  traces(userId: string): Promise<string[]> | string[];
}

export class Forgetting {
  readonly #forgetters: Forgetter[] = [];

  constructor(private readonly log: Logger) {}

  /** Another store of personal data (e.g. the episodic memory) registers here. */
  register(forgetter: Forgetter): void {
    this.#forgetters.push(forgetter);
  }

  get names(): string[] {
    return this.#forgetters.map((f) => f.name);
  }

  /** Runs every forgetter (one failing does not stop the others), then verifies. */
  async forget(userId: string): Promise<ForgetReport> {
    const removed: string[] = [];
    const failed: ForgetReport['failed'] = [];
    for (const forgetter of this.#forgetters) {
      try {
        removed.push(...(await forgetter.forget(userId)).map((what) => `${forgetter.name}: ${what}`));
      } catch (err) {
        failed.push({ store: forgetter.name, error: (err as Error).message });
      }
    }
    const remaining = await this.traces(userId);
    const report: ForgetReport = { user_id: userId, ok: failed.length === 0 && remaining.length === 0, removed, remaining, failed };
    const log = this.log.child({ user_id: userId });
    if (report.ok) log.info({ removed }, 'forget-me: everything about the person is deleted');
    else log.error({ removed, remaining, failed }, 'forget-me: something about the person is left');
    return report;
  }

  async traces(userId: string): Promise<string[]> {
    const found: string[] = [];
    for (const forgetter of this.#forgetters) {
      try {
        found.push(...(await forgetter.traces(userId)).map((what) => `${forgetter.name}: ${what}`));
      } catch (err) {
        found.push(`${forgetter.name}: cannot be checked (${(err as Error).message})`);
      }
    }
    return found;
  }
}
