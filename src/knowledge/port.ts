import { z } from 'zod';
import { LanguageSchema } from '../config/index.js';
import type { Logger } from '../log/index.js';

/** One chunk of knowledge found for a question: what the response agent reads. */
export const KnowledgeHitSchema = z.object({
  id: z.string(),
  /** Path under the knowledge folder. */
  file: z.string(),
  /** Title of the document, then the section heading. */
  headings: z.array(z.string()),
  text: z.string(),
  /** Cosine similarity of the question and the chunk. */
  similarity: z.number(),
  language: LanguageSchema.nullable(),
});
export type KnowledgeHit = z.infer<typeof KnowledgeHitSchema>;

/** Where the answer came from: the ChromaDB collection, or the in-memory copy of the index. */
export const KnowledgeSourceSchema = z.enum(['chroma', 'memory']);
export type KnowledgeSource = z.infer<typeof KnowledgeSourceSchema>;

export const KnowledgeRetrievalSchema = z.object({
  query: z.string(),
  /** Chunks above the minimum similarity, best first (possibly none). */
  hits: z.array(KnowledgeHitSchema),
  source: KnowledgeSourceSchema,
  /** Similarity of the best chunk, even below the threshold (for tuning); null for an empty index. */
  best: z.number().nullable(),
});
export type KnowledgeRetrieval = z.infer<typeof KnowledgeRetrievalSchema>;

export interface KnowledgeSearch extends KnowledgeRetrieval {
  /**
   * Time spent embedding the question and searching the vectors: compute outside the daemon's own
   * code, reported like model time (as memory recall is).
   */
  modelMs: number;
}

/** What the dialogue needs of the knowledge base. */
export interface KnowledgePort {
  /** The chunks that answer `query`, above the minimum similarity. Never throws: an index it cannot use gives no hits. */
  search(query: string, context: { log: Logger; signal?: AbortSignal; n?: number }): Promise<KnowledgeSearch>;
  /** "Title — heading" of the sections the robot knows about, for the planner's prompt. */
  topics(limit: number): string[];
}
