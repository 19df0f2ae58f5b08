export { joinSentences, SentenceSplitter } from './sentences.js';
export type { SplitterOptions } from './sentences.js';
export { abbreviationsFor } from './abbreviations.js';
export type { Abbreviations } from './abbreviations.js';
export { SpeechDelivery } from './delivery.js';
export type { Interruption, SpeechDeliveryOptions, SpeechItem } from './delivery.js';
export { estimateSpeechMs } from './estimate.js';
export { SpokenReply } from './reply.js';
export type { SpokenReplyOptions } from './reply.js';
