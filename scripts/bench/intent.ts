import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OnnxIntentClassifier, parseCorpusTsv, reliability, type CorpusExample, type IntentPrediction } from '../../src/intent/index.js';
import { summarize, type Measurement } from './stats.js';

/**
 * Intent latency as the intent agent sees it (featurisation plus ONNX inference, one utterance at
 * a time), and how far its confidence can be trusted on the held-out set: accuracy, the share
 * wrong but above the language-model threshold, the share asked to the language model, and ECE,
 * on each held-out list (A: heldout.tsv, B: heldout-b.tsv, written later and apart).
 */
export async function benchIntent(options: { modelsDir: string; heldoutFiles: string[]; threshold: number; turns: number }): Promise<Measurement[]> {
  const classifier = await OnnxIntentClassifier.load(path.join(options.modelsDir, 'intent'));
  const sets = options.heldoutFiles.map((file) => parseCorpusTsv(readFileSync(file, 'utf8'), file, null));
  const texts = sets.flat().map((e) => e.text);
  for (let i = 0; i < 200; i++) await classifier.classify(texts[i % texts.length]!);
  const samples: number[] = [];
  for (let i = 0; i < options.turns; i++) samples.push((await classifier.classify(texts[i % texts.length]!)).ms);
  const judgedSets: Measurement[] = [];
  for (const [i, heldout] of sets.entries()) judgedSets.push(...(await judgeSet(classifier, heldout, options.threshold, `intent held-out set ${String.fromCharCode(65 + i)}`)));
  return [{ name: 'intent classification (featurise + ONNX)', unit: 'ms', summary: summarize(samples), targetP95: 2 }, ...judgedSets];
}

async function judgeSet(classifier: OnnxIntentClassifier, heldout: CorpusExample[], threshold: number, label: string): Promise<Measurement[]> {
  // One at a time: the classifier reuses one input buffer.
  const judged: { e: CorpusExample; p: IntentPrediction }[] = [];
  for (const e of heldout) judged.push({ e, p: await classifier.classify(e.text) });
  const r = reliability(judged.map(({ e, p }) => ({ correct: p.intent === e.intent, confidence: p.confidence })), threshold);
  const share = (pick: (j: (typeof judged)[number]) => boolean) => summarize(judged.map((j) => (pick(j) ? 100 : 0)));
  const tag = `${label} (${heldout.length}, mean)`;
  return [
    { name: `${tag}: accuracy`, unit: '%', summary: share(({ e, p }) => p.intent === e.intent) },
    { name: `${tag}: wrong and confidence ≥ ${threshold}`, unit: '%', summary: share(({ e, p }) => p.intent !== e.intent && p.confidence >= threshold) },
    { name: `${tag}: language model asked (confidence < ${threshold})`, unit: '%', summary: share(({ p }) => p.confidence < threshold) },
    { name: `${label}: expected calibration error (10 bins)`, unit: '%', summary: summarize([r.ece * 100]) },
  ];
}
