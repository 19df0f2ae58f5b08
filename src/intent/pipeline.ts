import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import writeFileAtomic from 'write-file-atomic';
import { calibrateTemperature } from './calibrate.js';
import { INTENT_META_FILE, INTENT_META_FORMAT, INTENT_MODEL_FILE, IntentMetaSchema, OnnxIntentClassifier, type IntentMeta } from './classifier.js';
import { lineWeights, loadCorpusDir, parseCorpusTsv, splitCorpus, type CorpusExample } from './corpus.js';
import { DEFAULT_FEATURIZER, featurize } from './featurize.js';
import { CANONICAL_MARGIN, developmentSets } from './development.js';
import { intentModelFreshness } from './freshness.js';
import { detectLanguageRequest } from './language-request.js';
import { reliability, type Reliability } from './reliability.js';
import { exportIntentOnnx, quantizeFirstLayer } from './export.js';
import { ENSEMBLE_MEMBERS, trainEnsemble } from './ensemble.js';
import { DEFAULT_TRAIN_OPTIONS, evaluate, forward, type Evaluation, type IntentWeights } from './train.js';

/** Share of the corpus (by corpus line) never trained on: early stopping and the temperature are fitted on it. */
export const VALIDATION_FRACTION = 0.15;
const SPLIT_SEED = 7;
/** Share of utterances the language model may be asked about (issue 23): the temperature may rise until the validation split reaches it. */
export const ASK_BUDGET = 0.1;
/**
 * The same, on the development sets when they are there: below the issue's 10%, because the
 * budget is spent on the development sets (1,164 utterances) and must still hold on visitors' words nobody has written
 * down. At 8% the older unseen list (800, in part trained on) was asked on 9.0%: too close.
 */
export const DEVELOPMENT_ASK_BUDGET = 0.07;

export interface TrainPipelineOptions {
  /** Where intent.onnx and intent.meta.json go. */
  outDir: string;
  corpusDir: string;
  /** The held-out set: written apart from the corpus, never trained or tuned on; its figures are the ones reported. */
  heldoutFile?: string | null;
  /** A second held-out set, written later and by other hands, so that one list tuned on by accident does not go unnoticed. */
  heldoutBFile?: string | null;
  /** An older evaluation set, if present (much of it has since found its way into the corpus). */
  unseenFile?: string | null;
  /** Development sets to fit the temperature on; those missing are skipped, and with none the validation split is used. */
  developmentFiles?: readonly string[];
  /** Short canonical phrasings the temperature must keep CANONICAL_MARGIN above the threshold (development.ts's CANONICAL_SET). */
  canonicalFile?: string | null;
  /** dialogue.intentThreshold: below it the language model is asked. */
  threshold: number;
  /** Skip training when the model on disk was trained on this exact corpus. */
  ifStale?: boolean;
  log?: (line: string) => void;
}

/** perLine: the validation split with each corpus line counted once (what calibration and early stopping use). */
export type JudgedEvaluation = Evaluation & { reliability: Reliability; perLine?: Reliability };

export interface TrainPipelineResult {
  trained: boolean;
  meta: IntentMeta | null;
  validation?: JudgedEvaluation;
  heldout?: JudgedEvaluation | null;
  heldoutB?: JudgedEvaluation | null;
  unseen?: JudgedEvaluation | null;
  targets?: { n: number; accuracy: number; errors: string[] };
}

/**
 * Corpus → split → training (early stopping on the validation split) → temperature → ONNX export
 * → check that the exported model predicts what the trained weights predict. Reproducible: a
 * fixed seed, and a split derived from each corpus line's text, so the same corpus always gives
 * the same model. Every stage says what it does: nothing is silent for more than a few seconds.
 */
export async function trainIntentPipeline(options: TrainPipelineOptions): Promise<TrainPipelineResult> {
  const say = options.log ?? (() => undefined);
  if (options.ifStale) {
    const freshness = intentModelFreshness(options.outDir, options.corpusDir);
    if (freshness.fresh) {
      say(`intent model in ${options.outDir} is up to date with its corpus`);
      return { trained: false, meta: null };
    }
    say(`intent model: retraining, ${freshness.reason}`);
  }
  const corpus = loadCorpusDir(options.corpusDir);
  const { train, validation } = splitCorpus(corpus.examples, VALIDATION_FRACTION, SPLIT_SEED);
  say(`corpus: ${corpus.examples.length} utterances in ${corpus.files.length} files; training on ${train.length}, validating on ${validation.length}`);
  const started = performance.now();
  const recipe = DEFAULT_TRAIN_OPTIONS;
  const weights = trainEnsemble(train, DEFAULT_FEATURIZER, recipe, (member, r) => {
    const seconds = ((performance.now() - started) / 1000).toFixed(0);
    say(`  network ${member}/${ENSEMBLE_MEMBERS}, epoch ${r.epoch}/${recipe.epochs} (${seconds} s): loss ${r.loss.toFixed(4)}, validation (each line once) ${pct(r.validationAccuracy ?? 0)}${r.best ? ' (best)' : ''}`);
  }, validation);
  say(`trained ${ENSEMBLE_MEMBERS} networks in ${((performance.now() - started) / 1000).toFixed(1)} s; keeping epochs ${weights.epochs.join(', ')}`);
  quantizeFirstLayer(weights);
  const development = developmentSets(options.developmentFiles ?? []);
  const canonical = developmentSets(options.canonicalFile ? [options.canonicalFile] : []);
  // One checksum over both: either edited, the temperature is stale (freshness.ts).
  const calibrationFiles = developmentSets([...development.files, ...canonical.files]);
  const askBudget = development.examples.length ? DEVELOPMENT_ASK_BUDGET : ASK_BUDGET;
  const canonicalFloor = options.threshold + CANONICAL_MARGIN;
  const calibration = calibrateTemperature(weights, validation, { threshold: options.threshold, askBudget, development: development.examples, canonical: canonical.examples, canonicalFloor });
  const { temperature, fitted } = calibration;
  const calibratedOn = calibration.on === 'development' ? `the development sets (${development.files.join(', ')}; ${development.examples.length} utterances)` : 'the validation split';
  say(`calibrated on ${calibratedOn}: temperature ${temperature} (lowest log loss at ${fitted}); there ${pct(calibration.askedModel)} below ${options.threshold}, ${pct(calibration.wrongConfident)} wrong at or above it`);
  const c = calibration.canonical;
  if (c) say(`canonical phrasings (${canonical.files.join(', ')}): ${c.n - c.wrong} of ${c.n} right, the least sure at ${c.lowest.toFixed(3)} (floor ${canonicalFloor.toFixed(2)}; it allows a temperature up to ${c.cap ?? '-'})`);

  const predict = predictor(weights);
  const judge = (examples: CorpusExample[], byLine = false): JudgedEvaluation => {
    const evaluation = evaluate(predict, examples);
    const wrong = new Set(evaluation.errors.map((e) => e.source));
    const judged = examples.map((e) => ({ correct: !wrong.has(e.source), confidence: predict(e.text).confidence }));
    const weights = byLine ? lineWeights(examples) : null;
    const perLine = weights ? { perLine: reliability(judged.map((j, i) => ({ ...j, weight: weights[i]! })), options.threshold) } : {};
    return { ...evaluation, reliability: reliability(judged, options.threshold), ...perLine };
  };
  const readSet = (file: string | null | undefined) => (file && existsSync(file) ? parseCorpusTsv(readFileSync(file, 'utf8'), file, null) : null);
  const heldout = readSet(options.heldoutFile);
  const heldoutB = readSet(options.heldoutBFile);
  const unseen = readSet(options.unseenFile);
  const [validationEval, heldoutEval, heldoutBEval, unseenEval] = [judge(validation, true), heldout && judge(heldout), heldoutB && judge(heldoutB), unseen && judge(unseen)];

  const meta: IntentMeta = IntentMetaSchema.parse({
    format: INTENT_META_FORMAT,
    labels: weights.labels,
    featurizer: weights.spec,
    hidden: weights.hidden,
    corpus: { sha256: corpus.sha256, examples: corpus.examples.length, files: corpus.files },
    training: { ...recipe, members: ENSEMBLE_MEMBERS, epochsKept: weights.epochs, temperature, fittedTemperature: fitted, askBudget, calibration: { on: calibration.on, files: calibrationFiles.files, sha256: calibrationFiles.sha256, askedModel: round(calibration.askedModel), wrongConfident: round(calibration.wrongConfident), canonical: c && { n: c.n, wrong: c.wrong, lowest: round(c.lowest), floor: canonicalFloor, cap: c.cap } }, validationFraction: VALIDATION_FRACTION, splitSeed: SPLIT_SEED, trainExamples: train.length },
    metrics: {
      validation: summary(validationEval, validation),
      heldout: heldoutEval && heldout ? summary(heldoutEval, heldout) : null,
      heldoutB: heldoutBEval && heldoutB ? summary(heldoutBEval, heldoutB) : null,
      unseen: unseenEval && unseen ? summary(unseenEval, unseen) : null,
    },
  });

  say('exporting to ONNX and checking the export');
  await mkdir(options.outDir, { recursive: true });
  await writeFileAtomic(path.join(options.outDir, INTENT_MODEL_FILE), Buffer.from(exportIntentOnnx(weights)));
  await writeFileAtomic(path.join(options.outDir, INTENT_META_FILE), `${JSON.stringify(meta, null, 2)}\n`);
  await checkExport(options.outDir, weights, validation);

  // The corpus only: a held-out utterance printed as an error is one the next corpus edit is tempted to fix.
  const targets = languageTargets(corpus.examples);
  return { trained: true, meta, validation: validationEval, heldout: heldoutEval, heldoutB: heldoutBEval, unseen: unseenEval, targets };
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

function summary(evaluation: JudgedEvaluation, examples: CorpusExample[]) {
  const r = evaluation.reliability;
  return {
    n: evaluation.n,
    accuracy: round(evaluation.accuracy),
    ece: round(r.ece),
    wrongConfident: round(r.wrongConfident),
    askedModel: round(r.askedModel),
    threshold: r.threshold,
    ...(evaluation.perLine && { perLine: { accuracy: round(evaluation.perLine.accuracy), ece: round(evaluation.perLine.ece), wrongConfident: round(evaluation.perLine.wrongConfident), askedModel: round(evaluation.perLine.askedModel) } }),
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
const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
