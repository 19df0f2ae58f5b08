export { DurableFolder, REJECTED_DIR } from './folder.js';
export type { DurableRead } from './folder.js';
export { DurableQueue } from './queue.js';
export type { DurableQueueOptions, QueueEntry } from './queue.js';
export { writeFileAtomically } from './atomic-file.js';
