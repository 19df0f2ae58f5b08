export { SearchHitSchema, SearchResultsSchema } from './port.js';
export type { SearchHit, SearchPort, SearchResults } from './port.js';
export { startSearch } from './searxng.js';
