import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LexicalEmbedder, OnnxSentenceEmbedder } from '../../src/embeddings/index.js';
import { Health } from '../../src/health/index.js';
import { OllamaLanguageModel } from '../../src/llm/index.js';
import { silentLogger } from '../../src/log/index.js';
import { conversationQueueDir, memoryCollectionName, parseMemoryCollectionName } from '../../src/memory/index.js';
import { startChroma, waitFor, type ChromaProcess } from '../helpers/chroma.js';
import { testConfig } from '../helpers/config.js';
import { startFakeOllama, type FakeOllama } from '../helpers/fake-ollama.js';
import { conversation, startTestMemory, type TestMemory } from '../helpers/memory.js';
import { STANDIN_MINILM_DIR } from '../helpers/standin.js';

let chroma: ChromaProcess;
beforeAll(async () => {
  chroma = await startChroma();
});
afterAll(() => chroma.kill());

const running: TestMemory[] = [];
let fake: FakeOllama | null = null;
afterEach(async () => {
  await Promise.all(running.splice(0).map((m) => m.stop()));
  await fake?.close();
  fake = null;
});
async function memoryOn(url: string, options: Parameters<typeof startTestMemory>[1] = {}) {
  const m = await startTestMemory(url, options);
  running.push(m);
  await waitFor(() => m.store.status().reachable || url.endsWith(':9'), 10_000, 'ChromaDB reachable');
  return m;
}
/** Everything queued is summarised, and every write has reached ChromaDB. */
async function settle(m: TestMemory) {
  expect(await m.memory.flush(20_000)).toBe(true);
  expect(await m.store.flush(20_000)).toBe(true);
}
const log = { log: silentLogger };
const ALICE_MARATHON = conversation('alice_01', 'Alice', ["I'm training for the Berlin marathon in October.", 'My sister lives in Lisbon.']);
const ALICE_GUITAR = conversation('alice_01', 'Alice', ['I collect vintage electric guitars.', 'My favourite is a red Stratocaster.'], {
  ended_at: '2026-11-22T10:00:00.000Z',
});

describe('episodic and conversation memory on a real ChromaDB server', () => {
  it('stores a farewell as an episode and pieces of conversation in the person\'s collection, and recalls them by what is said', async () => {
    const m = await memoryOn(chroma.url);
    await m.memory.remember(ALICE_MARATHON);
    await m.memory.remember(ALICE_GUITAR);
    await settle(m);

    const space = { embedder: m.embedder.id, dims: m.embedder.dims };
    const stored = await m.store.collection(memoryCollectionName('alice_01', space), space).get();
    expect(stored.map((r) => r.metadata.memory_type).sort()).toEqual(['conversation', 'conversation', 'episode', 'episode']);
    for (const r of stored) expect(r.metadata).toMatchObject({ user_id: 'alice_01', embedder: m.embedder.id, timestamp: expect.any(String) });
    expect(readdirSync(conversationQueueDir(m.config)).filter((f) => f.endsWith('.json'))).toEqual([]);

    const marathon = await m.memory.recall('alice_01', 'How is my marathon training going?', log);
    expect(marathon.episode).toMatchObject({ id: `${ALICE_MARATHON.conversation_id}:episode`, reason: 'similar', highlight: "I'm training for the Berlin marathon in October." });
    expect(marathon.episode!.text).toContain('Berlin marathon');
    expect(marathon.conversation).toMatchObject({ id: `${ALICE_MARATHON.conversation_id}:conversation:0` });
    expect(marathon.conversation!.text).toMatch(/^User: I'm training for the Berlin marathon/);
    expect(marathon.episode!.score).toBeGreaterThanOrEqual(m.memory.minSimilarity);

    const guitar = await m.memory.recall('alice_01', 'Do you remember my guitar collection?', log);
    expect(guitar.episode?.id).toBe(`${ALICE_GUITAR.conversation_id}:episode`);

    // Nothing close enough is nothing, not the least bad memory.
    expect(await m.memory.recall('alice_01', 'What time does the cafeteria open?', log)).toMatchObject({ episode: null, conversation: null });
    // Someone without memories: no collection, no error.
    expect(await m.memory.recall('nobody_99', 'How is my marathon training going?', log)).toMatchObject({ episode: null, conversation: null });
  });

  it("copies a person's memories into the process once they are stored, and a person just met's empty memory when asked to, before any recall", async () => {
    const m = await memoryOn(chroma.url, { mirror: true });
    await m.memory.remember(ALICE_MARATHON);
    await settle(m);
    // No recall yet: the writer made the collection ready for the person's return.
    await waitFor(() => m.store.status().mirrored === 1, 10_000, "Alice's memories copied in");
    m.memory.prepare('bob_02');
    await waitFor(() => m.store.status().mirrored === 2, 10_000, "Bob's (empty) memory copied in");
    // Answered in process, the same as the server would: Alice's memory found, Bob's empty.
    expect((await m.memory.recall('alice_01', 'How is my marathon training going?', log)).episode?.id).toBe(`${ALICE_MARATHON.conversation_id}:episode`);
    expect(await m.memory.recall('bob_02', 'How is my marathon training going?', log)).toMatchObject({ episode: null, conversation: null });
  });

  it('lets a finished conversation settle before storing it (safe on disk meanwhile), unless flushed', async () => {
    const settleMs = 400;
    const m = await memoryOn(chroma.url, { overrides: { memory: { settleMs } } });
    const queued = () => readdirSync(conversationQueueDir(m.config)).filter((f) => f.endsWith('.json')).length;
    const rememberedAt = performance.now();
    await m.memory.remember(ALICE_MARATHON);
    expect(queued()).toBe(1); // on disk at once
    await waitFor(() => queued() === 0, 10_000, 'stored after settling');
    // Not before settleMs had passed: the goodbye and the next person's first words come first.
    // (A lower bound only: a loaded machine makes it longer, never shorter; 1 ms for the timer's
    // whole-millisecond clock.)
    expect(performance.now() - rememberedAt).toBeGreaterThanOrEqual(settleMs - 1);
    await m.memory.remember(ALICE_GUITAR);
    expect(await m.memory.flush(5_000)).toBe(true); // a flush does not wait
    expect(queued()).toBe(0);
  });

  it('does its background work only while no turn is running', async () => {
    let turnEnds!: () => void;
    let turnRunning: Promise<void> | null = new Promise<void>((resolve) => (turnEnds = resolve));
    let asked = 0;
    const idle = () => (asked++, turnRunning ?? Promise.resolve());
    const m = await memoryOn(chroma.url, { idle, overrides: { memory: { settleMs: 0 } } });
    const queued = () => readdirSync(conversationQueueDir(m.config)).filter((f) => f.endsWith('.json')).length;
    await m.memory.remember(ALICE_MARATHON);
    // The writer has picked the conversation up and waits for the turn to end.
    await waitFor(() => asked > 0, 10_000, 'the writer waiting for a pause');
    expect(queued()).toBe(1); // a turn is running: the summary waits
    turnEnds();
    turnRunning = null;
    await waitFor(() => queued() === 0, 10_000, 'stored once the turn ended');
    expect(await m.store.flush(10_000)).toBe(true);
    expect((await m.memory.recall('alice_01', 'How is my marathon training going?', log)).episode?.id).toBe(`${ALICE_MARATHON.conversation_id}:episode`);
  });

  it('recalls the latest episode for a greeting, within the configured days', async () => {
    const now = new Date('2026-11-23T09:00:00Z');
    const m = await memoryOn(chroma.url, { now: () => now, overrides: { memory: { greeting: { withinDays: 30 } } } });
    await m.memory.remember({ ...ALICE_MARATHON, user_id: 'carol_03', ended_at: '2026-09-01T10:00:00.000Z' });
    await m.memory.remember({ ...ALICE_GUITAR, user_id: 'carol_03', ended_at: '2026-11-20T10:00:00.000Z' });
    await m.memory.remember({ ...ALICE_MARATHON, user_id: 'dave_04', conversation_id: 'old', ended_at: '2026-08-01T10:00:00.000Z' });
    await settle(m);
    expect(await m.memory.latestEpisode('carol_03', log)).toMatchObject({ id: `${ALICE_GUITAR.conversation_id}:episode`, reason: 'latest', timestamp: '2026-11-20T10:00:00.000Z' });
    expect(await m.memory.latestEpisode('dave_04', log)).toBeNull(); // older than 30 days
  });

  it('replaces an earlier version of the same conversation whole', async () => {
    const m = await memoryOn(chroma.url, { overrides: { memory: { pieceTurns: 1 } } });
    const long = conversation('erin_05', 'Erin', ['I play chess.', 'I play golf.', 'I play tennis.'], { conversation_id: 'conv-e' });
    await m.memory.remember(long);
    await settle(m);
    await m.memory.remember({ ...long, messages: long.messages.slice(-4), ended_at: '2026-11-21T10:05:00.000Z' });
    await settle(m);
    const space = { embedder: m.embedder.id, dims: m.embedder.dims };
    const stored = await m.store.collection(memoryCollectionName('erin_05', space), space).get({ where: { conversation_id: 'conv-e' } });
    expect(stored.map((r) => r.id).sort()).toEqual(['conv-e:conversation:0', 'conv-e:conversation:1', 'conv-e:episode']);
  });

  it('keeps the raw conversation on disk when stopped before the summary, and stores it at the next start', async () => {
    // The summary model never answers in time: the daemon stops with the conversation unsummarised.
    fake = await startFakeOllama({ reply: () => ({ text: '{}', firstTokenDelayMs: 60_000 }) });
    const config = testConfig({ llm: { enabled: true, url: fake.url } });
    const llm = new OllamaLanguageModel({ config: config.llm, log: silentLogger, health: new Health() });
    await llm.start();
    const first = await memoryOn(chroma.url, { config, llm });
    await first.memory.remember(conversation('frank_06', 'Frank', ['I just moved here from Oslo.']));
    await waitFor(() => fake!.chats.length === 1, 10_000, 'summary requested');
    await first.stop();
    running.splice(running.indexOf(first), 1);
    llm.stop();
    expect(readdirSync(conversationQueueDir(config)).filter((f) => f.endsWith('.json'))).toHaveLength(1);

    // Next start, without a language model: the extractive summary, from the words kept on disk.
    const second = await memoryOn(chroma.url, { config: { ...config, llm: { ...config.llm, enabled: false } } });
    await settle(second);
    const recalled = await second.memory.recall('frank_06', 'Oslo', log);
    expect(recalled.episode?.text).toContain('Frank said: “I just moved here from Oslo.”');
  });
});

describe('memories of an earlier embedder', () => {
  it('are re-embedded into the current space (ranking checked with another lexical space), and the old collection goes', async () => {
    const config = testConfig();
    const before = await memoryOn(chroma.url, { config, embedder: new LexicalEmbedder(512) });
    await before.memory.remember({ ...ALICE_MARATHON, user_id: 'gina_07' });
    await before.memory.remember({ ...ALICE_GUITAR, user_id: 'gina_07' });
    await settle(before);
    await before.stop();
    running.splice(running.indexOf(before), 1);
    const oldName = memoryCollectionName('gina_07', { embedder: 'lexical:v1/d512', dims: 512 });

    const after = await memoryOn(chroma.url, { config, embedder: new LexicalEmbedder(256) });
    const names = async () => (await after.store.listCollections()).map((c) => c.name).filter((n) => parseMemoryCollectionName(n)?.userId === 'gina_07');
    const newName = memoryCollectionName('gina_07', { embedder: 'lexical:v1/d256', dims: 256 });
    await waitFor(async () => (await names()).join() === newName, 20_000, 'the old collection migrated and deleted');
    expect(await names()).not.toContain(oldName);
    const migrated = await after.store.collection(newName, { embedder: 'lexical:v1/d256', dims: 256 }).get();
    expect(migrated).toHaveLength(4);
    for (const r of migrated) expect(r.metadata).toMatchObject({ user_id: 'gina_07', embedder: 'lexical:v1/d256' });
    expect((await after.memory.recall('gina_07', 'How is my marathon training going?', log)).episode?.id).toBe(`${ALICE_MARATHON.conversation_id}:episode`);
    expect((await after.memory.recall('gina_07', 'Do you remember my guitar collection?', log)).episode?.id).toBe(`${ALICE_GUITAR.conversation_id}:episode`);
  });

  it('move from the lexical embedder to an ONNX model (the stand-in MiniLM, through the real loading code)', async () => {
    const config = testConfig({ memory: { minSimilarity: { model: -1 } } });
    const lexical = await memoryOn(chroma.url, { config });
    await lexical.memory.remember({ ...ALICE_MARATHON, user_id: 'hana_08' });
    await settle(lexical);
    await lexical.stop();
    running.splice(running.indexOf(lexical), 1);

    const onnx = await OnnxSentenceEmbedder.load({ dir: STANDIN_MINILM_DIR, dtype: 'auto', maxTokens: 256, threads: 1 });
    try {
      const m = await memoryOn(chroma.url, { config, embedder: onnx });
      const space = { embedder: onnx.id, dims: 384 };
      const target = m.store.collection(memoryCollectionName('hana_08', space), space);
      await waitFor(async () => (await target.count()) === 2, 30_000, 'migrated into the 384-d space (an episode and one piece)');
      // The stand-in's similarities mean nothing (random weights); the plumbing is what is checked.
      // A read slower than chroma.queryTimeoutMs gives nothing by design (ChromaDB may still be
      // indexing the migrated records on a loaded machine): ask until it answers.
      let recalled!: Awaited<ReturnType<typeof m.memory.recall>>;
      await waitFor(async () => !!(recalled = await m.memory.recall('hana_08', 'How is my marathon training going?', log)).episode, 20_000, 'an episode recalled');
      expect(recalled.episode?.id).toBe(`${ALICE_MARATHON.conversation_id}:episode`);
      expect(recalled.conversation?.text).toContain('Berlin marathon');
    } finally {
      await Promise.all(running.splice(0).map((r) => r.stop()));
      await onnx.close();
    }
  });
});

describe('forget-me for memories', () => {
  it('deletes the collection, conversations waiting to be summarised and writes waiting for ChromaDB; the search afterwards finds nothing', async () => {
    // The summary model answers, except about Ivan's cat: that conversation is still being summarised when he is forgotten.
    const EPISODE = { observation: 'They talked.', thought: 'Nothing special.', action: 'I listened.', result: 'They left.' };
    fake = await startFakeOllama({ reply: (body) => (body.messages.at(-1)!.content.includes('cat') ? { text: '{}', firstTokenDelayMs: 60_000 } : JSON.stringify(EPISODE)) });
    const config = testConfig({ llm: { enabled: true, url: fake.url }, memory: { forgetFlushMs: 300 } });
    const llm = new OllamaLanguageModel({ config: config.llm, log: silentLogger, health: new Health() });
    await llm.start();
    const m = await memoryOn(chroma.url, { config, llm });
    await m.memory.remember({ ...ALICE_MARATHON, user_id: 'ivan_09' });
    await m.memory.remember({ ...ALICE_GUITAR, user_id: 'judy_10' });
    await settle(m);
    // ChromaDB goes away: Ivan's next conversation waits in the outbox, the one after in the summary.
    await chroma.kill('SIGKILL');
    await waitFor(() => !m.store.status().reachable, 10_000, 'unreachable');
    await m.memory.remember({ ...ALICE_GUITAR, user_id: 'ivan_09' });
    await waitFor(async () => (await m.store.queued(() => true)).pending === 1, 10_000, 'written to the outbox');
    await m.memory.remember(conversation('ivan_09', 'Ivan', ['I adopted a cat last week.']));
    await waitFor(() => fake!.chats.some((c) => c.messages.at(-1)!.content.includes('cat')), 10_000, 'summary of the cat requested');
    expect(await m.memory.traces('ivan_09')).toEqual([
      '1 conversation(s) waiting to be summarised',
      '1 memory write(s) waiting for ChromaDB',
      'ChromaDB is not reachable: cannot check that their memories are gone there (the deletion is queued)',
    ]);

    const removed = await m.memory.forget('ivan_09');
    // The outbox held two writes of his: the delete of an earlier version of that conversation, and its records.
    expect(removed).toEqual([
      '1 conversation(s) waiting to be summarised',
      '2 write(s) waiting for ChromaDB',
      'memories in ChromaDB: deletion queued (the server is not reachable now)',
    ]);
    expect(await m.memory.traces('ivan_09')).toEqual(['ChromaDB is not reachable: cannot check that their memories are gone there (the deletion is queued)']);
    await chroma.restart();
    await settle(m);
    expect(await m.memory.traces('ivan_09')).toEqual([]);
    expect((await m.store.listCollections()).map((c) => c.name).filter((n) => n.includes('ivan_09'))).toEqual([]);
    // Judy's memories are untouched, and the writer goes on with other people's conversations.
    // (A read slower than the query timeout answers null, "unknown", by design: ask until it answers.)
    const space = { embedder: m.embedder.id, dims: m.embedder.dims };
    let judy: number | null = null;
    await waitFor(async () => (judy = await m.store.collection(memoryCollectionName('judy_10', space), space).count()) !== null, 20_000, 'a count from ChromaDB');
    expect(judy).toBe(2);
    await m.memory.remember({ ...ALICE_GUITAR, user_id: 'judy_10', conversation_id: 'judy-2' });
    await settle(m);
    expect((await m.memory.forget('ivan_09')).filter((r) => r.startsWith('memories'))).toEqual([]);
    llm.stop();
  });
});
