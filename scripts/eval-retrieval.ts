/**
 * Measures retrieval on the labelled sets of eval/retrieval/ with the models that are configured
 * and present: knowledge (questions → the chunk of rag_files/ that answers them), memory
 * (memories → the questions that should recall them), visual memory (scene descriptions →
 * matching and non-matching questions).
 *
 *   npm run eval:retrieval [-- --config FILE] [--standin] [--write FILE] [--json FILE] [--development] [--set FILE ...]
 *
 * Knowledge is measured as the robot searches it (embedder, BM25 and question variants fused; see
 * src/knowledge/hybrid.ts) on the labelled questions: knowledge.yaml (development: its thresholds
 * are calibrated there, with knowledge-dev-b.yaml, -c, -e and -f, further development sets),
 * knowledge-dev-d.yaml (an unseen check: measured, never calibrated on, its misses never listed),
 * knowledge-heldout.yaml and knowledge-heldout-b.yaml (held out: only their totals are reported): answered from the right section, from a wrong one, refused; unanswerable
 * questions refused. --development measures the development half alone (while tuning);
 * KNOWLEDGE_MISSES=1 lists its misses (never the held-out halves', nor those of knowledge-dev-d.yaml, an unseen
 * check measured only in total). --set knowledge-dev-g.yaml (repeatable) measures only the named
 * development sets with the current thresholds, without calibrating (seconds instead of minutes).
 *
 * For memory and scenes it prints recall@1 and recall@3, the score distributions of matches and
 * non-matches, and the thresholds that separate them best; --write sets the thresholds in a configuration file
 * (created, or updated keeping its comments). --standin measures the generated stand-in models
 * (random weights: the figures exercise the code and mean nothing, so --write refuses them).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import writeFileAtomic from 'write-file-atomic';
import { parseDocument } from 'yaml';
import { loadConfig, type Config } from '../src/config/index.js';
import { loadSet, MemorySetSchema, rankOfRight, SceneSetSchema } from '../src/eval/index.js';
import { selectEmbedder, type Embedder } from '../src/embeddings/index.js';
import { Health } from '../src/health/index.js';
import { OllamaLanguageModel } from '../src/llm/index.js';
import { silentLogger } from '../src/log/index.js';
import { lexicalSimilarity, lexicalVector, TransformersClipEncoder, type ClipEncoder } from '../src/visual-memory/index.js';
import { knowledge, printKnowledge, type KnowledgeReport } from './eval-retrieval/knowledge.js';
import { dot, print, section, type Section } from './eval-retrieval/section.js';

const REPO = path.resolve(import.meta.dirname, '..');
const SETS = path.join(REPO, 'eval', 'retrieval');

const { values: args } = parseArgs({
  options: {
    config: { type: 'string' },
    standin: { type: 'boolean', default: false },
    write: { type: 'string' },
    json: { type: 'string' },
    development: { type: 'boolean', default: false },
    set: { type: 'string', multiple: true, default: [] },
  },
});

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
  const known = await knowledge(cfg, embedder, standinEmbedder, SETS, args.development, args.set);
  const sections = [await memory(cfg, embedder, standinEmbedder), await scenes(cfg, clip)];
  printKnowledge(known);
  for (const s of sections) print(s);
  if (args.json) await writeFileAtomic(args.json, `${JSON.stringify({ knowledge: known, sections }, null, 2)}\n`);
  if (args.write && args.set.length) {
    console.error('\nnot writing: --set measures a part of the development sets, and thresholds are calibrated on all of them');
    process.exitCode = 1;
  } else if (args.write) await writeThresholds(args.write, sections, known);
  llm.stop();
  await embedder.close?.();
  await clip?.close();
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
});
