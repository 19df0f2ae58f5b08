import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { INTENT_META_FILE, INTENT_MODEL_FILE, IntentMetaSchema, OnnxIntentClassifier, type IntentMeta } from './classifier.js';
import { loadCorpusDir, parseCorpusTsv, splitCorpus, type CorpusExample } from './corpus.js';
import { DEFAULT_FEATURIZER, featurize } from './featurize.js';
import { detectLanguageRequest } from './language-request.js';
import { calibrateTemperature } from './calibrate.js';
import { DEFAULT_TRAIN_OPTIONS, evaluate, exportIntentOnnx, forward, trainIntentModel, type Evaluation, type IntentWeights } from './train.js';

/** Share of the corpus never trained on, to measure accuracy. */
export const HELDOUT_FRACTION = 0.15;
const SPLIT_SEED = 7;

export interface TrainPipelineOptions {
  /** Where intent.onnx and intent.meta.json go. */
  outDir: string;
  corpusDir: string;
  /** An independently written evaluation set, if present. */
  unseenFile?: string | null;
  /** Skip training when the model on disk was trained on this exact corpus. */
  ifStale?: boolean;
  log?: (line: string) => void;
}

export interface TrainPipelineResult {
  trained: boolean;
  meta: IntentMeta | null;
  heldout?: Evaluation;
  unseen?: Evaluation | null;
  targets?: { n: number; accuracy: number; errors: string[] };
}

/**
 * Corpus → split → training → ONNX export → check that the exported model predicts what the
 * trained weights predict. Reproducible: a fixed seed, and a split derived from each
 * utterance's text, so the same corpus always gives the same model.
 */
export async function trainIntentPipeline(options: TrainPipelineOptions): Promise<TrainPipelineResult> {
  const say = options.log ?? (() => undefined);
  const corpus = loadCorpusDir(options.corpusDir);
  if (options.ifStale && isUpToDate(options.outDir, corpus.sha256)) {
    say(`intent model in ${options.outDir} is up to date with its corpus`);
    return { trained: false, meta: null };
  }

  const { train, heldout } = splitCorpus(corpus.examples, HELDOUT_FRACTION, SPLIT_SEED);
  say(`corpus: ${corpus.examples.length} utterances in ${corpus.files.join(', ')}; training on ${train.length}, holding out ${heldout.length}`);
  const started = performance.now();
  const weights = trainIntentModel(train, DEFAULT_FEATURIZER, DEFAULT_TRAIN_OPTIONS, (epoch, loss) => {
    if (epoch % 5 === 0) say(`  epoch ${epoch}: loss ${loss.toFixed(4)}`);
  });
  say(`trained in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  const temperature = calibrateTemperature(weights, heldout);
  say(`calibrated: temperature ${temperature}`);

  const predict = predictor(weights);
  const heldoutEval = evaluate(predict, heldout);
  const unseenFile = options.unseenFile && existsSync(options.unseenFile) ? options.unseenFile : null;
  const unseen = unseenFile ? parseCorpusTsv(readFileSync(unseenFile, 'utf8'), unseenFile, null) : null;
  const unseenEval = unseen ? evaluate(predict, unseen) : null;

  const meta: IntentMeta = IntentMetaSchema.parse({
    format: 1,
    labels: weights.labels,
    featurizer: weights.spec,
    hidden: weights.hidden,
    corpus: { sha256: corpus.sha256, examples: corpus.examples.length, files: corpus.files },
    training: { ...DEFAULT_TRAIN_OPTIONS, temperature, heldoutFraction: HELDOUT_FRACTION, splitSeed: SPLIT_SEED, trainExamples: train.length },
    metrics: { heldout: summary(heldoutEval, heldout), unseen: unseenEval && unseen ? summary(unseenEval, unseen) : null },
  });

  await mkdir(options.outDir, { recursive: true });
  await writeFileAtomic(path.join(options.outDir, INTENT_MODEL_FILE), Buffer.from(exportIntentOnnx(weights)));
  await writeFileAtomic(path.join(options.outDir, INTENT_META_FILE), `${JSON.stringify(meta, null, 2)}\n`);
  await checkExport(options.outDir, weights, heldout);

  const targets = languageTargets([...corpus.examples, ...(unseen ?? [])]);
  return { trained: true, meta, heldout: heldoutEval, unseen: unseenEval, targets };
}

function isUpToDate(dir: string, sha256: string): boolean {
  try {
    const meta = IntentMetaSchema.parse(JSON.parse(readFileSync(path.join(dir, INTENT_META_FILE), 'utf8')));
    // A new featuriser or network shape needs a new model even when the corpus is the same.
    const sameRecipe = JSON.stringify(meta.featurizer) === JSON.stringify(DEFAULT_FEATURIZER) && meta.hidden === DEFAULT_TRAIN_OPTIONS.hidden;
    return meta.corpus.sha256 === sha256 && sameRecipe && existsSync(path.join(dir, INTENT_MODEL_FILE));
  } catch {
    return false;
  }
}

function predictor(weights: IntentWeights) {
  return (text: string) => {
    const p = forward(weights, featurize(text, weights.spec));
    let best = 0;
    for (let i = 1; i < p.length; i++) if (p[i]! > p[best]!) best = i;
    return { intent: weights.labels[best]!, confidence: p[best]! };
  };
}

/** The ONNX file must predict what the trained weights predict; otherwise the export is broken. */
async function checkExport(dir: string, weights: IntentWeights, sample: CorpusExample[]): Promise<void> {
  const classifier = await OnnxIntentClassifier.load(dir);
  const predict = predictor(weights);
  for (const e of sample.slice(0, 50)) {
    const [a, b] = [predict(e.text), await classifier.classify(e.text)];
    if (a.intent !== b.intent || Math.abs(a.confidence - b.confidence) > 1e-4) {
      throw new Error(`ONNX export disagrees with the trained weights on "${e.text}"`);
    }
  }
}

export function byLanguage(evaluation: Evaluation, examples: CorpusExample[]): Record<string, number> {
  const wrong = new Set(evaluation.errors.map((e) => e.source));
  const out: Record<string, [number, number]> = {};
  for (const e of examples) {
    const entry = (out[e.language] ??= [0, 0]);
    entry[1]++;
    if (!wrong.has(e.source)) entry[0]++;
  }
  return Object.fromEntries(Object.entries(out).map(([l, [ok, n]]) => [l, round(ok / n)]));
}

function summary(evaluation: Evaluation, examples: CorpusExample[]) {
  return {
    n: evaluation.n,
    accuracy: round(evaluation.accuracy),
    perLanguage: byLanguage(evaluation, examples),
    perIntent: Object.fromEntries(Object.entries(evaluation.perIntent).map(([k, v]) => [k, { ...v, precision: round(v.precision), recall: round(v.recall) }])),
  };
}

function languageTargets(examples: CorpusExample[]) {
  const cases = examples.filter((e) => e.intent === 'language_change');
  const errors: string[] = [];
  for (const e of cases) {
    // Asked to switch, the robot is speaking some other language: English, or German when English is asked for.
    const current = e.target === 'en' ? 'de' : 'en';
    const got = detectLanguageRequest(e.text, current)?.code ?? null;
    if (got !== e.target) errors.push(`"${e.text}" → ${got} (expected ${e.target})`);
  }
  return { n: cases.length, accuracy: cases.length ? 1 - errors.length / cases.length : 0, errors };
}

const round = (x: number) => Math.round(x * 10_000) / 10_000;
