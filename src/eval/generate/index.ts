export { CATEGORIES, identifiable } from './builder.js';
export type { Category, GeneratedVisit } from './builder.js';
export { generateVisits, SPLITS } from './compose.js';
export type { GenerateOptions, Split } from './compose.js';
export { categoryReport, categoryMarkdown } from './report.js';
export type { CategoryReport } from './report.js';
export { Rng } from './rng.js';
