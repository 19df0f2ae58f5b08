import { describe, expect, it } from 'vitest';
import { VariantIndex } from '../../../src/knowledge/variants.js';

const index = new VariantIndex([
  { section: 'can', text: 'What can you do?' },
  { section: 'can', text: 'Was kannst du?' },
  { section: 'see', text: 'What do you see?' },
  { section: 'name', text: 'What is your name?' },
  { section: 'name', text: '你叫什么名字？' },
]);

describe('question variants', () => {
  it('tells questions of stop words apart by the stop words they share', () => {
    const m = index.match('What can you do for me?');
    expect(m.get('can')!).toBeGreaterThan(m.get('see') ?? 0);
    expect(m.get('can')!).toBeGreaterThan(0.5);
  });

  it('matches a variant in another language and in Chinese', () => {
    expect([...index.match('Was kannst du eigentlich?').entries()].sort((a, b) => b[1] - a[1])[0]?.[0]).toBe('can');
    expect([...index.match('你的名字是什么？').entries()].sort((a, b) => b[1] - a[1])[0]?.[0]).toBe('name');
  });

  it('keeps a question with words no variant has far from every variant', () => {
    const m = index.match('What is the capital of Australia?');
    expect(Math.max(0, ...m.values())).toBeLessThan(0.5);
  });

  it('lists the variants that share a term with a question, nearest first (the fuzzy match compares only those)', () => {
    const near = index.nearest('What can you do?');
    expect(near[0]).toMatchObject({ section: 'can', index: 0 });
    expect(near.map((v) => v.cosine)).toEqual([...near.map((v) => v.cosine)].sort((a, b) => b - a));
    expect(near.some((v) => v.section === 'name' && v.index === 4)).toBe(false);
  });
});
