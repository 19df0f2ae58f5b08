export { SearchHitSchema, SearchResultsSchema } from './port.js';
export type { SearchHit, SearchPort, SearchResults } from './port.js';
export { SearxngSearch, startSearch } from './searxng.js';
