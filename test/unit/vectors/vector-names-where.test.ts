import { describe, expect, it } from 'vitest';
import { decodeCollectionName, encodeCollectionName, toChromaWhere } from '../../../src/vectors/index.js';
import { isValidChromaName } from '../../helpers/chroma-names.js';
import { canEvaluate, matches } from '../../../src/vectors/where.js';

const NAMES = ['memory-alice@example.com', 'memory-alice_example.com', 'memory-alice-example.com', 'a', 'ab', '..', 'x..y', 'a.', '.a', '-', '_', 'trailing-', '1.2.3.4', 'Zoë', 'Zoë'.normalize('NFD'), '用户-42', ' space '];

describe('collection names', () => {
  it('are always valid for ChromaDB and give back the caller name', () => {
    for (const name of NAMES) {
      const encoded = encodeCollectionName('nadine', name);
      expect(isValidChromaName(encoded), `${name} → ${encoded}`).toBe(true);
      expect(decodeCollectionName('nadine', encoded)).toBe(name.normalize('NFC'));
    }
  });

  it('never map two different names to one collection', () => {
    const distinct = [...new Set(NAMES.map((n) => n.normalize('NFC')))];
    const encoded = new Set(distinct.map((n) => encodeCollectionName('nadine', n)));
    expect(encoded.size).toBe(distinct.length);
  });

  it('shorten very long names with a hash, still valid and distinct', () => {
    const a = encodeCollectionName('nadine', `${'x'.repeat(700)}a`);
    const b = encodeCollectionName('nadine', `${'x'.repeat(700)}b`);
    expect(a.length).toBeLessThanOrEqual(512);
    expect(isValidChromaName(a)).toBe(true);
    expect(a).not.toBe(b);
  });

  it('do not decode collections of another prefix', () => {
    expect(decodeCollectionName('nadine', 'other-memory')).toBeNull();
    expect(decodeCollectionName('nadine', encodeCollectionName('robot2', 'memory'))).toBeNull();
  });
});

describe('metadata filters', () => {
  const m = { memory_type: 'episode', ts: 5, user_id: 'u1', pinned: true };

  it('evaluate as ChromaDB does', () => {
    expect(matches({ memory_type: 'episode' }, m)).toBe(true);
    expect(matches({ memory_type: 'episode', user_id: 'u2' }, m)).toBe(false);
    expect(matches({ ts: { $gte: 5 } }, m)).toBe(true);
    expect(matches({ ts: { $gt: 5 } }, m)).toBe(false);
    expect(matches({ ts: { $lt: 6 } }, m)).toBe(true);
    expect(matches({ memory_type: { $in: ['episode', 'conversation'] } }, m)).toBe(true);
    expect(matches({ memory_type: { $nin: ['episode'] } }, m)).toBe(false);
    expect(matches({ missing: { $ne: 'x' } }, m)).toBe(true);
    expect(matches({ $or: [{ user_id: 'u2' }, { pinned: true }] }, m)).toBe(true);
    expect(matches({ $and: [{ user_id: 'u1' }, { ts: { $lte: 4 } }] }, m)).toBe(false);
    expect(matches({ ts: { $gt: 'a' as unknown as number } }, m)).toBe(false);
  });

  it('are only evaluated locally when every operator is known', () => {
    expect(canEvaluate({ memory_type: 'episode', ts: { $gte: 1 } })).toBe(true);
    expect(canEvaluate({ $or: [{ a: 1 }, { b: { $in: [1, 2] } }] })).toBe(true);
    expect(canEvaluate({ a: { $contains: 'x' } as never })).toBe(false);
    expect(canEvaluate({ a: { $gt: 1, $lt: 3 } as never })).toBe(false);
  });

  it('are sent to ChromaDB with one key per level', () => {
    expect(toChromaWhere({ memory_type: 'episode' })).toEqual({ memory_type: 'episode' });
    expect(toChromaWhere({ memory_type: 'episode', user_id: 'u1' })).toEqual({ $and: [{ memory_type: 'episode' }, { user_id: 'u1' }] });
    expect(toChromaWhere({ $or: [{ a: 1 }] })).toEqual({ a: 1 });
    expect(toChromaWhere({ $or: [{ a: 1, b: 2 }, { c: 3 }] })).toEqual({ $or: [{ $and: [{ a: 1 }, { b: 2 }] }, { c: 3 }] });
    expect(toChromaWhere({})).toBeUndefined();
  });
});
