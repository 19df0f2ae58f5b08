import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { distribution, KnowledgeSetSchema, loadSet, MemorySetSchema, outcomes, rankOfRight, rankSet, recallAt, SceneSetSchema, suggestThreshold } from '../../../src/eval/index.js';
import { chunkMarkdown, HybridIndex, type HybridThresholds } from '../../../src/knowledge/index.js';
import { REPO } from '../../helpers/config.js';

const SETS = path.join(REPO, 'eval/retrieval');

describe('knowledge outcomes', () => {
  const t: HybridThresholds = { minSimilarity: 0.35, weights: { similarity: 0, coverage: 0, concepts: 1, fuzzy: 1, variants: 0, rrf: 1 }, minScore: 1.2, minMargin: 0.3, rrfK: 60 };
  const chunks = [
    { id: 'a.md::0', file: 'a.md', section: 'a.md#0', language: 'en' as const, headings: ['Payments'], text: 'I cannot take payments.', questions: ['Can I pay here?'] },
    { id: 'de/a.md::0', file: 'de/a.md', section: 'a.md#0', language: 'de' as const, headings: ['Zahlungen'], text: 'Ich nehme keine Zahlungen an.', questions: ['Kann ich hier bezahlen?'] },
    { id: 'b.md::0', file: 'b.md', section: 'b.md#0', language: 'en' as const, headings: ['Feelings'], text: 'I have simple emotions.', questions: ['Do you have feelings?'] },
  ];
  it('counts right, wrong and refused answers, answers in the visitor’s language, and refused unanswerable questions', () => {
    const set = KnowledgeSetSchema.parse({
      questions: [
        { q: 'Can I pay here?', answer: 'a.md — Payments' },
        { q: 'Kann ich hier bezahlen?', answer: 'a.md — Payments', lang: 'de' },
        { q: 'Do you have feelings?', answer: 'a.md — Payments' },
      ],
      unanswerable: ['What is the capital of Australia?'],
    });
    const label = (s: string) => (s === 'a.md#0' ? 'a.md — Payments' : 'b.md — Feelings');
    const o = outcomes(rankSet(set, new HybridIndex(chunks), () => () => 0, t), t, label);
    expect(o).toMatchObject({ questions: 3, right: 2, wrong: 1, refused: 0, inLanguage: 2, unanswerable: 1, refusedUnanswerable: 1, byLanguage: { en: [1, 2], de: [1, 1] } });
    expect(o.misses).toEqual([{ q: 'Do you have feelings?', lang: 'en', expected: ['a.md — Payments'], got: 'b.md — Feelings' }]);
  });
});

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
    const heldout = loadSet(path.join(SETS, 'knowledge-heldout.yaml'), KnowledgeSetSchema);
    // At least 200 questions in five languages and 40 the files cannot answer, in two halves that share no question.
    expect(knowledge.questions.length + heldout.questions.length).toBeGreaterThanOrEqual(200);
    expect(knowledge.unanswerable.length + heldout.unanswerable.length).toBeGreaterThanOrEqual(40);
    expect(new Set([...knowledge.questions, ...heldout.questions].map((q) => q.lang))).toEqual(new Set(['en', 'de', 'fr', 'es', 'zh']));
    const devQuestions = new Set([...knowledge.questions, ...knowledge.unanswerable].map((q) => q.q));
    expect([...heldout.questions, ...heldout.unanswerable].filter((q) => devQuestions.has(q.q))).toEqual([]);
    const rag = path.join(REPO, 'rag_files');
    const labels = readdirSync(rag)
      .filter((f) => f.endsWith('.md'))
      .flatMap((f) => chunkMarkdown(f, readFileSync(path.join(rag, f), 'utf8'), { maxChars: 1000, overlapChars: 150 }).chunks.map((c) => `${c.file} — ${c.headings.at(-1)}`));
    for (const q of [...knowledge.questions, ...heldout.questions]) for (const a of q.answer) expect(labels, q.q).toContain(a);
    expect(() => loadSet(path.join(REPO, 'test/fixtures/eval/skeleton.yaml'), MemorySetSchema)).toThrow(/skeleton\.yaml:\n.*memories/s);
  });
});
