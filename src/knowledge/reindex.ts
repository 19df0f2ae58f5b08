import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import { createHash } from 'node:crypto';
import type { Embedder } from '../embeddings/index.js';
import type { VectorSpace } from '../vectors/index.js';
import { chunkMarkdown, type ChunkOptions } from './chunk.js';
import type { FolderScan } from './files.js';
import { CHUNKER_VERSION, type Chunking, type IndexedChunk, type IndexedFile, type KnowledgeIndexState } from './manifest.js';

export interface RefreshReport {
  reason: string;
  added: string[];
  changed: string[];
  removed: string[];
  /** Files with at least one chunk embedded by this refresh. */
  embeddedFiles: string[];
  /** Texts embedded, and chunks that kept the vector of an identical text. */
  embedded: number;
  reused: number;
  /** Everything was indexed again: another embedder, or no usable manifest. */
  rebuilt: boolean;
  files: number;
  chunks: number;
  skipped: { file: string; reason: string }[];
  warnings: { file: string; warning: string }[];
  ms: number;
}

/** What the ChromaDB collection needs so that it holds the new index. */
export interface CollectionWrites {
  /** Delete the whole collection first (its vectors are of another embedder, or unknown). */
  drop: boolean;
  upserts: IndexedChunk[];
  deletes: string[];
}

export interface ReindexContext {
  embedder: Embedder;
  chunking: ChunkOptions;
  /** Text of a file whose hash came from the previous scan (it was not read this time). */
  readFile(file: string): Promise<string>;
  signal?: AbortSignal;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const sameSpace = (a: VectorSpace, b: VectorSpace) => a.embedder === b.embedder && a.dims === b.dims;
const sameChunking = (a: Chunking | null, b: Chunking) => a !== null && a.version === b.version && a.maxChars === b.maxChars && a.overlapChars === b.overlapChars;

/**
 * The new index for a scan of the folder: unchanged files keep their entries as they are;
 * added and changed files are chunked again, and only chunks whose text is new are embedded (a
 * chunk whose text is already in the index keeps its vector). Another embedder than the one of
 * the stored vectors rebuilds everything. Throws when embedding fails (the caller keeps the old index).
 */
export async function reindex(
  previous: KnowledgeIndexState,
  scan: FolderScan,
  ctx: ReindexContext,
): Promise<{ next: KnowledgeIndexState; writes: CollectionWrites; report: Omit<RefreshReport, 'reason' | 'ms'>; modified: boolean }> {
  const space: VectorSpace = { embedder: ctx.embedder.id, dims: ctx.embedder.dims };
  const chunking: Chunking = { version: CHUNKER_VERSION, ...ctx.chunking };
  const rebuilt = previous.space === null || !sameSpace(previous.space, space);
  const rechunkAll = rebuilt || !sameChunking(previous.chunking, chunking);
  const reusable = new Map<string, Float32Array>();
  if (!rebuilt) for (const file of previous.files.values()) for (const c of file.chunks) reusable.set(c.sha, c.vector);

  const files = new Map<string, IndexedFile>();
  const added: string[] = [];
  const changed: string[] = [];
  const warnings: { file: string; warning: string }[] = [];
  const pending = new Map<string, { text: string; file: string }>();
  const rechunked: { name: string; entry: Omit<IndexedFile, 'chunks'>; chunks: (Omit<IndexedChunk, 'vector'> & { vector: Float32Array | null })[] }[] = [];
  let metadataOnly = false;

  for (const [name, scanned] of scan.files) {
    const prev = previous.files.get(name);
    const entry = { sha256: scanned.sha256, size: scanned.size, mtimeMs: scanned.mtimeMs };
    if (!rechunkAll && prev && prev.sha256 === scanned.sha256) {
      metadataOnly ||= prev.size !== scanned.size || prev.mtimeMs !== scanned.mtimeMs;
      files.set(name, { ...prev, ...entry });
      continue;
    }
    if (!prev) added.push(name);
    else if (prev.sha256 !== scanned.sha256) changed.push(name);
    const source = scanned.source ?? (await ctx.readFile(name));
    const parsed = chunkMarkdown(name, source, ctx.chunking);
    warnings.push(...parsed.warnings.map((warning) => ({ file: name, warning })));
    const chunks = parsed.chunks.map((c) => {
      const sha = sha256(c.embedText);
      const vector = reusable.get(sha) ?? null;
      if (!vector && !pending.has(sha)) pending.set(sha, { text: c.embedText, file: name });
      return { ...c, sha, vector };
    });
    rechunked.push({ name, entry, chunks });
    // A folder read at start is chunked in one go otherwise: the daemon would hear nobody meanwhile.
    await nextTurnOfEventLoop();
  }

  const texts = [...pending.values()];
  const vectors = texts.length ? await ctx.embedder.embed(texts.map((t) => t.text), ctx.signal) : [];
  const computed = new Map([...pending.keys()].map((sha, i) => [sha, vectors[i]!]));
  let reused = 0;
  const upserts: IndexedChunk[] = [];
  const deletes: string[] = [];
  for (const { name, entry, chunks } of rechunked) {
    const done = chunks.map((c) => {
      if (c.vector) reused++;
      return { ...c, vector: c.vector ?? computed.get(c.sha)! };
    });
    files.set(name, { ...entry, chunks: done });
    upserts.push(...done);
    const before = previous.files.get(name)?.chunks ?? [];
    deletes.push(...before.filter((c) => c.index >= done.length).map((c) => c.id));
  }
  const removed = [...previous.files.keys()].filter((name) => !scan.files.has(name));
  if (!rebuilt) for (const name of removed) deletes.push(...previous.files.get(name)!.chunks.map((c) => c.id));

  // Keep the folder's order (the scan is sorted), so topics and ties read the same after every refresh.
  const ordered = new Map([...scan.files.keys()].filter((n) => files.has(n)).map((n) => [n, files.get(n)!]));
  const next: KnowledgeIndexState = { space, chunking, files: ordered };
  const report = {
    added,
    changed,
    removed,
    embeddedFiles: [...new Set(texts.map((t) => t.file))],
    embedded: texts.length,
    reused,
    rebuilt,
    files: ordered.size,
    chunks: [...ordered.values()].reduce((n, f) => n + f.chunks.length, 0),
    skipped: scan.skipped,
    warnings,
  };
  const modified = rechunkAll || metadataOnly || added.length + changed.length + removed.length > 0;
  return { next, writes: { drop: rebuilt, upserts: rebuilt ? [...ordered.values()].flatMap((f) => f.chunks) : upserts, deletes: rebuilt ? [] : deletes }, report, modified };
}
