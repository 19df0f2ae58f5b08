import { readFileSync } from 'node:fs';
import path from 'node:path';
import { OnnxIntentClassifier, parseCorpusTsv } from '../../src/intent/index.js';
import { summarize, type Measurement } from './stats.js';

/** Intent latency as the intent agent sees it: featurisation plus ONNX inference, one utterance at a time. */
export async function benchIntent(options: { modelsDir: string; unseenFile: string; turns: number }): Promise<Measurement[]> {
  const classifier = await OnnxIntentClassifier.load(path.join(options.modelsDir, 'intent'));
  const texts = parseCorpusTsv(readFileSync(options.unseenFile, 'utf8'), options.unseenFile, null).map((e) => e.text);
  for (let i = 0; i < 200; i++) await classifier.classify(texts[i % texts.length]!);
  const samples: number[] = [];
  for (let i = 0; i < options.turns; i++) samples.push((await classifier.classify(texts[i % texts.length]!)).ms);
  return [{ name: 'intent classification (featurise + ONNX)', unit: 'ms', summary: summarize(samples), targetP95: 2 }];
}
