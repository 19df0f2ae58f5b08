import { readdirSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { conversationQueueDir } from '../../src/memory/index.js';
import { conversation, startTestMemory, type TestMemory } from '../helpers/memory.js';

let running: TestMemory | null = null;
afterEach(async () => {
  await running?.stop();
  running = null;
});

describe('Memory.flush', () => {
  it('means "everything handed over up to now is stored": a conversation still being written is waited for', async () => {
    // No ChromaDB: the writer's records go to the vector store's durable outbox, which is enough.
    running = await startTestMemory('http://127.0.0.1:9');
    const { memory, store, config } = running;
    const farewells = ['alice_01', 'bob_02', 'carol_03'].map((id) => conversation(id, id, [`I am ${id} and I like tea.`]));
    // Handed over and not awaited, as a turn does: the files are not on disk yet when flush starts.
    expect(await memory.waiting()).toBe(0);
    const written = farewells.map((c) => memory.remember(c));
    // Handed over, nothing of it recallable yet.
    expect(await memory.waiting()).toBeGreaterThanOrEqual(farewells.length);
    expect(await memory.flush(20_000)).toBe(true);
    expect(readdirSync(conversationQueueDir(config)).filter((n) => n.endsWith('.json'))).toEqual([]);
    // Each conversation is in the outbox: a delete of its earlier version, then its records.
    expect(store.status().pending).toBe(2 * farewells.length);
    // Stored in the outbox is not yet recallable: ChromaDB has not got it.
    expect(await memory.waiting()).toBe(2 * farewells.length);
    await Promise.all(written);
  });
});
