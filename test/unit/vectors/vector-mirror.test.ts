import { describe, expect, it } from 'vitest';
import { normalArray, seededRandom } from '../../../src/models/random.js';
import { VectorMirror } from '../../../src/vectors/mirror.js';
import type { OutboxOp } from '../../../src/vectors/outbox.js';

const SPACE = { embedder: 'test:unit', dims: 8 };
const random = seededRandom(7);
const vector = () => Array.from(normalArray(random, SPACE.dims, 1));
const upsert = (collection: string, ...records: { id: string; embedding?: number[]; type?: string }[]): OutboxOp => ({
  op: 'upsert',
  collection,
  space: SPACE,
  records: records.map((r) => ({ id: r.id, embedding: r.embedding ?? vector(), document: `doc ${r.id}`, metadata: { memory_type: r.type ?? 'episode' } })),
});
const cosine = (a: number[], b: number[]) => a.reduce((s, x, i) => s + x * b[i]!, 0) / (Math.hypot(...a) * Math.hypot(...b));

function loaded(name: string, options = { maxRecords: 1000, maxTotalRecords: 5000 }): VectorMirror {
  const mirror = new VectorMirror(options);
  expect(mirror.beginLoad(name)).toBe(true);
  mirror.finishLoad(name, null, []);
  return mirror;
}

describe('the in-process copy of a small collection', () => {
  it('finds exactly the nearest records, best first, with cosine similarity, within the filter', () => {
    const mirror = loaded('alex');
    const records = Array.from({ length: 300 }, (_, i) => ({ id: `r${i}`, embedding: vector(), type: i % 3 ? 'episode' : 'conversation' }));
    mirror.apply('alex', upsert('alex', ...records));
    const query = vector();
    const expected = records
      .filter((r) => r.type === 'conversation')
      .map((r) => ({ id: r.id, similarity: cosine(query, r.embedding) }))
      .sort((a, b) => b.similarity - a.similarity)
      .slice(0, 5);
    const hits = mirror.search('alex', query, { n: 5, where: { memory_type: 'conversation' } })!;
    expect(hits.map((h) => h.id)).toEqual(expected.map((e) => e.id));
    hits.forEach((h, i) => {
      expect(h.similarity).toBeCloseTo(expected[i]!.similarity, 5);
      expect(h.distance).toBeCloseTo(1 - expected[i]!.similarity, 5);
      expect(h).toMatchObject({ document: `doc ${h.id}`, metadata: { memory_type: 'conversation' } });
    });
    expect(mirror.search('alex', query, { n: 1000 })).toHaveLength(300);
  });

  it('is not there until loaded, and leaves filters it cannot evaluate to the server', () => {
    const mirror = new VectorMirror({ maxRecords: 10, maxTotalRecords: 10 });
    expect(mirror.search('alex', vector(), { n: 1 })).toBeNull();
    mirror.apply('alex', upsert('alex', { id: 'a' }));
    expect(mirror.has('alex')).toBe(false);
    const copy = loaded('alex');
    expect(copy.search('alex', vector(), { n: 1, where: { $contains: 'x' } as never })).toBeNull();
    expect(new VectorMirror({ maxRecords: 0, maxTotalRecords: 0 }).beginLoad('alex')).toBe(false);
  });

  it('replays over the snapshot the writes that were waiting and those queued while it loaded, in order', () => {
    const mirror = new VectorMirror({ maxRecords: 100, maxTotalRecords: 100 });
    expect(mirror.beginLoad('alex')).toBe(true);
    expect(mirror.beginLoad('alex')).toBe(false); // one load at a time
    const a = vector();
    // Queued while loading: deletes of "old" and of "waiting-then-deleted", and a new record.
    mirror.apply('alex', { op: 'delete', collection: 'alex', ids: ['old', 'waiting-then-deleted'] });
    mirror.apply('alex', upsert('alex', { id: 'new' }));
    mirror.finishLoad(
      'alex',
      {
        space: SPACE,
        records: [
          { id: 'old', embedding: vector(), document: 'old', metadata: { memory_type: 'episode' } },
          { id: 'kept', embedding: a, document: null, metadata: null },
        ],
      },
      // Waiting in the outbox when the load began (the server may or may not have had it).
      [upsert('alex', { id: 'waiting' }, { id: 'waiting-then-deleted' }), { op: 'delete', collection: 'alex', ids: ['kept-never-there'] }],
    );
    const ids = mirror.search('alex', a, { n: 10 })!.map((h) => h.id);
    expect(ids.sort()).toEqual(['kept', 'new', 'waiting']);
    expect(mirror.search('alex', a, { n: 1 })![0]).toMatchObject({ id: 'kept', document: '', metadata: {} });
    expect(mirror.spaceOf('alex')).toEqual(SPACE);
  });

  it('keeps in step with deletes by id and by filter, and with a deleted collection', () => {
    const mirror = loaded('alex');
    mirror.apply('alex', upsert('alex', { id: 'e1' }, { id: 'e2' }, { id: 'c1', type: 'conversation' }));
    mirror.apply('alex', { op: 'delete', collection: 'alex', where: { memory_type: 'conversation' } });
    expect(mirror.search('alex', vector(), { n: 10 })!.map((h) => h.id).sort()).toEqual(['e1', 'e2']);
    expect(mirror.get('alex', { where: { memory_type: 'episode' } })!.map((r) => r.id).sort()).toEqual(['e1', 'e2']);
    expect(mirror.get('alex', { ids: ['e2', 'nope'] })).toEqual([{ id: 'e2', document: 'doc e2', metadata: { memory_type: 'episode' } }]);
    expect(mirror.get('bob', {})).toBeNull();
    mirror.apply('alex', { op: 'delete', collection: 'alex', ids: ['e1'] });
    expect(mirror.search('alex', vector(), { n: 10 })!.map((h) => h.id)).toEqual(['e2']);
    mirror.apply('alex', { op: 'delete_collection', collection: 'alex' });
    expect(mirror.search('alex', vector(), { n: 10 })).toEqual([]);
    expect(mirror.spaceOf('alex')).toBeNull();
    // A filter it cannot evaluate: the copy is dropped rather than guessed at.
    mirror.apply('alex', { op: 'delete', collection: 'alex', where: { $weird: 1 } as never });
    expect(mirror.has('alex')).toBe(false);
  });

  it('drops a collection that grows too large, and the least recently searched ones beyond the total', () => {
    const mirror = new VectorMirror({ maxRecords: 3, maxTotalRecords: 5 });
    for (const name of ['a', 'b']) {
      mirror.beginLoad(name);
      mirror.finishLoad(name, null, []);
    }
    mirror.apply('a', upsert('a', { id: '1' }, { id: '2' }, { id: '3' }));
    mirror.apply('b', upsert('b', { id: '1' }, { id: '2' }));
    mirror.search('a', vector(), { n: 1 }); // b is now the least recently searched
    mirror.beginLoad('c');
    mirror.finishLoad('c', null, [upsert('c', { id: '1' }, { id: '2' })]);
    expect([mirror.has('a'), mirror.has('b'), mirror.has('c')]).toEqual([true, false, true]);
    mirror.apply('a', upsert('a', { id: '4' }));
    expect(mirror.has('a')).toBe(false);
  });

  it('forgets a collection dropped while it was loading (forget-me)', () => {
    const mirror = new VectorMirror({ maxRecords: 10, maxTotalRecords: 10 });
    mirror.beginLoad('alex');
    mirror.dropWhere((name) => name === 'alex');
    mirror.finishLoad('alex', { space: SPACE, records: [{ id: 'x', embedding: vector(), document: 'x', metadata: {} }] }, []);
    expect(mirror.has('alex')).toBe(false);
  });
});
