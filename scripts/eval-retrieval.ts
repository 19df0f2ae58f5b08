/**
 * Measures retrieval on the labelled sets of eval/retrieval/ with the models that are configured
 * and present: knowledge (questions → the chunk of rag_files/ that answers them), memory
 * (memories → the questions that should recall them), visual memory (scene descriptions →
 * matching and non-matching questions).
 *
 *   npm run eval:retrieval [-- --config FILE] [--standin] [--write FILE] [--json FILE]
 *
 * Knowledge is measured as the robot searches it (embedder, BM25 and question variants fused; see
 * src/knowledge/hybrid.ts) on two halves of the labelled questions: knowledge.yaml (development:
 * its thresholds are calibrated there) and knowledge-heldout.yaml (held out: only reported):
 * answered from the right section, from a wrong one, refused; unanswerable questions refused.
 * KNOWLEDGE_MISSES=1 lists the misses.
 *
 * For memory and scenes it prints recall@1 and recall@3, the score distributions of matches and
 * non-matches, and the thresholds that separate them best; --write sets the thresholds in a configuration file
 * (created, or updated keeping its comments). --standin measures the generated stand-in models
 * (random weights: the figures exercise the code and mean nothing, so --write refuses them).
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import writeFileAtomic from 'write-file-atomic';
import { parseDocument } from 'yaml';
import { loadConfig, type Config } from '../src/config/index.js';
import {
  calibrate,
  distribution,
  KnowledgeSetSchema,
  loadSet,
  MemorySetSchema,
  outcomes,
  rankOfRight,
  rankSet,
  recallAt,
  SceneSetSchema,
  suggestThreshold,
  type Distribution,
  type KnowledgeOutcomes,
  type Suggestion,
} from '../src/eval/index.js';
import { selectEmbedder, type Embedder } from '../src/embeddings/index.js';
import { Health } from '../src/health/index.js';
import { chunkMarkdown, HybridIndex, thresholdsFor, type HybridThresholds } from '../src/knowledge/index.js';
import { OllamaLanguageModel } from '../src/llm/index.js';
import { silentLogger } from '../src/log/index.js';
import { lexicalSimilarity, lexicalVector, TransformersClipEncoder, type ClipEncoder } from '../src/visual-memory/index.js';

const REPO = path.resolve(import.meta.dirname, '..');
const SETS = path.join(REPO, 'eval', 'retrieval');

const { values: args } = parseArgs({
  options: {
    config: { type: 'string' },
    standin: { type: 'boolean', default: false },
    write: { type: 'string' },
    json: { type: 'string' },
  },
});

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const f = (x: number) => (Number.isFinite(x) ? x.toFixed(3) : '—');
const pct = (x: number) => (Number.isFinite(x) ? `${(x * 100).toFixed(0)}%` : '—');

/** A set's figures from the rank of the right answer for each query and the scores of matches and non-matches. */
function section(name: string, model: string, standin: boolean, r: { ranks: number[]; matches: number[]; nonMatches: number[] }, setting: string, current: number): Section {
  return {
    name,
    model,
    standin,
    recall1: recallAt(1, r.ranks),
    recall3: recallAt(3, r.ranks),
    queries: r.ranks.length,
    matches: distribution(r.matches),
    nonMatches: distribution(r.nonMatches),
    suggestion: suggestThreshold(r.matches, r.nonMatches),
    setting,
    current,
  };
}

interface Section {
  name: string;
  model: string;
  standin: boolean;
  recall1: number;
  recall3: number;
  queries: number;
  matches: Distribution;
  nonMatches: Distribution;
  suggestion: Suggestion | null;
  /** The setting the suggestion is for, and its current value. */
  setting: string;
  current: number;
}

function config(): Config {
  const { config } = loadConfig({ file: args.config ?? null });
  if (!args.standin) return config;
  const standin = path.join(REPO, 'models', 'standin');
  return {
    ...config,
    embeddings: { ...config.embeddings, backend: 'onnx', onnx: { ...config.embeddings.onnx, model: path.join(standin, 'all-MiniLM-L6-v2') } },
    visualMemory: { ...config.visualMemory, model: path.join(standin, 'clip-vit-base-patch32') },
  };
}

interface KnowledgeReport {
  model: string;
  standin: boolean;
  chunks: number;
  /** The thresholds in use (the configuration's). */
  current: HybridThresholds;
  /** Calibrated on the development half. */
  suggested: HybridThresholds;
  /** Each half with the current and with the calibrated thresholds. */
  halves: { name: string; file: string; current: KnowledgeOutcomes; calibrated: KnowledgeOutcomes }[];
  /** The embedder alone, on both halves' answerable questions: cosine figures as before. */
  embedderOnly: Section;
}

/**
 * The knowledge as the robot searches it (hybrid.ts: embedder, BM25, question variants), over
 * rag_files/ with its translations, on the development half (knowledge.yaml: thresholds are
 * calibrated there) and the held-out half (knowledge-heldout.yaml: only reported).
 */
async function knowledge(cfg: Config, embedder: Embedder, standin: boolean): Promise<KnowledgeReport> {
  const dev = loadSet(path.join(SETS, 'knowledge.yaml'), KnowledgeSetSchema);
  const heldout = loadSet(path.join(SETS, 'knowledge-heldout.yaml'), KnowledgeSetSchema);
  const dir = path.resolve(cfg.paths.rag);
  const chunks = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.md'))
    .sort()
    .flatMap((file) => chunkMarkdown(file.split(path.sep).join('/'), readFileSync(path.join(dir, file), 'utf8'), cfg.knowledge.chunk).chunks);
  // A section is labelled by its original's file and heading, whichever version answered.
  const labels = new Map<string, string>();
  for (const c of chunks) if (c.file === c.section.slice(0, c.section.lastIndexOf('#')) && !labels.has(c.section)) labels.set(c.section, `${c.file} — ${c.headings.at(-1)}`);
  const label = (section: string) => labels.get(section) ?? section;
  for (const [name, set] of [['knowledge.yaml', dev], ['knowledge-heldout.yaml', heldout]] as const) {
    const unknown = set.questions.flatMap((q) => q.answer).filter((a) => ![...labels.values()].includes(a));
    if (unknown.length) throw new Error(`eval/retrieval/${name}: no section of ${dir} is ${unknown.map((u) => JSON.stringify(u)).join(', ')}`);
  }
  const chunkVectors = await embedder.embed(chunks.map((c) => c.embedText));
  const texts = [...dev.questions, ...dev.unanswerable, ...heldout.questions, ...heldout.unanswerable].map((x) => x.q);
  const questionVectors = new Map((await embedder.embed(texts)).map((v, i) => [texts[i]!, v]));
  const ids = new Map(chunks.map((c, i) => [c.id, i]));
  const similarity = (q: string) => {
    const qv = questionVectors.get(q)!;
    return (id: string) => dot(qv, chunkVectors[ids.get(id)!]!);
  };
  const index = new HybridIndex(chunks);
  const current = thresholdsFor(embedder, cfg.knowledge);
  const rankedDev = rankSet(dev, index, similarity, current);
  const rankedHeldout = rankSet(heldout, index, similarity, current);
  const { thresholds: suggested } = calibrate(rankedDev, current, label);

  // The embedder alone (the figures this script reported before the hybrid search).
  const ranks: number[] = [];
  const matches: number[] = [];
  const nonMatches: number[] = [];
  for (const set of [dev, heldout]) {
    for (const q of set.questions) {
      const sim = similarity(q.q);
      const scores = chunks.map((c) => ({ id: label(c.section), score: sim(c.id) }));
      ranks.push(rankOfRight(scores, (id) => q.answer.includes(id)));
      for (const s of scores) (q.answer.includes(s.id) ? matches : nonMatches).push(s.score);
    }
    for (const u of set.unanswerable) nonMatches.push(...chunks.map((c) => similarity(u.q)(c.id)));
  }
  const lexical = embedder.id.startsWith('lexical:');
  const embedderOnly = section(
    `knowledge, the embedder alone (${dev.questions.length + heldout.questions.length} questions, ${chunks.length} chunks in ${labels.size} sections)`,
    embedder.id,
    standin,
    { ranks, matches, nonMatches },
    lexical ? 'knowledge.lexicalMinSimilarity' : 'knowledge.minSimilarity',
    current.minSimilarity,
  );
  return {
    model: embedder.id,
    standin,
    chunks: chunks.length,
    current,
    suggested,
    halves: [
      { name: 'development', file: 'knowledge.yaml', current: outcomes(rankedDev, current, label), calibrated: outcomes(rankedDev, suggested, label) },
      { name: 'held-out', file: 'knowledge-heldout.yaml', current: outcomes(rankedHeldout, current, label), calibrated: outcomes(rankedHeldout, suggested, label) },
    ],
    embedderOnly,
  };
}

function printKnowledge(k: KnowledgeReport): void {
  const t = (x: HybridThresholds) => `fusion ${JSON.stringify(x.weights)}, minScore ${x.minScore}, minMargin ${x.minMargin} (minSimilarity ${x.minSimilarity}, rrfK ${x.rrfK})`;
  console.log(`\n## knowledge, hybrid search (embedder + BM25 + question variants), ${k.chunks} chunks\nmodel: ${k.model}${k.standin ? '  (STAND-IN, random weights: these figures mean nothing)' : ''}`);
  console.log(`now:        ${t(k.current)}\ncalibrated: ${t(k.suggested)}  (on the development half only)`);
  console.log('| half | thresholds | questions | right section | wrong section | refused | right in the visitor\'s language | unanswerable | refused |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const h of k.halves) {
    for (const [which, o] of [['now', h.current], ['calibrated', h.calibrated]] as const) {
      const p = (n: number, of: number) => `${n} (${pct(n / of)})`;
      console.log(`| ${h.name} | ${which} | ${o.questions} | ${p(o.right, o.questions)} | ${p(o.wrong, o.questions)} | ${p(o.refused, o.questions)} | ${p(o.inLanguage, o.right)} | ${o.unanswerable} | ${p(o.refusedUnanswerable, o.unanswerable)} |`);
    }
  }
  for (const h of k.halves) {
    const by = Object.entries(h.calibrated.byLanguage).map(([lang, [r, n]]) => `${lang} ${r}/${n}`).join(', ');
    console.log(`${h.name}, calibrated, right by language: ${by}`);
  }
  if (process.env.KNOWLEDGE_MISSES) for (const h of k.halves) for (const m of h.calibrated.misses) console.log(`  miss (${h.name}) [${m.lang}] ${m.q} → ${m.got ?? 'refused'} (expected ${m.expected?.join(' | ') ?? 'refusal'})`);
  print(k.embedderOnly);
}

async function memory(cfg: Config, embedder: Embedder, standin: boolean): Promise<Section> {
  const set = loadSet(path.join(SETS, 'memories.yaml'), MemorySetSchema);
  const memoryVectors = await embedder.embed(set.memories.map((m) => m.text));
  const queries = set.memories.flatMap((m) => m.questions.map((q) => ({ q, id: m.id })));
  const questionVectors = await embedder.embed(queries.map((x) => x.q));
  const ranks: number[] = [];
  const matches: number[] = [];
  const nonMatches: number[] = [];
  questionVectors.forEach((qv, i) => {
    const scores = set.memories.map((m, j) => ({ id: m.id, score: dot(qv, memoryVectors[j]!) }));
    ranks.push(rankOfRight(scores, (id) => id === queries[i]!.id));
    for (const s of scores) (s.id === queries[i]!.id ? matches : nonMatches).push(s.score);
  });
  const lexical = embedder.id.startsWith('lexical:');
  return section(`memory (${set.memories.length} memories, ${queries.length} questions)`, embedder.id, standin, { ranks, matches, nonMatches }, lexical ? 'memory.minSimilarity.lexical' : 'memory.minSimilarity.model', lexical ? cfg.memory.minSimilarity.lexical : cfg.memory.minSimilarity.model);
}

/** Scenes by their descriptions, as visual memory scores a scene without a usable image: CLIP's text encoder, or the words. */
async function scenes(cfg: Config, clip: ClipEncoder | null): Promise<Section> {
  const set = loadSet(path.join(SETS, 'scenes.yaml'), SceneSetSchema);
  const queries = set.scenes.flatMap((s) => s.matching.map((q) => ({ q, id: s.id })));
  let similarity: (qi: number, si: number) => number;
  const negatives: { q: string; si: number }[] = set.scenes.flatMap((s, si) => s.non_matching.map((q) => ({ q, si })));
  if (clip) {
    const sceneVectors = await clip.embedTexts(set.scenes.map((s) => s.description));
    const texts = [...queries.map((x) => x.q), ...negatives.map((x) => x.q)];
    const vectors = await clip.embedTexts(texts);
    similarity = (qi, si) => dot(vectors[qi]!, sceneVectors[si]!);
  } else {
    const sceneVectors = set.scenes.map((s) => lexicalVector(s.description));
    const vectors = [...queries.map((x) => x.q), ...negatives.map((x) => x.q)].map(lexicalVector);
    similarity = (qi, si) => lexicalSimilarity(vectors[qi]!, sceneVectors[si]!);
  }
  const ranks: number[] = [];
  const matches: number[] = [];
  const nonMatches: number[] = [];
  queries.forEach((x, qi) => {
    const scores = set.scenes.map((s, si) => ({ id: s.id, score: similarity(qi, si) }));
    ranks.push(rankOfRight(scores, (id) => id === x.id));
    for (const s of scores) (s.id === x.id ? matches : nonMatches).push(s.score);
  });
  negatives.forEach((n, i) => nonMatches.push(similarity(queries.length + i, n.si)));
  // A scene without an image is scored on its description alone: that score meets visualMemory.threshold.
  return section(
    `visual memory by description (${set.scenes.length} scenes, ${queries.length} matching and ${negatives.length} non-matching questions)`,
    clip ? `CLIP ${clip.id}` : 'words of the description (no CLIP model)',
    clip?.standin ?? false,
    { ranks, matches, nonMatches },
    clip ? 'visualMemory.threshold' : 'visualMemory.lexicalThreshold',
    clip ? cfg.visualMemory.threshold : cfg.visualMemory.lexicalThreshold,
  );
}

function print(s: Section): void {
  console.log(`\n## ${s.name}\nmodel: ${s.model}${s.standin ? '  (STAND-IN, random weights: these figures mean nothing)' : ''}`);
  console.log(`recall@1 ${pct(s.recall1)}   recall@3 ${pct(s.recall3)}   (${s.queries} queries)`);
  console.log('| scores | n | min | p10 | median | p90 | max | mean |');
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const [name, d] of [['matches', s.matches], ['non-matches', s.nonMatches]] as const) {
    console.log(`| ${name} | ${d.n} | ${f(d.min)} | ${f(d.p10)} | ${f(d.p50)} | ${f(d.p90)} | ${f(d.max)} | ${f(d.mean)} |`);
  }
  if (s.suggestion) {
    console.log(`suggested ${s.setting}: ${s.suggestion.threshold} (keeps ${pct(s.suggestion.tpr)} of matches, lets through ${pct(s.suggestion.fpr)} of non-matches); now ${s.current}`);
  }
}

async function writeThresholds(file: string, sections: Section[], known: KnowledgeReport): Promise<void> {
  const standin = [...sections, known].filter((s) => s.standin);
  if (standin.length) {
    const models = [...new Set(standin.map((s) => s.model))];
    console.error(`\nnot writing ${file}: ${models.join(', ')} ${models.length > 1 ? 'are stand-ins' : 'is a stand-in'} (random weights)`);
    process.exitCode = 1;
    return;
  }
  const text = existsSync(file) ? readFileSync(file, 'utf8') : '';
  const doc = parseDocument(text.trim() ? text : '{}');
  if (doc.errors.length) throw new Error(`${file}: ${doc.errors[0]!.message}`);
  for (const s of sections) if (s.suggestion) doc.setIn(s.setting.split('.'), s.suggestion.threshold);
  const k = known.suggested;
  for (const [key, value] of Object.entries(k.weights)) doc.setIn(['knowledge', 'fusion', key], value);
  doc.setIn(['knowledge', 'minScore'], k.minScore);
  doc.setIn(['knowledge', 'minMargin'], k.minMargin);
  await writeFileAtomic(file, doc.toString());
  console.log(`\nwrote knowledge.fusion, knowledge.minScore, knowledge.minMargin, ${sections.filter((s) => s.suggestion).map((s) => s.setting).join(', ')} to ${file}`);
}

async function main(): Promise<void> {
  const cfg = config();
  const health = new Health();
  const llm = new OllamaLanguageModel({ config: cfg.llm, log: silentLogger, health });
  await llm.start();
  const { embedder } = await selectEmbedder({ config: cfg, ollama: llm, log: silentLogger, health });
  const standinEmbedder = embedder.id.includes('standin');
  let clip: ClipEncoder | null = null;
  try {
    clip = await TransformersClipEncoder.load(path.resolve(cfg.paths.models, cfg.visualMemory.model));
  } catch (err) {
    console.log(`no CLIP model (${(err as Error).message}): scenes are scored by the words of their descriptions`);
  }
  const known = await knowledge(cfg, embedder, standinEmbedder);
  const sections = [await memory(cfg, embedder, standinEmbedder), await scenes(cfg, clip)];
  printKnowledge(known);
  for (const s of sections) print(s);
  if (args.json) await writeFileAtomic(args.json, `${JSON.stringify({ knowledge: known, sections }, null, 2)}\n`);
  if (args.write) await writeThresholds(args.write, sections, known);
  llm.stop();
  await embedder.close?.();
  await clip?.close();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
