import { z } from 'zod';
import type { Language } from '../config/index.js';
import type { Logger } from '../log/index.js';

export const SearchHitSchema = z.object({ title: z.string(), url: z.string(), snippet: z.string() });
export type SearchHit = z.infer<typeof SearchHitSchema>;

export const SearchResultsSchema = z.object({
  status: z.enum(['ok', 'empty', 'failed']),
  query: z.string(),
  /** Direct answers and infobox text the search engine gave, if any. */
  answers: z.array(z.string()),
  results: z.array(SearchHitSchema),
  /** Why the search failed. */
  detail: z.string().nullable(),
});
export type SearchResults = z.infer<typeof SearchResultsSchema>;

/** Web search, as the search agent needs it. Never throws for a failed search: the result says why. */
export interface SearchPort {
  search(query: string, context: { language: Language; signal: AbortSignal; log: Logger }): Promise<SearchResults>;
}
