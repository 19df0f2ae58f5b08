export { joinSentences, SentenceSplitter } from './sentences.js';
export type { SplitterOptions } from './sentences.js';
export { abbreviationsFor } from './abbreviations.js';
export type { Abbreviations } from './abbreviations.js';
