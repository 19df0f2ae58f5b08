import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OnnxIntentClassifier, parseCorpusTsv, reliability, type CorpusExample, type IntentPrediction } from '../../src/intent/index.js';
import { summarize, type Measurement } from './stats.js';

/**
 * Intent latency as the intent agent sees it (featurisation plus ONNX inference, one utterance at
 * a time), and how far its confidence can be trusted on the held-out set: accuracy, the share
 * wrong but above the language-model threshold, the share asked to the language model, and ECE.
 */
export async function benchIntent(options: { modelsDir: string; heldoutFile: string; threshold: number; turns: number }): Promise<Measurement[]> {
  const classifier = await OnnxIntentClassifier.load(path.join(options.modelsDir, 'intent'));
  const heldout = parseCorpusTsv(readFileSync(options.heldoutFile, 'utf8'), options.heldoutFile, null);
  const texts = heldout.map((e) => e.text);
  for (let i = 0; i < 200; i++) await classifier.classify(texts[i % texts.length]!);
  const samples: number[] = [];
  for (let i = 0; i < options.turns; i++) samples.push((await classifier.classify(texts[i % texts.length]!)).ms);

  // One at a time: the classifier reuses one input buffer.
  const judged: { e: CorpusExample; p: IntentPrediction }[] = [];
  for (const e of heldout) judged.push({ e, p: await classifier.classify(e.text) });
  const r = reliability(judged.map(({ e, p }) => ({ correct: p.intent === e.intent, confidence: p.confidence })), options.threshold);
  const share = (pick: (j: (typeof judged)[number]) => boolean) => summarize(judged.map((j) => (pick(j) ? 100 : 0)));
  const tag = `intent held-out set (${heldout.length}, mean)`;
  return [
    { name: 'intent classification (featurise + ONNX)', unit: 'ms', summary: summarize(samples), targetP95: 2 },
    { name: `${tag}: accuracy`, unit: '%', summary: share(({ e, p }) => p.intent === e.intent) },
    { name: `${tag}: wrong and confidence ≥ ${options.threshold}`, unit: '%', summary: share(({ e, p }) => p.intent !== e.intent && p.confidence >= options.threshold) },
    { name: `${tag}: language model asked (confidence < ${options.threshold})`, unit: '%', summary: share(({ p }) => p.confidence < options.threshold) },
    { name: 'intent held-out set: expected calibration error (10 bins)', unit: '%', summary: summarize([r.ece * 100]) },
  ];
}
