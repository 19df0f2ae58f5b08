import type { Config } from '../../src/config/index.js';
import type { Embedder } from '../../src/embeddings/index.js';
import { testConfig } from './config.js';
import { startTestMemory, type TestMemory } from './memory.js';

/** Someone the robot knows. */
export const ALICE = { user_id: 'alice_01', user_name: 'Alice' };

// No ChromaDB listens there: saving only needs the disk; recall gives nothing.
const NOWHERE = 'http://127.0.0.1:9';
const running: TestMemory[] = [];

/**
 * Memory for the memory agents' tests, with no vector store behind it and its writer stopped:
 * what memory_save queued stays on disk to be looked at. stopMemories() after each test.
 */
export async function memoryWithoutStore(config: Config = testConfig(), embedder?: Embedder): Promise<TestMemory> {
  const m = await startTestMemory(NOWHERE, { config, ...(embedder && { embedder }) });
  await m.memory.writer.stop();
  running.push(m);
  return m;
}

export async function stopMemories(): Promise<void> {
  await Promise.all(running.splice(0).map((m) => m.stop()));
}
