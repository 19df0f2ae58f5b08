import { mkdir, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { writeFileAtomically } from '../durable/index.js';
import { z } from 'zod';
import type { Health } from '../health/index.js';
import type { Logger } from '../log/index.js';
import { describeMood } from './describe.js';
import { advance, initialState, type AffectParams, type AffectState } from './dynamics.js';
import { EmotionIntensitySchema, OCC_EMOTIONS } from './emotions.js';
import { PadSchema } from './pad.js';
import type { AffectPort } from './port.js';
import { snapshot } from './snapshot.js';
import { oneLineZodError } from '../log/index.js';

/** The state file: the robot's affect at an instant, written after each turn that changed it. */
export const AffectFileSchema = z.strictObject({
  version: z.literal(1),
  /** The instant the state describes. */
  at: z.iso.datetime(),
  saved_at: z.iso.datetime(),
  mood: PadSchema,
  emotions: z.array(EmotionIntensitySchema).max(OCC_EMOTIONS.length),
});
export type AffectFile = z.infer<typeof AffectFileSchema>;

export interface AffectStoreOptions {
  file: string;
  params: AffectParams;
  /** The wall time at start: the mood drifted back while the robot was off. */
  now: Date;
  log: Logger;
  health: Health;
  /** At most one write per this many ms (the last commit of a burst is written when it ends). */
  saveIntervalMs?: number;
}

const COMPONENT = 'affect';
/** A crash loses at most this much of the robot's affect; back-to-back turns do not each hit the disk. */
const SAVE_INTERVAL_MS = 2_000;

/**
 * The robot's affect, kept in a JSON file so that it survives restarts. Reads are validated (a
 * corrupt file is reported, set aside, and the default mood is used); writes are atomic
 * (write-temp-then-rename), one at a time, and throttled: the first commit is written at once, a
 * burst of commits after it is written as its latest state when the save interval has passed, and
 * flush() (at shutdown) writes whatever is pending.
 */
export class AffectStore implements AffectPort {
  readonly params: AffectParams;
  readonly file: string;
  #state: AffectState;
  readonly #log: Logger;
  readonly #health: Health;
  readonly #interval: number;
  #writing: Promise<void> | null = null;
  #timer: NodeJS.Timeout | null = null;
  #dirty = false;
  #lastWrite = -Infinity;

  private constructor(options: AffectStoreOptions, state: AffectState) {
    this.params = options.params;
    this.file = options.file;
    this.#state = state;
    this.#log = options.log.child({ component: COMPONENT });
    this.#health = options.health;
    this.#interval = options.saveIntervalMs ?? SAVE_INTERVAL_MS;
  }

  static async open(options: AffectStoreOptions): Promise<AffectStore> {
    const { file, params, log, health } = options;
    const now = options.now.getTime();
    const loaded = await load(file, log);
    let state = initialState(params, now);
    let note = loaded.note;
    if (loaded.data) {
      // A clock that went backwards must not make time run backwards for the mood.
      const at = Math.min(Date.parse(loaded.data.at), now);
      state = advance({ at, mood: loaded.data.mood, emotions: loaded.data.emotions }, now, params);
      note = `restored from ${file}, saved ${Math.round((now - at) / 60_000)} min ago`;
    }
    const mood = describeMood(snapshot(state));
    log.info({ component: COMPONENT, file, mood: snapshot(state).mood, emotions: state.emotions.length }, `affect: ${note}; mood ${mood}`);
    health.set(COMPONENT, 'ok', `${note}; mood ${mood}`);
    return new AffectStore(options, state);
  }

  current(now: Date): AffectState {
    return advance(this.#state, now.getTime(), this.params);
  }

  commit(state: AffectState): void {
    this.#state = state;
    this.#dirty = true;
    this.#schedule();
  }

  /** Resolves when every committed state is on disk (or its write has failed and been reported). */
  async flush(): Promise<void> {
    for (;;) {
      if (this.#timer) clearTimeout(this.#timer);
      this.#timer = null;
      if (!this.#writing && this.#dirty) this.#writing = this.#save();
      if (!this.#writing) return;
      await this.#writing;
    }
  }

  #schedule(): void {
    if (this.#writing || this.#timer || !this.#dirty) return;
    const wait = this.#lastWrite + this.#interval - performance.now();
    if (wait <= 0) {
      this.#writing = this.#save();
      return;
    }
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#schedule();
    }, wait);
    this.#timer.unref();
  }

  async #save(): Promise<void> {
    try {
      this.#dirty = false;
      this.#lastWrite = performance.now();
      await this.#write(this.#state);
    } finally {
      this.#writing = null;
      this.#schedule();
    }
  }

  async #write(state: AffectState): Promise<void> {
    const data: AffectFile = {
      version: 1,
      at: new Date(state.at).toISOString(),
      saved_at: new Date().toISOString(),
      mood: state.mood,
      emotions: state.emotions,
    };
    try {
      await mkdir(path.dirname(this.file), { recursive: true });
      await writeFileAtomically(this.file, `${JSON.stringify(data, null, 2)}\n`);
      if (this.#health.get(COMPONENT)?.status !== 'ok') this.#health.set(COMPONENT, 'ok', `saving to ${this.file} again`);
    } catch (err) {
      this.#log.error({ file: this.file, err: (err as Error).message }, 'affect: cannot save the state; it is kept in memory');
      this.#health.set(COMPONENT, 'degraded', `cannot save to ${this.file} (${(err as Error).message}); the affect state lives in memory only`);
    }
  }
}

async function load(file: string, log: Logger): Promise<{ data: AffectFile | null; note: string }> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { data: null, note: 'no saved state yet, starting at the default mood' };
    log.error({ component: COMPONENT, file, err: (err as Error).message }, 'affect: cannot read the saved state; starting at the default mood');
    return { data: null, note: `could not read ${file} (${(err as Error).message}), started at the default mood` };
  }
  let problem: string;
  try {
    const parsed = AffectFileSchema.safeParse(JSON.parse(text));
    if (parsed.success) return { data: parsed.data, note: '' };
    problem = oneLineZodError(parsed.error);
  } catch (err) {
    problem = `not JSON: ${(err as Error).message}`;
  }
  // Keep the bad file for a human to look at, out of the way of the next save.
  const aside = `${file}.corrupt-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  await rename(file, aside).catch(() => undefined);
  log.error({ component: COMPONENT, file, aside, problem }, 'affect: the saved state is invalid; set aside, starting at the default mood');
  return { data: null, note: `the saved state was invalid (${problem}) and was moved to ${aside}; started at the default mood` };
}
