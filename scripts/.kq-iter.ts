import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { calibrate, KnowledgeSetSchema, loadSet, outcomes, rankSet } from '../src/eval/index.js';
import { LexicalEmbedder } from '../src/embeddings/lexical.js';
import { chunkMarkdown, HybridIndex } from '../src/knowledge/index.js';
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
const ks = [10, 60];
const ranked = rankSet(dev, index, (q) => (id) => dot(qv.get(q)!, cv[ids.get(id)!]!), ks, { minSimilarity: 0.35, minCoverage: 0.6, minFuzzy: 0.7, minConcepts: 0.8, rrfK: 10 });
const { thresholds, outcomes: o } = calibrate(ranked, ks, label);
console.log(thresholds, { right: o.right, wrong: o.wrong, refused: o.refused, q: o.questions, refU: o.refusedUnanswerable, u: o.unanswerable });
for (const m of o.misses) {
  const r = ranked.find((x) => x.q === m.q)!.byK.get(thresholds.rrfK)!.slice(0, 3);
  console.log(`[${m.lang}] ${m.q} → ${m.got ?? 'refused'} (exp ${m.expected?.map((x) => x.split(' — ')[1]).join('|') ?? 'REFUSAL'})\n     ` + r.map((s) => `${label(s.section).split(' — ')[1]} sim ${s.similarity.toFixed(2)} cov ${s.coverage.toFixed(2)} fz ${s.fuzzy.toFixed(2)} cc ${s.concepts.toFixed(2)}`).join(' ; '));
}
