import { statSync } from 'node:fs';
import path from 'node:path';
import { INTENT_META_FILE, INTENT_MODEL_FILE, type OnnxIntentClassifier } from './intent/index.js';

/**
 * Models loaded once and lent to every daemon started with the same shelf in one process: the
 * eval starts a daemon per visit, and loading the intent model (reading its weights back,
 * checking them against onnxruntime) was a fifth of each start. Only what holds no state of its
 * own is lent: the intent model computing in JS (its `sparse` engine: weights read, never
 * written); one on onnxruntime reuses an input buffer across calls and is loaded per daemon. A
 * model whose files changed on disk is loaded again. Each daemon still checks the model's
 * freshness and reports its own health.
 */
export class ModelShelf {
  readonly #intent = new Map<string, OnnxIntentClassifier>();
  #loads = 0;

  /** How many models were loaded (not lent) through the shelf. */
  get loads(): number {
    return this.#loads;
  }

  async intent(dir: string, load: (dir: string) => Promise<OnnxIntentClassifier>): Promise<OnnxIntentClassifier> {
    const key = versionOf(dir, [INTENT_META_FILE, INTENT_MODEL_FILE]);
    // Missing files: the loader says what is wrong, as without a shelf.
    if (key === null) return load(dir);
    const kept = this.#intent.get(key);
    if (kept) return kept;
    this.#loads++;
    const loaded = await load(dir);
    if (loaded.engine === 'sparse') this.#intent.set(key, loaded);
    return loaded;
  }
}

/** The files' paths, sizes and modification times; null when one is missing. */
function versionOf(dir: string, files: readonly string[]): string | null {
  const parts: string[] = [];
  for (const f of files) {
    const stat = statSync(path.join(dir, f), { throwIfNoEntry: false });
    if (!stat) return null;
    parts.push(`${path.resolve(dir, f)}:${stat.mtimeMs}:${stat.size}`);
  }
  return parts.join('|');
}
