/**
 * Trains the on-device intent classifier from the shipped corpus and exports it to ONNX.
 *
 *   npm run train:intent [-- --if-stale] [--corpus DIR] [--out DIR] [--unseen FILE] [--report FILE] [--quiet]
 *
 * The held-out split is never trained on; the unseen set (written independently of the corpus)
 * measures generalisation to new phrasings. Both are reported, with per-language figures.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import writeFileAtomic from 'write-file-atomic';
import { loadConfig } from '../src/config/index.js';
import { readFileSync } from 'node:fs';
import { byLanguage, OnnxIntentClassifier, parseCorpusTsv, trainIntentPipeline, type Evaluation } from '../src/intent/index.js';
import type { CorpusExample } from '../src/intent/index.js';

const { values: args } = parseArgs({
  options: {
    'if-stale': { type: 'boolean', default: false },
    corpus: { type: 'string' },
    out: { type: 'string' },
    unseen: { type: 'string', default: 'test/fixtures/intent/unseen.tsv' },
    report: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

const say = (line: string) => {
  if (!args.quiet) console.log(line);
};

async function main(): Promise<void> {
  const { config } = loadConfig();
  const outDir = path.resolve(args.out ?? path.join(config.paths.models, 'intent'));
  const result = await trainIntentPipeline({
    outDir,
    corpusDir: path.resolve(args.corpus ?? path.join(outDir, 'corpus')),
    unseenFile: args.unseen,
    ifStale: args['if-stale'],
    log: say,
  });
  if (!result.trained || !result.heldout || !result.meta) return;
  report('held-out split', result.heldout);
  if (result.unseen) {
    report(`unseen set (${args.unseen})`, result.unseen);
    await confidences(outDir, args.unseen);
  }
  const t = result.targets!;
  say(`\nlanguage_change target detection: ${pct(t.accuracy)} of ${t.n}`);
  for (const e of t.errors.slice(0, 8)) say(`  ${e}`);
  if (args.report) await writeFileAtomic(args.report, JSON.stringify(result, null, 2));
  say(`\nwrote ${outDir}`);
}

function report(title: string, evaluation: Evaluation): void {
  say(`\n${title}: accuracy ${pct(evaluation.accuracy)} on ${evaluation.n} utterances`);
  for (const [intent, m] of Object.entries(evaluation.perIntent)) {
    say(`  ${intent.padEnd(22)} n=${String(m.n).padStart(4)}  precision ${pct(m.precision)}  recall ${pct(m.recall)}`);
  }
}

/** How sure the exported model is on the unseen set: the share of utterances per confidence band, and accuracy in each. */
async function confidences(dir: string, file: string): Promise<void> {
  const classifier = await OnnxIntentClassifier.load(dir);
  const unseen = parseCorpusTsv(readFileSync(file, 'utf8'), file, null);
  const bands = [0.9, 0.8, 0.6, 0];
  const counts = bands.map(() => ({ n: 0, right: 0 }));
  for (const e of unseen) {
    const p = await classifier.classify(e.text);
    const band = counts[bands.findIndex((b) => p.confidence >= b)]!;
    band.n++;
    if (p.intent === e.intent) band.right++;
  }
  say('  confidence distribution:');
  bands.forEach((b, i) => {
    const { n, right } = counts[i]!;
    const range = i === 0 ? `≥ ${b}` : `${b}–${bands[i - 1]}`;
    say(`    ${range.padEnd(9)} ${pct(n / unseen.length).padStart(6)} of utterances, accuracy ${n ? pct(right / n) : '—'}`);
  });
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

main().catch((err: Error) => {
  console.error(`train-intent: ${err.message}`);
  process.exit(1);
});
