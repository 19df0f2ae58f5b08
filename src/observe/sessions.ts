import { readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/** Session ids name files: no separators, no "..", nothing hidden. */
export const SessionIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/, 'must be 1-128 characters of letters, digits, "_", ".", "-"')
  .refine((id) => !id.includes('..'), 'must not contain ".."');

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface SessionFile {
  id: string;
  date: string;
  file: string;
  bytes: number;
  modified: string;
}

/** Every session file, newest change first. */
export async function listSessionFiles(dir: string): Promise<SessionFile[]> {
  const days = (await readdir(dir).catch(() => [] as string[])).filter((d) => DAY.test(d));
  const found: SessionFile[] = [];
  for (const date of days) {
    const names = await readdir(path.join(dir, date)).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.jsonl'))) {
      const file = path.join(dir, date, name);
      const s = await stat(file).catch(() => null);
      if (s?.isFile()) found.push({ id: name.slice(0, -'.jsonl'.length), date, file, bytes: s.size, modified: s.mtime.toISOString() });
    }
  }
  return found.sort((a, b) => b.modified.localeCompare(a.modified));
}

/**
 * One session's lines, oldest day first (a session that runs past midnight stays in the file of
 * the day it began; a restart may open a second one). Unreadable lines (a crash mid-write) are
 * skipped and counted. Null when no such session exists.
 */
export async function readSession(dir: string, id: string): Promise<{ id: string; entries: unknown[]; skipped: number } | null> {
  const files = (await listSessionFiles(dir)).filter((f) => f.id === id).sort((a, b) => a.date.localeCompare(b.date));
  if (files.length === 0) return null;
  const entries: unknown[] = [];
  let skipped = 0;
  for (const f of files) {
    const text = await readFile(f.file, 'utf8').catch(() => '');
    for (const line of text.split('\n')) {
      if (!line.trim()) continue;
      try {
        entries.push(JSON.parse(line));
      } catch {
        skipped++;
      }
    }
  }
  return { id, entries, skipped };
}

export interface RetentionOptions {
  days: number;
  maxTotalBytes: number;
  now: Date;
  /** Files still being written. */
  keep: Set<string>;
}

/** Deletes session files older than `days`, then the oldest until the rest fit in `maxTotalBytes`. */
export async function pruneSessions(dir: string, o: RetentionOptions): Promise<{ removed: string[] }> {
  const files = await listSessionFiles(dir);
  const cutoff = o.now.getTime() - o.days * 86_400_000;
  const removed: string[] = [];
  let total = files.reduce((sum, f) => sum + f.bytes, 0);
  // Oldest first: age, then size.
  for (const f of [...files].reverse()) {
    const tooOld = Date.parse(f.modified) < cutoff;
    if ((tooOld || total > o.maxTotalBytes) && !o.keep.has(f.file)) {
      await rm(f.file, { force: true });
      removed.push(f.file);
      total -= f.bytes;
    }
  }
  // Empty day folders go with their last file.
  for (const date of new Set(files.map((f) => f.date))) {
    const folder = path.join(dir, date);
    if ((await readdir(folder).catch(() => ['?'])).length === 0) await rm(folder, { recursive: true, force: true });
  }
  return { removed };
}
