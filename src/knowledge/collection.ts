import { z } from 'zod';
import { LanguageSchema } from '../config/index.js';
import { dot } from '../embeddings/index.js';
import type { VectorHit, VectorRecord } from '../vectors/index.js';
import type { IndexedChunk } from './manifest.js';
import type { KnowledgeHit } from './port.js';

/**
 * How chunks are kept in the ChromaDB collection, and read back from it. Metadata values must be
 * scalars there, so the heading path is stored as a JSON array.
 */
export function toRecord(chunk: IndexedChunk): VectorRecord {
  return {
    id: chunk.id,
    embedding: chunk.vector,
    document: chunk.text,
    metadata: {
      file: chunk.file,
      chunk: chunk.index,
      heading: chunk.headings.at(-1) ?? '',
      headings: JSON.stringify(chunk.headings),
      language: chunk.language ?? '',
    },
  };
}

const StoredMetadataSchema = z.object({
  file: z.string().min(1),
  headings: z
    .string()
    .transform((s, ctx) => {
      try {
        return JSON.parse(s) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'not JSON' });
        return z.NEVER;
      }
    })
    .pipe(z.array(z.string())),
  language: z.union([LanguageSchema, z.literal('').transform(() => null)]),
});

type StoredMetadata = z.infer<typeof StoredMetadataSchema>;

/**
 * Metadata read before, by the object the hit carries: the in-process mirror hands out the same
 * object for a record on every search, and checking it again (a JSON parse and a schema per hit,
 * twenty hits a question) cost 1-2 ms of every knowledge turn before the reply could start. A
 * record written again is a new object, checked anew.
 */
const checked = new WeakMap<object, StoredMetadata | null>();

function storedMetadata(metadata: VectorHit['metadata']): StoredMetadata | null {
  if (metadata === null || typeof metadata !== 'object') return null;
  let known = checked.get(metadata);
  if (known === undefined) {
    const meta = StoredMetadataSchema.safeParse(metadata);
    known = meta.success ? meta.data : null;
    checked.set(metadata, known);
  }
  return known;
}

/** A hit from the collection as knowledge; null for a record this index did not write (checked, never trusted). */
export function fromHit(hit: VectorHit): KnowledgeHit | null {
  const meta = storedMetadata(hit.metadata);
  if (!meta || !hit.document) return null;
  return { id: hit.id, file: meta.file, headings: meta.headings, text: hit.document, similarity: hit.similarity, language: meta.language };
}

export function toHit(chunk: IndexedChunk, similarity: number): KnowledgeHit {
  return { id: chunk.id, file: chunk.file, headings: chunk.headings, text: chunk.text, similarity, language: chunk.language };
}

/** Exact nearest chunks, in memory: the fallback while ChromaDB cannot answer (the corpus is small). */
export function nearestInMemory(chunks: Iterable<IndexedChunk>, query: Float32Array, n: number): KnowledgeHit[] {
  const scored: { chunk: IndexedChunk; similarity: number }[] = [];
  for (const chunk of chunks) if (chunk.vector.length === query.length) scored.push({ chunk, similarity: dot(chunk.vector, query) });
  return scored
    .sort((a, b) => b.similarity - a.similarity)
    .slice(0, n)
    .map((s) => toHit(s.chunk, s.similarity));
}
