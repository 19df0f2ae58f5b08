import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { z } from 'zod';
import { LanguageSchema } from '../config/index.js';
import type { VectorSpace } from '../vectors/index.js';
import { chunkId, embedTextOf, type KnowledgeChunk } from './chunk.js';
import { sectionKey } from './layout.js';
import { oneLineZodError } from '../log/index.js';

/**
 * The knowledge index on disk (`<paths.data>/knowledge/manifest.json`): per file its content
 * hash and its chunks with their vectors. It is what makes a restart free (nothing is embedded
 * again), what tells added, changed and removed files apart, and what the ChromaDB collection is
 * rebuilt from, without embedding anything, if the collection is lost. Written atomically.
 */

/** Bump when chunking changes for the same settings: every file is chunked again (vectors of unchanged text are kept). */
export const CHUNKER_VERSION = 2;

export interface IndexedChunk extends KnowledgeChunk {
  /** SHA-256 of the embedded text: a chunk with the same text keeps its vector. */
  sha: string;
  vector: Float32Array;
}

export interface IndexedFile {
  sha256: string;
  size: number;
  mtimeMs: number;
  chunks: IndexedChunk[];
}

export interface Chunking {
  version: number;
  maxChars: number;
  overlapChars: number;
}

export interface KnowledgeIndexState {
  /** The embedder of the stored vectors; null when there is no usable manifest. */
  space: VectorSpace | null;
  chunking: Chunking | null;
  files: Map<string, IndexedFile>;
}

const Hex64 = z.string().regex(/^[0-9a-f]{64}$/);
const ChunkEntrySchema = z.object({
  index: z.number().int().nonnegative(),
  headings: z.array(z.string()).min(1),
  text: z.string().min(1),
  language: LanguageSchema.nullable(),
  // Absent in manifests of chunker version 1 (their files are chunked again: see CHUNKER_VERSION).
  section: z.string().min(1).optional(),
  questions: z.array(z.string()).default([]),
  related: z.array(z.string()).optional(),
  sha: Hex64,
  /** Little-endian float32, base64. */
  vector: z.string(),
});
const ManifestSchema = z.object({
  version: z.literal(1),
  embedder: z.object({ id: z.string().min(1), dims: z.number().int().positive() }),
  chunking: z.object({ version: z.number().int(), maxChars: z.number().int().positive(), overlapChars: z.number().int().nonnegative() }),
  files: z.record(z.string().min(1), z.object({ sha256: Hex64, size: z.number().int().nonnegative(), mtimeMs: z.number(), chunks: z.array(ChunkEntrySchema) })),
});

export const emptyIndex = (): KnowledgeIndexState => ({ space: null, chunking: null, files: new Map() });

function encodeVector(v: Float32Array): string {
  return Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64');
}

function decodeVector(text: string, dims: number): Float32Array {
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length !== dims * 4) throw new Error(`a vector has ${bytes.length} bytes, expected ${dims * 4}`);
  const v = new Float32Array(dims);
  for (let i = 0; i < dims; i++) {
    v[i] = bytes.readFloatLE(i * 4);
    if (!Number.isFinite(v[i])) throw new Error('a vector has a non-finite value');
  }
  return v;
}

/** The index from disk: an empty one when there is none, and, with a reason, when it cannot be used. */
export async function loadManifest(file: string): Promise<{ index: KnowledgeIndexState; problem: string | null }> {
  let raw: string;
  try {
    raw = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { index: emptyIndex(), problem: null };
    return { index: emptyIndex(), problem: (err as Error).message };
  }
  try {
    const m = ManifestSchema.parse(JSON.parse(raw));
    const files = new Map<string, IndexedFile>();
    for (const [name, entry] of Object.entries(m.files)) {
      const chunks = entry.chunks.map((c) => ({
        id: chunkId(name, c.index),
        file: name,
        index: c.index,
        headings: c.headings,
        text: c.text,
        language: c.language,
        section: c.section ?? sectionKey(name, c.index),
        questions: c.questions,
        ...(c.related && { related: c.related }),
        embedText: embedTextOf(c.headings, c.text, c.questions),
        sha: c.sha,
        vector: decodeVector(c.vector, m.embedder.dims),
      }));
      files.set(name, { sha256: entry.sha256, size: entry.size, mtimeMs: entry.mtimeMs, chunks });
    }
    return { index: { space: { embedder: m.embedder.id, dims: m.embedder.dims }, chunking: m.chunking, files }, problem: null };
  } catch (err) {
    const message = err instanceof z.ZodError ? oneLineZodError(err) : (err as Error).message;
    return { index: emptyIndex(), problem: `unreadable manifest: ${message}` };
  }
}

export async function saveManifest(file: string, index: KnowledgeIndexState): Promise<void> {
  if (!index.space || !index.chunking) throw new Error('cannot save an index without its embedder and chunking');
  const files = Object.fromEntries(
    [...index.files].map(([name, f]) => [
      name,
      {
        sha256: f.sha256,
        size: f.size,
        mtimeMs: f.mtimeMs,
        chunks: f.chunks.map((c) => ({ index: c.index, headings: c.headings, text: c.text, language: c.language, section: c.section, questions: c.questions, ...(c.related && { related: c.related }), sha: c.sha, vector: encodeVector(c.vector) })),
      },
    ]),
  );
  await mkdir(path.dirname(file), { recursive: true });
  await writeFileAtomic(file, JSON.stringify({ version: 1, embedder: { id: index.space.embedder, dims: index.space.dims }, chunking: index.chunking, files }));
}
