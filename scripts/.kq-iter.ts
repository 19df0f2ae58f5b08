import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { calibrate, KnowledgeSetSchema, loadSet, outcomes, rankSet } from '../src/eval/index.js';
import { LexicalEmbedder } from '../src/embeddings/lexical.js';
import { chunkMarkdown, HybridIndex, rescore } from '../src/knowledge/index.js';
const dir = 'rag_files';
const dev = loadSet('eval/retrieval/knowledge.yaml', KnowledgeSetSchema);
const chunks = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.md')).sort().flatMap((f) => chunkMarkdown(f, readFileSync(path.join(dir, f), 'utf8'), { maxChars: 1000, overlapChars: 150 }).chunks);
const labels = new Map<string, string>();
for (const c of chunks) if (c.file === c.section.slice(0, c.section.lastIndexOf('#')) && !labels.has(c.section)) labels.set(c.section, `${c.file} — ${c.headings.at(-1)}`);
const label = (s: string) => labels.get(s) ?? s;
const e = new LexicalEmbedder();
const cv = await e.embed(chunks.map((c) => c.embedText));
const ids = new Map(chunks.map((c, i) => [c.id, i]));
const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const qs = [...dev.questions, ...dev.unanswerable].map((x) => x.q);
const qv = new Map((await e.embed(qs)).map((v, i) => [qs[i]!, v]));
const index = new HybridIndex(chunks);
const base = { minSimilarity: 0.35, weights: { similarity: 1, coverage: 1, concepts: 1, fuzzy: 1, rrf: 1 }, minScore: 2, minMargin: 0.1, rrfK: Number(process.env.K ?? 60) };
const ranked = rankSet(dev, index, (q) => (id) => dot(qv.get(q)!, cv[ids.get(id)!]!), base);
const { thresholds, outcomes: o } = calibrate(ranked, base, label);
console.log(thresholds, { right: o.right, wrong: o.wrong, refused: o.refused, q: o.questions, refU: o.refusedUnanswerable, u: o.unanswerable });
for (const m of o.misses) {
  const r = rescore(ranked.find((x) => x.q === m.q)!.sections, thresholds).slice(0, 3);
  console.log(`[${m.lang}] ${m.q} → ${m.got ?? 'refused'} (exp ${m.expected?.map((x) => x.split(' — ')[1]).join('|') ?? 'REFUSAL'})\n     ` + r.map((s) => `${label(s.section).split(' — ')[1]} sim ${s.similarity.toFixed(2)} cov ${s.coverage.toFixed(2)} fz ${s.fuzzy.toFixed(2)} cc ${s.concepts.toFixed(2)} rrf ${s.rrf.toFixed(2)} = ${s.score.toFixed(2)}`).join(' ; '));
}
