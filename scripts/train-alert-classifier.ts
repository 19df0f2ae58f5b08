/**
 * Trains the alert classifier (src/alerts/opinion.ts), the second opinion beside the rules:
 *
 *   npx tsx scripts/train-alert-classifier.ts                  train on every development set, write src/alerts/opinion.json
 *   npx tsx scripts/train-alert-classifier.ts --check dev-h    train on the others, report on dev-h only (writes nothing)
 *
 * Only the development sets of eval/alerts are used, never a held-out one. The threshold is chosen
 * without the sets it is reported on: each training set is left out in turn, a model is trained
 * on the rest, and the threshold is the lowest at which the alarms the classifier adds on the left-out
 * sets' ordinary talk stay at or below --max-added (0.3 % by default).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import writeFileAtomic from 'write-file-atomic';
import { rulesVerdict } from '../src/alerts/detect.js';
import { DEV_SETS, loadLabelled, type LabelledUtterance } from '../src/alerts/labelled.js';
import { classifierOf } from '../src/alerts/opinion.js';
import { trainOpinion, type TrainingRow } from '../src/alerts/train-opinion.js';

const { values: args } = parseArgs({
  options: {
    check: { type: 'string', multiple: true, default: [] },
    'max-added': { type: 'string', default: '0.003' },
    out: { type: 'string', default: path.resolve(import.meta.dirname, '..', 'src', 'alerts', 'opinion.json') },
  },
});
const DIR = path.resolve(import.meta.dirname, '..', 'eval', 'alerts');
const GRID = [0.5, 0.6, 0.7, 0.75, 0.8, 0.85, 0.9, 0.93, 0.95, 0.97, 0.98, 0.99];
const urgent = (l: string) => l === 'emergency' || l === 'help_requested';
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;

const sets = new Map(DEV_SETS.map((s) => [s as string, loadLabelled(path.join(DIR, `${s}.tsv`))]));
const asTraining = (rows: LabelledUtterance[]): TrainingRow[] => rows.map((r) => ({ text: r.text, label: urgent(r.label) ? (r.label as TrainingRow['label']) : 'none' }));

/** Each row with what the rules say and the classifier's probability of an alert. */
interface Judged {
  row: LabelledUtterance;
  rules: boolean;
  open: boolean;
  alert: number;
}
function judge(trainOn: string[], rows: LabelledUtterance[]): Judged[] {
  const model = classifierOf(trainOpinion(asTraining(trainOn.flatMap((s) => sets.get(s)!)), 0.5, trainOn));
  return rows.map((row) => {
    const v = rulesVerdict(row.text);
    return { row, rules: v.found !== null && urgent(v.found.signal), open: v.open, alert: model.judge(row.text).alert };
  });
}
function figures(judged: Judged[], threshold: number) {
  const alarm = (j: Judged) => j.rules || (j.open && j.alert >= threshold);
  const u = judged.filter((j) => urgent(j.row.label));
  const n = judged.filter((j) => j.row.label === 'none');
  return { recall: u.filter(alarm).length / Math.max(1, u.length), falseAlarms: n.filter(alarm).length / Math.max(1, n.length), added: n.filter((j) => !j.rules && alarm(j)).length / Math.max(1, n.length) };
}

const training = DEV_SETS.filter((s) => !args.check.includes(s));
// Left out in turn: what the classifier adds on sets it did not see, at each threshold.
const pooled = training.flatMap((out) => judge(training.filter((s) => s !== out), sets.get(out)!));
const maxAdded = Number(args['max-added']);
const threshold = GRID.find((t) => figures(pooled, t).added <= maxAdded) ?? 0.99;
console.log(`left out in turn (${training.join(', ')}): rules ${pct(figures(pooled, 2).recall)} / ${pct(figures(pooled, 2).falseAlarms)}`);
for (const t of GRID) {
  const f = figures(pooled, t);
  console.log(`  threshold ${t.toFixed(2)}: recall ${pct(f.recall)}, false alarms ${pct(f.falseAlarms)} (${pct(f.added)} added)${t === threshold ? '  ← chosen' : ''}`);
}

if (args.check.length > 0) {
  for (const name of args.check) {
    const judged = judge(training, sets.get(name)!);
    const rules = figures(judged, 2);
    const both = figures(judged, threshold);
    for (const t of GRID) console.log(`  ${name} at ${t.toFixed(2)}: ${pct(figures(judged, t).recall)} / ${pct(figures(judged, t).falseAlarms)}`);
    console.log(`${name} (not trained on): rules ${pct(rules.recall)} recall / ${pct(rules.falseAlarms)} false alarms; with the classifier at ${threshold}: ${pct(both.recall)} / ${pct(both.falseAlarms)}`);
  }
} else {
  const model = trainOpinion(asTraining(training.flatMap((s) => sets.get(s)!)), threshold, training);
  await writeFileAtomic(args.out, `${JSON.stringify(model)}\n`);
  console.log(`wrote ${args.out}: ${model.features.length} features, threshold ${threshold}`);
}
