/**
 * Measures a trained intent model on a development set (a TSV with intent, language,
 * target_language and text columns):
 *
 *   npm run eval:intent -- --set eval/intent/dev-c.tsv [--set FILE ...] [--model DIR] [--errors]
 *
 * Accuracy, wrong-but-confident (wrong and at or above dialogue.intentThreshold: acted on
 * unchecked), the share below it (the language model is asked) and ECE, overall, per language and
 * per intent. --errors lists the misclassified utterances: for development sets only. The held-out
 * lists are measured by `npm run bench -- --only intent`, which never prints their utterances.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/index.js';
import { INTENTS, OnnxIntentClassifier, parseCorpusTsv, reliability, type CorpusExample, type IntentPrediction } from '../src/intent/index.js';

const { values: args } = parseArgs({
  options: {
    set: { type: 'string', multiple: true, default: ['eval/intent/dev-c.tsv'] },
    model: { type: 'string' },
    errors: { type: 'boolean', default: false },
  },
});

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

async function main(): Promise<void> {
  const { config } = loadConfig();
  const threshold = config.dialogue.intentThreshold;
  const classifier = await OnnxIntentClassifier.load(path.resolve(args.model ?? path.join(config.paths.models, 'intent')));
  for (const file of args.set) {
    const examples = parseCorpusTsv(readFileSync(file, 'utf8'), file, null);
    // One at a time: the classifier reuses one input buffer.
    const judged: { e: CorpusExample; p: IntentPrediction }[] = [];
    for (const e of examples) judged.push({ e, p: await classifier.classify(e.text) });
    const line = (label: string, subset: typeof judged) => {
      const r = reliability(subset.map(({ e, p }) => ({ correct: p.intent === e.intent, confidence: p.confidence })), threshold);
      console.log(`  ${label.padEnd(22)} n=${String(r.n).padStart(4)}  accuracy ${pct(r.accuracy).padStart(6)}  wrong ≥ ${threshold} ${pct(r.wrongConfident).padStart(5)}  asked (< ${threshold}) ${pct(r.askedModel).padStart(5)}  ECE ${r.ece.toFixed(3)}`);
    };
    console.log(`${file}:`);
    line('all', judged);
    for (const language of [...new Set(examples.map((e) => e.language))]) line(language, judged.filter(({ e }) => e.language === language));
    for (const intent of INTENTS) line(intent, judged.filter(({ e }) => e.intent === intent));
    if (!args.errors) continue;
    for (const { e, p } of judged) {
      if (p.intent !== e.intent) console.log(`  ✗ ${e.intent} → ${p.intent} (${p.confidence.toFixed(2)}): ${e.text}  [${e.source}]`);
    }
    for (const { e, p } of judged) {
      if (p.intent === e.intent && p.confidence < threshold) console.log(`  ? ${e.intent} (${p.confidence.toFixed(2)}): ${e.text}  [${e.source}]`);
    }
  }
}

main().catch((err: Error) => {
  console.error(`eval-intent: ${err.message}`);
  process.exit(1);
});
