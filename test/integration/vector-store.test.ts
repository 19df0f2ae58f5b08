import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Health } from '../../src/health/index.js';
import { silentLogger } from '../../src/log/index.js';
import {
  ChromaGateway,
  ChromaVectorStore,
  encodeCollectionName,
  Outbox,
  REJECTED_DIR,
  toChromaWhere,
  VectorSpaceMismatchError,
  type OutboxOp,
  type VectorRecord,
  type VectorSpace,
  type Where,
} from '../../src/vectors/index.js';
import { tempDir } from '../helpers/config.js';
import { startChroma, waitFor, type ChromaProcess } from '../helpers/chroma.js';
import { freePort } from '../helpers/mosquitto.js';

const SPACE: VectorSpace = { embedder: 'test:axes', dims: 4 };
const unit = (...v: number[]) => {
  const n = Math.hypot(...v);
  return v.map((x) => x / n);
};
const record = (id: string, embedding: number[], memory_type: string, extra: Record<string, string | number> = {}): VectorRecord => ({
  id,
  embedding: unit(...embedding),
  document: `document ${id}`,
  metadata: { memory_type, ...extra },
});

const stores: ChromaVectorStore[] = [];
function storeOn(url: string, outboxDir = tempDir('nadine-outbox-'), health = new Health(), mirror?: { maxRecords: number; maxTotalRecords: number }) {
  const store = new ChromaVectorStore({
    ...(mirror && { mirror }),
    gateway: new ChromaGateway(url),
    outbox: new Outbox(outboxDir),
    prefix: 'test',
    timeouts: { queryMs: 1_000, writeMs: 5_000 },
    healthIntervalMs: 500,
    retry: { initialMs: 50, maxMs: 200 },
    log: silentLogger,
    health,
  });
  stores.push(store);
  return { store, outboxDir, health };
}
afterEach(async () => {
  await Promise.all(stores.splice(0).map((s) => s.stop()));
});

describe('vector store on a real ChromaDB server', () => {
  let chroma: ChromaProcess;
  beforeAll(async () => {
    chroma = await startChroma();
  });
  afterAll(() => chroma.kill());

  it('round trip: upsert, query with a filter, get, count, list, delete', async () => {
    const { store } = storeOn(chroma.url);
    await store.start();
    await waitFor(() => store.status().reachable, 10_000, 'reachable');
    const memories = store.collection('memory-alice@example.com', SPACE);
    await memories.upsert([
      record('e1', [1, 0, 0, 0], 'episode', { ts: 1 }),
      record('e2', [0.8, 0.2, 0, 0], 'episode', { ts: 2 }),
      record('c1', [1, 0.05, 0, 0], 'conversation', { ts: 3 }),
      record('c2', [0, 0, 1, 0], 'conversation', { ts: 4 }),
    ]);
    expect(await store.flush(10_000)).toBe(true);

    const episodes = await memories.query(unit(1, 0.1, 0, 0), { n: 5, where: { memory_type: 'episode' } });
    expect(episodes.map((h) => h.id)).toEqual(['e1', 'e2']);
    expect(episodes[0]).toMatchObject({ document: 'document e1', metadata: { memory_type: 'episode', ts: 1 } });
    expect(episodes[0]!.similarity).toBeGreaterThan(episodes[1]!.similarity);
    expect(episodes[0]!.similarity).toBeCloseTo(1 - episodes[0]!.distance, 6);
    const both = await memories.query(unit(1, 0, 0, 0), { n: 1, where: { memory_type: 'conversation', ts: { $gte: 3 } } });
    expect(both.map((h) => h.id)).toEqual(['c1']);

    expect((await memories.get({ ids: ['c2'] }))[0]).toMatchObject({ id: 'c2', metadata: { memory_type: 'conversation' } });
    expect(await memories.count()).toBe(4);
    const listed = await store.listCollections();
    expect(listed).toContainEqual({ name: 'memory-alice@example.com', space: SPACE });

    await memories.delete({ ids: ['e2'] });
    await memories.delete({ where: { memory_type: 'conversation' } });
    await store.flush(10_000);
    expect((await memories.get()).map((r) => r.id)).toEqual(['e1']);

    await store.deleteCollection('memory-alice@example.com');
    await store.flush(10_000);
    expect(await memories.query(unit(1, 0, 0, 0), { n: 3 })).toEqual([]);
    expect(await memories.count()).toBe(0);
    expect((await store.listCollections()).map((c) => c.name)).not.toContain('memory-alice@example.com');
  });

  it('accepts every caller name, however odd, as a distinct collection the server takes', async () => {
    const { store } = storeOn(chroma.url);
    await store.start();
    await waitFor(() => store.status().reachable, 10_000, 'reachable');
    const names = ['a', 'user_1', 'user-1', 'x..y', '1.2.3.4', 'Zoë Müller', 'trailing-', '-leading', '用户', 'a'.repeat(600)];
    for (const [i, name] of names.entries()) await store.collection(name, SPACE).upsert([record(`r${i}`, [1, i, 0, 0], 'episode')]);
    expect(await store.flush(20_000)).toBe(true);
    expect(store.status().rejected).toBe(0);
    const listed = new Set((await store.listCollections()).map((c) => c.name));
    for (const name of names) expect(listed.has(name)).toBe(true);
    for (const [i, name] of names.entries()) expect((await store.collection(name, SPACE).get()).map((r) => r.id)).toEqual([`r${i}`]);
  });

  it('filters nearest records locally exactly as the server filters them', async () => {
    const { store } = storeOn(chroma.url);
    await store.start();
    await waitFor(() => store.status().reachable, 10_000, 'reachable');
    const col = store.collection('filters', SPACE);
    const types = ['episode', 'conversation', 'episode', 'episode', 'rare'];
    const records = Array.from({ length: 120 }, (_, i) =>
      record(`r${i}`, [Math.cos(i), Math.sin(i), Math.cos(3 * i), 1 + (i % 7)], types[i % types.length]!, { ts: i, user: `u${i % 3}` }),
    );
    await col.upsert(records);
    await store.flush(10_000);
    const gateway = new ChromaGateway(chroma.url);
    const server = (await gateway.find(encodeCollectionName('test', 'filters'), 5_000))!;
    const filters: Where[] = [{ memory_type: 'episode' }, { memory_type: 'rare' }, { memory_type: 'conversation', user: 'u1' }, { ts: { $gte: 100 } }, { $or: [{ memory_type: 'rare' }, { user: 'u2' }] }];
    for (const where of filters) {
      for (const q of [unit(1, 0, 0, 1), unit(0, 1, 1, 2), unit(-1, 0.5, 0, 3)]) {
        const ours = await col.query(q, { n: 3, where });
        const theirs = await server.query({ queryEmbeddings: [q], nResults: 3, where: toChromaWhere(where)! });
        expect(ours.map((h) => h.id), JSON.stringify(where)).toEqual(theirs.ids[0]);
      }
    }
  });

  it('copes with a collection deleted behind its back (another client, an admin)', async () => {
    const { store } = storeOn(chroma.url);
    await store.start();
    await waitFor(() => store.status().reachable, 10_000, 'reachable');
    const col = store.collection('shared', SPACE);
    await col.upsert([record('s1', [1, 0, 0, 0], 'episode')]);
    await store.flush(10_000);
    expect(await col.query(unit(1, 0, 0, 0), { n: 1 })).toHaveLength(1); // the handle is cached now
    await new ChromaGateway(chroma.url).client.deleteCollection({ name: encodeCollectionName('test', 'shared') });
    expect(await col.query(unit(1, 0, 0, 0), { n: 1 })).toEqual([]);
    expect(await col.get()).toEqual([]);
    expect(await col.count()).toBe(0);
    await col.delete({ ids: ['s1'] });
    await col.upsert([record('s2', [0, 1, 0, 0], 'episode')]);
    expect(await store.flush(10_000)).toBe(true);
    expect(store.status().rejected).toBe(0);
    expect((await col.query(unit(0, 1, 0, 0), { n: 1 })).map((h) => h.id)).toEqual(['s2']);
  });

  it('refuses to mix vectors of different embedders in one collection', async () => {
    const { store, outboxDir } = storeOn(chroma.url);
    await store.start();
    await waitFor(() => store.status().reachable, 10_000, 'reachable');
    await store.collection('knowledge', SPACE).upsert([record('k1', [1, 0, 0, 0], 'chunk')]);
    await store.flush(10_000);
    const other = store.collection('knowledge', { embedder: 'test:other', dims: 4 });
    await expect(other.query(unit(1, 0, 0, 0), { n: 1 })).rejects.toBeInstanceOf(VectorSpaceMismatchError);
    await other.upsert([record('k2', [0, 1, 0, 0], 'chunk')]);
    await store.flush(10_000);
    expect(store.status().rejected).toBe(1);
    const reasons = readdirSync(path.join(outboxDir, REJECTED_DIR)).filter((f) => f.endsWith('.reason'));
    expect(readFileSync(path.join(outboxDir, REJECTED_DIR, reasons[0]!), 'utf8')).toMatch(/holds vectors of test:axes/);
    expect((await store.collection('knowledge', SPACE).get()).map((r) => r.id)).toEqual(['k1']);
    // A vector of the wrong length is refused at once, before it is queued.
    await expect(store.collection('knowledge', SPACE).upsert([{ ...record('k3', [1, 0, 0, 0], 'chunk'), embedding: [1, 0] }])).rejects.toBeInstanceOf(VectorSpaceMismatchError);
  });
});

describe('durable outbox while ChromaDB is down', () => {
  it('queues writes while the server is killed, answers reads with nothing, and replays everything', async () => {
    const chroma = await startChroma();
    try {
      const { store, health } = storeOn(chroma.url);
      await store.start();
      await waitFor(() => store.status().reachable, 10_000, 'reachable');
      const col = store.collection('memory-bob', SPACE);
      await col.upsert([record('before', [1, 0, 0, 0], 'episode')]);
      await store.flush(10_000);

      await chroma.kill('SIGKILL');
      // Writes during the outage: each durable on disk when it resolves.
      for (let i = 0; i < 5; i++) await col.upsert([record(`during-${i}`, [1, i, 0, 0], 'episode')]);
      await col.delete({ ids: ['during-0'] });
      await col.upsert([record('before', [0, 1, 0, 0], 'conversation')]); // replaces by id
      await store.collection('knowledge', SPACE).upsert([record('k1', [0, 0, 1, 0], 'chunk')]);
      await waitFor(() => !store.status().reachable, 10_000, 'unreachable');
      expect(store.status().pending).toBeGreaterThan(0);
      // Counted by collection: seven writes to the person's memory, one to the knowledge.
      expect(store.pendingWrites((name) => name.startsWith('memory-'))).toBe(7);
      expect(store.pendingWrites((name) => name === 'knowledge')).toBe(1);
      expect(store.pendingWrites((name) => name === 'memory-nobody')).toBe(0);
      expect(health.get('vectors')!.status).toBe('degraded');
      expect(await col.query(unit(1, 0, 0, 0), { n: 3 })).toEqual([]);
      expect(await col.count()).toBeNull();

      await chroma.restart();
      expect(await store.flush(20_000)).toBe(true);
      const ids = (await col.get()).map((r) => r.id).sort();
      expect(ids).toEqual(['before', 'during-1', 'during-2', 'during-3', 'during-4']);
      expect(store.pendingWrites(() => true)).toBe(0);
      expect((await col.get({ ids: ['before'] }))[0]!.metadata.memory_type).toBe('conversation');
      expect(health.get('vectors')!.status).toBe('ok');
    } finally {
      await chroma.kill();
    }
  });

  it('searches a small collection in process: the same nearest as the server, its own writes at once, also while the server is down', async () => {
    const chroma = await startChroma();
    try {
      const { store } = storeOn(chroma.url, undefined, undefined, { maxRecords: 1_000, maxTotalRecords: 1_000 });
      await store.start();
      await waitFor(() => store.status().reachable, 10_000, 'reachable');
      const col = store.collection('memory-dana', SPACE);
      const records = Array.from({ length: 120 }, (_, i) => record(`m${i}`, [Math.cos(i), Math.sin(i), (i % 7) - 3, i % 2], i % 3 ? 'episode' : 'conversation'));
      await col.upsert(records);
      expect(await store.flush(10_000)).toBe(true);
      const queries = [unit(1, 0, 0, 0), unit(0.2, -1, 0.5, 1), unit(-1, 0.3, -2, 0)];
      // First queries: from the server, and the collection is copied behind them.
      const fromServer = await Promise.all(queries.map((q) => col.query(q, { n: 4, where: { memory_type: 'episode' } })));
      expect(fromServer.every((hits) => hits.length === 4)).toBe(true);
      await waitFor(() => store.status().mirrored === 1, 10_000, 'the collection copied');

      await chroma.kill('SIGKILL');
      await waitFor(() => !store.status().reachable, 10_000, 'unreachable');
      // Answered in process now: the server is gone, and the answers are the server's.
      for (const [i, q] of queries.entries()) {
        const local = await col.query(q, { n: 4, where: { memory_type: 'episode' } });
        expect(local.map((h) => h.id)).toEqual(fromServer[i]!.map((h) => h.id));
        local.forEach((h, k) => expect(h.similarity).toBeCloseTo(fromServer[i]![k]!.similarity, 4));
      }
      expect((await col.get({ where: { memory_type: 'conversation' } })).map((r) => r.id).sort()).toEqual(records.filter((r) => r.metadata.memory_type === 'conversation').map((r) => r.id).sort());
      // Its own writes count at once, before the server has them.
      await col.upsert([record('new', [1, 0, 0, 0.001], 'episode')]);
      await col.delete({ ids: ['m0'] });
      const after = await col.query(unit(1, 0, 0, 0), { n: 2 });
      expect(after[0]!.id).toBe('new');
      expect(after.map((h) => h.id)).not.toContain('m0');

      await chroma.restart();
      expect(await store.flush(20_000)).toBe(true);
      expect((await col.get({ ids: ['new', 'm0'] })).map((r) => r.id)).toEqual(['new']);
      // Forget-me drops the copy with the queued writes: the next search asks the server again.
      await store.discardQueued((name) => name === 'memory-dana');
      await store.deleteCollection('memory-dana');
      expect(await store.flush(20_000)).toBe(true);
      expect(await col.query(unit(1, 0, 0, 0), { n: 2 })).toEqual([]);
    } finally {
      await chroma.kill();
    }
  });

  it('survives a daemon restart: what one store queued, the next one applies', async () => {
    const deadPort = await freePort();
    const first = storeOn(`http://127.0.0.1:${deadPort}`);
    await first.store.start();
    await first.store.collection('memory-carol', SPACE).upsert([record('x1', [1, 0, 0, 0], 'episode'), record('x2', [0, 1, 0, 0], 'episode')]);
    await first.store.collection('memory-carol', SPACE).upsert([record('x3', [0, 0, 1, 0], 'conversation')]);
    await first.store.stop();
    expect(readdirSync(first.outboxDir).filter((f) => f.endsWith('.json'))).toHaveLength(2);

    const chroma = await startChroma();
    try {
      const second = storeOn(chroma.url, first.outboxDir);
      await second.store.start();
      // What a previous run left is not read to be counted: it counts for every collection until applied.
      expect(second.store.pendingWrites((name) => name === 'memory-carol')).toBe(2);
      expect(second.store.pendingWrites((name) => name === 'knowledge')).toBe(2);
      expect(await second.store.flush(20_000)).toBe(true);
      expect(second.store.pendingWrites(() => true)).toBe(0);
      expect((await second.store.collection('memory-carol', SPACE).get()).map((r) => r.id).sort()).toEqual(['x1', 'x2', 'x3']);
      expect(readdirSync(first.outboxDir).filter((f) => f.endsWith('.json'))).toHaveLength(0);
    } finally {
      await chroma.kill();
    }
  });

  it('sets a corrupt entry aside with its reason and applies the rest', async () => {
    const deadPort = await freePort();
    const first = storeOn(`http://127.0.0.1:${deadPort}`);
    await first.store.start();
    await first.store.collection('memory-dave', SPACE).upsert([record('good', [1, 0, 0, 0], 'episode')]);
    await first.store.stop();
    // A torn write from another tool and a leftover temp file from a write cut short.
    writeFileSync(path.join(first.outboxDir, '000000000007.json'), '{"format":1,"seq":7,"op":{"op":"ups');
    writeFileSync(path.join(first.outboxDir, '000000000005.json.3141592'), 'partial');

    const chroma = await startChroma();
    try {
      const second = storeOn(chroma.url, first.outboxDir);
      await second.store.start();
      expect(await second.store.flush(20_000)).toBe(true);
      expect((await second.store.collection('memory-dave', SPACE).get()).map((r) => r.id)).toEqual(['good']);
      const rejected = readdirSync(path.join(first.outboxDir, REJECTED_DIR));
      expect(rejected).toContain('000000000007.json');
      expect(readFileSync(path.join(first.outboxDir, REJECTED_DIR, '000000000007.json.reason'), 'utf8')).toMatch(/unreadable/);
      expect(second.store.status().rejected).toBe(1);
      expect(second.health.counter('vectors_outbox_rejected')).toBe(1);
      expect(second.health.get('vectors')!.status).toBe('degraded');
      expect(existsSync(path.join(first.outboxDir, '000000000005.json.3141592'))).toBe(false);
    } finally {
      await chroma.kill();
    }
  });

  it('collection names on the wire are the encoded ones', () => {
    expect(encodeCollectionName('test', 'memory-alice@example.com')).toBe('test-memory-alice_40example.com');
  });
});
