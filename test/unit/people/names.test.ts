import { distance } from 'fastest-levenshtein';
import { describe, expect, it } from 'vitest';
import { UserIdSchema } from '../../../src/bus/index.js';
import { foldName, nameSimilarity, newUserId, resolveName } from '../../../src/people/index.js';

const known = [
  { user_id: 'alice_01', user_name: 'Alice' },
  { user_id: 'john_02', user_name: 'John' },
  { user_id: 'alicia-smyth', user_name: 'Alicia Smyth' },
  { user_id: 'elodie', user_name: 'Élodie Durand' },
  { user_id: 'li', user_name: '李明' },
];
const thresholds = { high: 0.9, low: 0.6 };

describe('name similarity', () => {
  it('folds case, accents and spacing before comparing', () => {
    expect(foldName('  ÉLODIE   Durand ')).toBe('elodie durand');
    expect(foldName('Straße')).toBe('strasse');
    expect(nameSimilarity('elodie durand', 'Élodie Durand')).toBe(1);
  });

  it('is 1 − Levenshtein distance / longer length', () => {
    expect(nameSimilarity('Jon', 'John')).toBeCloseTo(0.75);
    expect(nameSimilarity('Alicia', 'Alice')).toBeCloseTo(1 - 2 / 6);
    expect(nameSimilarity('Alicia Smith', 'Alicia Smyth')).toBeCloseTo(1 - 1 / 12);
    expect(nameSimilarity('Bob', 'Zhang Wei')).toBeCloseTo(1 - distance('bob', 'zhang wei') / 9);
    expect(nameSimilarity('', '')).toBe(1);
  });
});

describe('name resolution', () => {
  it('links an equal or near-identical name without asking', () => {
    expect(resolveName('alice', known, thresholds)).toEqual({ kind: 'strong', match: { ...known[0], score: 1 } });
    expect(resolveName('Alicia Smith', known, thresholds)).toMatchObject({ kind: 'strong', match: { user_id: 'alicia-smyth' } });
    expect(resolveName('Elodie Durand', known, thresholds)).toMatchObject({ kind: 'strong', match: { user_id: 'elodie' } });
    expect(resolveName('李明', known, thresholds)).toMatchObject({ kind: 'strong', match: { user_id: 'li' } });
  });

  it('asks about close names, best first', () => {
    const jon = resolveName('Jon', known, thresholds);
    expect(jon).toEqual({ kind: 'ambiguous', candidates: [{ ...known[1], score: 0.75 }] });
    const alicia = resolveName('Alicia', known, thresholds);
    expect(alicia.kind).toBe('ambiguous');
    if (alicia.kind === 'ambiguous') expect(alicia.candidates.map((c) => c.user_id)).toEqual(['alice_01']);
    const alicea = resolveName('Alicea', [...known, { user_id: 'alina', user_name: 'Alina' }], thresholds);
    if (alicea.kind !== 'ambiguous') throw new Error(`expected ambiguous, got ${alicea.kind}`);
    expect(alicea.candidates.map((c) => c.user_id)).toEqual(['alice_01', 'alina']);
    expect(alicea.candidates[0]!.score).toBeGreaterThanOrEqual(alicea.candidates[1]!.score);
  });

  it('finds no match for a far name, or when nobody is known', () => {
    expect(resolveName('Bartholomew', known, thresholds)).toEqual({ kind: 'none' });
    expect(resolveName('Alice', [], thresholds)).toEqual({ kind: 'none' });
  });

  it('follows the configured thresholds', () => {
    expect(resolveName('Jon', known, { high: 0.7, low: 0.6 }).kind).toBe('strong');
    expect(resolveName('Jon', known, { high: 0.9, low: 0.8 }).kind).toBe('none');
  });

  it('never misses a candidate that brute force finds (the fuse.js threshold is derived from low, and saturates below it)', () => {
    let seed = 7;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const letters = 'aaeeiioouunnrrsstlmkdjhyc ';
    const word = () => Array.from({ length: 2 + Math.floor(random() * 12) }, () => letters[Math.floor(random() * letters.length)]).join('').trim() || 'a';
    const mutate = (s: string) => {
      const chars = [...s];
      for (let k = Math.floor(random() * 4); k > 0; k--) {
        const at = Math.floor(random() * (chars.length + 1));
        const op = random();
        if (op < 0.33) chars.splice(at, 0, letters[Math.floor(random() * letters.length)]!);
        else if (op < 0.66) chars.splice(at, 1);
        else chars[at] = letters[Math.floor(random() * letters.length)]!;
      }
      return chars.join('').trim() || 'b';
    };
    let compared = 0;
    // A `high` above any ratio makes every candidate at or above `low` come back as ambiguous, best first.
    for (const low of [0.3, 0.4, 0.5, 0.6, 0.75]) {
      for (let trial = 0; trial < 300; trial++) {
        const base = Array.from({ length: 15 }, word);
        const people = [...base, ...base.map(mutate)].map((user_name, i) => ({ user_id: `u${i}`, user_name }));
        const query = random() < 0.5 ? mutate(base[Math.floor(random() * base.length)]!) : word();
        const expected = people.filter((p) => nameSimilarity(query, p.user_name) >= low).map((p) => p.user_id).sort();
        const match = resolveName(query, people, { high: 2, low });
        const found = (match.kind === 'ambiguous' ? match.candidates : []).map((c) => c.user_id).sort();
        expect(found, `query "${query}", low ${low}`).toEqual(expected);
        compared += expected.length;
      }
    }
    expect(compared).toBeGreaterThan(500); // the property was exercised, not vacuous
  });
});

describe('new user ids', () => {
  it('are a readable slug of the name with a short random suffix, and path-safe', () => {
    expect(newUserId('Élodie Durand', new Set(), () => 'abcdef')).toBe('elodie-durand-abcdef');
    expect(newUserId('李明', new Set(), () => 'abcdef')).toBe('user-abcdef');
    const id = newUserId('Élodie Durand', new Set());
    expect(id).toMatch(/^elodie-durand-[0-9a-f]{6}$/);
    expect(newUserId('李明', new Set())).toMatch(/^user-[0-9a-f]{6}$/);
    for (const name of ['../../etc/passwd', '..', '.hidden', 'a/b\\c', 'x'.repeat(300), '   ']) {
      expect(UserIdSchema.safeParse(newUserId(name, new Set())).success, name).toBe(true);
    }
  });

  it('are unique among the ids taken', () => {
    const suffixes = ['aaaaaa', 'aaaaaa', 'bbbbbb'];
    const id = newUserId('Ann', new Set(['ann-aaaaaa']), () => suffixes.shift()!);
    expect(id).toBe('ann-bbbbbb');
  });
});
