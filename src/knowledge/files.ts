import { createHash } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';

export interface ScannedFile {
  sha256: string;
  size: number;
  mtimeMs: number;
  /** The text, when the file was read in this scan (not when its hash was taken from the last one). */
  source?: string;
}

export interface FolderScan {
  /** By path under the folder, with "/" separators. */
  files: Map<string, ScannedFile>;
  /** Files left out, with why (too large, not UTF-8, unreadable). */
  skipped: { file: string; reason: string }[];
  /** The folder itself does not exist. */
  missing: boolean;
}

export interface ScanOptions {
  maxFileBytes: number;
  /**
   * Hashes from the previous scan: a file with the same size and modification time keeps its
   * hash without being read (the cheap check before a question). Omit to read every file.
   */
  known?: ReadonlyMap<string, { sha256: string; size: number; mtimeMs: number }>;
}

const MARKDOWN = /\.(md|markdown)$/i;
const utf8 = new TextDecoder('utf-8', { fatal: true });

async function walk(dir: string, rel: string, out: string[]): Promise<void> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (err) {
    if (rel === '') throw err;
    return; // a sub-folder removed while walking
  }
  for (const entry of entries) {
    // Hidden files are editors' swap and backup files (".about.md.swp"), not knowledge.
    if (entry.name.startsWith('.')) continue;
    const full = path.join(dir, entry.name);
    const relPath = rel ? `${rel}/${entry.name}` : entry.name;
    let isDir = entry.isDirectory();
    let isFile = entry.isFile();
    if (entry.isSymbolicLink()) {
      const target = await stat(full).catch(() => null);
      isDir = target?.isDirectory() ?? false;
      isFile = target?.isFile() ?? false;
    }
    if (isDir) await walk(full, relPath, out);
    else if (isFile && MARKDOWN.test(entry.name)) out.push(relPath);
  }
}

/** The markdown files under `dir` (recursively), each with the SHA-256 of its content. */
export async function scanFolder(dir: string, options: ScanOptions): Promise<FolderScan> {
  const scan: FolderScan = { files: new Map(), skipped: [], missing: false };
  const names: string[] = [];
  try {
    await walk(dir, '', names);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT' || (err as NodeJS.ErrnoException).code === 'ENOTDIR') {
      scan.missing = true;
      return scan;
    }
    throw err;
  }
  for (const name of names.sort()) {
    const full = path.join(dir, ...name.split('/'));
    try {
      const info = await stat(full);
      if (info.size > options.maxFileBytes) {
        scan.skipped.push({ file: name, reason: `larger than ${options.maxFileBytes} bytes` });
        continue;
      }
      const known = options.known?.get(name);
      if (known && known.size === info.size && known.mtimeMs === info.mtimeMs) {
        scan.files.set(name, { sha256: known.sha256, size: info.size, mtimeMs: info.mtimeMs });
        continue;
      }
      const bytes = await readFile(full);
      let source: string;
      try {
        source = utf8.decode(bytes);
      } catch {
        scan.skipped.push({ file: name, reason: 'not UTF-8 text' });
        continue;
      }
      scan.files.set(name, { sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length, mtimeMs: info.mtimeMs, source });
    } catch (err) {
      // Removed between listing and reading: it is simply not there any more.
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') scan.skipped.push({ file: name, reason: (err as Error).message });
    }
  }
  return scan;
}

/** Reads one file of a scan whose text was not read (its hash came from the previous scan). */
export async function readKnowledgeFile(dir: string, file: string): Promise<string> {
  return utf8.decode(await readFile(path.join(dir, ...file.split('/'))));
}
