/**
 * Trains the on-device intent classifier from the shipped corpus and exports it to ONNX.
 *
 *   npm run models                 retrains only when the corpus (or the recipe) changed since the committed model
 *   npm run train:intent [-- --corpus DIR] [--out DIR] [--dev FILE ...] [--canonical FILE] [--heldout FILE] [--heldout-b FILE] [--unseen FILE] [--report FILE] [--errors] [--quiet]
 *
 * The validation split of the corpus chooses the epoch; the development sets (eval/intent/dev-*.tsv,
 * utterances as visitors say them, never trained on) choose the temperature. The held-out set
 * (written apart from the corpus, never trained or tuned on) gives the figures that count:
 * accuracy, calibration error, wrong-but-confident and the share left to the language model.
 * Two held-out lists, written at different times; only their figures are printed, never their
 * utterances, so nobody fixes the corpus one held-out error at a time. --errors lists the
 * validation split's errors and confusion matrix: that is what corpus work should look at.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import writeFileAtomic from 'write-file-atomic';
import { loadConfig } from '../src/config/index.js';
import { CANONICAL_SET, DEVELOPMENT_SETS, trainIntentPipeline, type JudgedEvaluation } from '../src/intent/index.js';

const { values: args } = parseArgs({
  options: {
    'if-stale': { type: 'boolean', default: false },
    corpus: { type: 'string' },
    out: { type: 'string' },
    dev: { type: 'string', multiple: true, default: DEVELOPMENT_SETS },
    canonical: { type: 'string', default: CANONICAL_SET },
    heldout: { type: 'string', default: 'test/fixtures/intent/heldout.tsv' },
    'heldout-b': { type: 'string', default: 'test/fixtures/intent/heldout-b.tsv' },
    errors: { type: 'boolean', default: false },
    unseen: { type: 'string', default: 'test/fixtures/intent/unseen.tsv' },
    report: { type: 'string' },
    quiet: { type: 'boolean', default: false },
  },
});

const say = (line: string) => {
  if (!args.quiet) console.log(line);
};

async function main(): Promise<void> {
  const started = performance.now();
  const { config } = loadConfig();
  const outDir = path.resolve(args.out ?? path.join(config.paths.models, 'intent'));
  const result = await trainIntentPipeline({
    outDir,
    corpusDir: path.resolve(args.corpus ?? path.join(outDir, 'corpus')),
    heldoutFile: args.heldout,
    heldoutBFile: args['heldout-b'],
    developmentFiles: args.dev,
    canonicalFile: args.canonical,
    unseenFile: args.unseen,
    threshold: config.dialogue.intentThreshold,
    ifStale: args['if-stale'],
    // Training takes a while: its stages and epochs are shown even with --quiet, so nothing is silent for long.
    log: (line) => (args.quiet && /up to date/.test(line) ? undefined : console.log(line)),
  });
  if (!result.trained || !result.meta) return;
  report('validation split of the corpus (epoch and temperature chosen on it)', result.validation!, args.errors);
  if (result.heldout) report(`held-out set A (${args.heldout}, never tuned on)`, result.heldout);
  if (result.heldoutB) report(`held-out set B (${args['heldout-b']}, never tuned on)`, result.heldoutB);
  if (result.unseen) report(`older unseen set (${args.unseen}; a quarter of it is in the corpus by now)`, result.unseen);
  const t = result.targets!;
  say(`\nlanguage_change target detection: ${pct(t.accuracy)} of ${t.n}`);
  for (const e of t.errors.slice(0, 8)) say(`  ${e}`);
  if (args.report) await writeFileAtomic(args.report, JSON.stringify(result, null, 2));
  say(`\ntraining, calibration, export and evaluation took ${((performance.now() - started) / 1000).toFixed(1)} s`);
  say(`\nwrote ${outDir}; commit it with the corpus (the daemon and the tests refuse a model older than its corpus)`);
}

function report(title: string, evaluation: JudgedEvaluation, errors = false): void {
  const r = evaluation.reliability;
  say(`\n${title}: accuracy ${pct(evaluation.accuracy)} on ${evaluation.n} utterances`);
  say(
    `  ECE ${r.ece.toFixed(3)}; wrong but confident (≥ ${r.threshold}) ${pct(r.wrongConfident)}; language model asked (< ${r.threshold}) ${pct(r.askedModel)}; accuracy when confident ${pct(r.accuracyConfident)}`,
  );
  const l = evaluation.perLine;
  if (l) say(`  each corpus line counted once: accuracy ${pct(l.accuracy)}; ECE ${l.ece.toFixed(3)}; wrong but confident ${pct(l.wrongConfident)}; language model asked ${pct(l.askedModel)}`);
  for (const [intent, m] of Object.entries(evaluation.perIntent)) {
    say(`  ${intent.padEnd(22)} n=${String(m.n).padStart(4)}  precision ${pct(m.precision)}  recall ${pct(m.recall)}`);
  }
  say('  confidence   share    accuracy  mean confidence');
  for (const b of r.bins) say(`  ${b.from.toFixed(1)}–${b.to.toFixed(1)}    ${pct(b.n / r.n).padStart(6)}   ${pct(b.accuracy).padStart(6)}    ${b.confidence.toFixed(3)}`);
  if (!errors) return;
  say(`  confusion (rows expected, columns predicted): ${Object.keys(evaluation.confusion).map((l) => l.slice(0, 8)).join(' ')}`);
  for (const [expected, row] of Object.entries(evaluation.confusion)) say(`  ${expected.padEnd(22)} ${Object.values(row).map((n) => String(n).padStart(8)).join(' ')}`);
  for (const e of evaluation.errors) say(`  ✗ ${e.expected} → ${e.predicted} (${e.confidence.toFixed(2)}): ${e.text}  [${e.source}]`);
}

const pct = (x: number) => `${(x * 100).toFixed(1)}%`;

main().catch((err: Error) => {
  console.error(`train-intent: ${err.message}`);
  process.exit(1);
});
