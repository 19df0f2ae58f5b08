import { z } from 'zod';
import { LanguageSchema, type Language } from '../config/index.js';
import type { Logger } from '../log/index.js';

/** One chunk of knowledge found for a question: what the response agent reads. */
export const KnowledgeHitSchema = z.object({
  id: z.string(),
  /** Path under the knowledge folder. */
  file: z.string(),
  /** Title of the document, then the section heading. */
  headings: z.array(z.string()),
  text: z.string(),
  /** Cosine similarity of the question and the chunk (the configured embedder's). */
  similarity: z.number(),
  language: LanguageSchema.nullable(),
  /**
   * How surely the section answers: the largest of its signals over their thresholds (embedder,
   * BM25 coverage, fuzzy question match; see hybrid.ts); from 1 on it answers.
   */
  score: z.number().optional(),
});
export type KnowledgeHit = z.infer<typeof KnowledgeHitSchema>;

/** Where the answer came from: the ChromaDB collection, or the in-memory copy of the index. */
export const KnowledgeSourceSchema = z.enum(['chroma', 'memory']);
export type KnowledgeSource = z.infer<typeof KnowledgeSourceSchema>;

export const KnowledgeRetrievalSchema = z.object({
  query: z.string(),
  /** The sections that answer, best first (possibly none), each as its chunk in the visitor's language where there is one. */
  hits: z.array(KnowledgeHitSchema),
  source: KnowledgeSourceSchema,
  /** Score (see KnowledgeHit.score) of the best-ranked section, even below 1 (for tuning); null for an empty index. */
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

export interface KnowledgeSearchContext {
  log: Logger;
  signal?: AbortSignal;
  n?: number;
  /** The visitor's language: which version of a section to answer with. */
  language?: Language;
}

/** What the dialogue needs of the knowledge base. */
export interface KnowledgePort {
  /**
   * The sections that answer `query`, in `language` where the knowledge has that version. Never
   * throws: an index it cannot use gives no hits.
   */
  search(query: string, context: KnowledgeSearchContext): Promise<KnowledgeSearch>;
  /** "Title — heading" of the sections the robot knows about, for the planner's prompt. */
  topics(limit: number): string[];
}
