import { watch, type FSWatcher } from 'node:fs';
import type { Logger } from '../log/index.js';

export interface FolderWatch {
  close(): void;
}

/**
 * Calls `changed` at once on every change under `dir` (so a question can tell the index is
 * stale), and `settled` once changes have stopped for `debounceMs` (an editor's save is
 * several events). Null when the folder cannot be watched (missing, or too many watches): the
 * periodic re-check before questions still notices changes, later.
 */
export function watchFolder(dir: string, debounceMs: number, on: { changed(): void; settled(): void; failed(): void }, log: Logger): FolderWatch | null {
  let timer: NodeJS.Timeout | null = null;
  let watcher: FSWatcher;
  try {
    // Recursive watching is native on Linux since Node 20 (inotify per folder), and on macOS and Windows.
    watcher = watch(dir, { recursive: true, persistent: false }, () => {
      on.changed();
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        on.settled();
      }, debounceMs);
    });
  } catch (err) {
    log.warn({ dir, err: (err as Error).message }, 'knowledge: cannot watch the folder; changes are noticed by the periodic re-check');
    return null;
  }
  watcher.on('error', (err) => {
    log.warn({ dir, err: err.message }, 'knowledge: folder watch failed; changes are noticed by the periodic re-check');
    close();
    on.failed();
  });
  const close = () => {
    if (timer) clearTimeout(timer);
    timer = null;
    watcher.close();
  };
  return { close };
}
