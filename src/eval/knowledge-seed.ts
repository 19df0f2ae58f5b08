import { copyFileSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Config } from '../config/index.js';
import { knowledgeManifestFile } from '../knowledge/index.js';

/**
 * The knowledge index (its manifest: files' hashes, chunks, vectors) of the eval run's first
 * daemon, copied into each later daemon's own data directory before it starts. Every visit
 * indexes the same knowledge files, and chunking and embedding them was a fifth of a daemon's
 * start; with the manifest in place a daemon starts as after a restart (KnowledgeBase: files
 * hashed, unchanged ones reused, the collection written again from the manifest), and whatever
 * differs (a scenario's own knowledge folder or embedder) is indexed again as after any restart.
 * The knowledge is the robot's, nobody's personal data: no visit sees another's people, memories
 * or conversations, and each still writes its own collections.
 */
export class KnowledgeSeed {
  readonly #dir = mkdtempSync(path.join(tmpdir(), 'nadine-eval-seed-'));
  readonly #file = path.join(this.#dir, 'manifest.json');
  #kept = 0;

  /** Copies the kept manifest into a data directory (before its daemon starts); false when none is kept yet. */
  plant(config: Pick<Config, 'paths'>): boolean {
    if (!existsSync(this.#file)) return false;
    const target = knowledgeManifestFile(config);
    mkdirSync(path.dirname(target), { recursive: true });
    copyFileSync(this.#file, target);
    return true;
  }

  /** Keeps a daemon's manifest once its knowledge is indexed, unless one is kept already. */
  keep(config: Pick<Config, 'paths'>): void {
    const source = knowledgeManifestFile(config);
    if (existsSync(this.#file) || !existsSync(source)) return;
    // Renamed into place: a daemon starting meanwhile copies a whole manifest or none.
    const partial = `${this.#file}.${++this.#kept}`;
    copyFileSync(source, partial);
    renameSync(partial, this.#file);
  }

  remove(): void {
    rmSync(this.#dir, { recursive: true, force: true });
  }
}
