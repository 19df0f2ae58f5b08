import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { distribution, KnowledgeSetSchema, loadSet, MemorySetSchema, rankOfRight, recallAt, SceneSetSchema, suggestThreshold } from '../../../src/eval/index.js';
import { chunkMarkdown } from '../../../src/knowledge/index.js';
import { REPO } from '../../helpers/config.js';

const SETS = path.join(REPO, 'eval/retrieval');

describe('retrieval measures', () => {
  it('recall@k from the rank of the right item', () => {
    const scores = [
      { id: 'a', score: 0.2 },
      { id: 'b', score: 0.9 },
      { id: 'c', score: 0.5 },
    ];
    expect(rankOfRight(scores, (id) => id === 'c')).toBe(1);
    expect(rankOfRight(scores, (id) => id === 'x')).toBe(Number.POSITIVE_INFINITY);
    expect(recallAt(1, [0, 1, 2, 0])).toBe(0.5);
    expect(recallAt(3, [0, 1, 2, Number.POSITIVE_INFINITY])).toBe(0.75);
  });

  it('distributions: quantiles by linear interpolation', () => {
    expect(distribution([0.4, 0.1, 0.3, 0.2, 0.5])).toMatchObject({ n: 5, min: 0.1, p50: 0.3, max: 0.5 });
    expect(distribution([0, 1]).p10).toBeCloseTo(0.1, 9);
  });

  it('suggests the threshold that separates matches from non-matches best (Youden J), in the widest gap', () => {
    expect(suggestThreshold([0.8, 0.7, 0.9], [0.1, 0.3, 0.2])).toEqual({ threshold: 0.5, tpr: 1, fpr: 0 });
    // Overlap: keeping every match lets half the non-matches through (J = 0.5), which beats
    // keeping 2 of 3 and letting 1 of 4 through (J ≈ 0.42).
    expect(suggestThreshold([0.6, 0.5, 0.2], [0.1, 0.15, 0.3, 0.55])).toEqual({ threshold: 0.175, tpr: 1, fpr: 0.5 });
    expect(suggestThreshold([], [0.1])).toBeNull();
  });

  it('the shipped labelled sets are valid, and every knowledge answer names a chunk of rag_files/', () => {
    const knowledge = loadSet(path.join(SETS, 'knowledge.yaml'), KnowledgeSetSchema);
    expect(loadSet(path.join(SETS, 'memories.yaml'), MemorySetSchema).memories.length).toBeGreaterThanOrEqual(8);
    expect(loadSet(path.join(SETS, 'scenes.yaml'), SceneSetSchema).scenes.length).toBeGreaterThanOrEqual(5);
    const rag = path.join(REPO, 'rag_files');
    const labels = readdirSync(rag)
      .filter((f) => f.endsWith('.md'))
      .flatMap((f) => chunkMarkdown(f, readFileSync(path.join(rag, f), 'utf8'), { maxChars: 1000, overlapChars: 150 }).chunks.map((c) => `${c.file} — ${c.headings.at(-1)}`));
    for (const q of knowledge.questions) for (const a of q.answer) expect(labels, q.q).toContain(a);
    expect(() => loadSet(path.join(REPO, 'test/fixtures/eval/skeleton.yaml'), MemorySetSchema)).toThrow(/skeleton\.yaml:\n.*memories/s);
  });
});
