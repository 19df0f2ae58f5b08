/**
 * How the alert detector does on the labelled sets of eval/alerts:
 *
 *   npm run eval:alerts [-- --show-misses] [--by-lang] [--split dev] [--dev] [--rules-only] [--file path/to/set.tsv ...]
 *
 * Prints, for the development half and each held-out set (heldout, and heldout-b, written later by
 * someone who never saw the phrase lists or the other sets): recall of emergencies and requests for
 * a person, false alarms on ordinary talk and hard negatives, and exact-label accuracy; with
 * --by-lang, the same per language. --file scores only the given files. The held-out sets are never
 * used to tune the phrase lists. --dev scores only the development sets (dev, and dev-b, a second
 * round written in all five languages): the only mode in which --show-misses may be used while
 * working on the detector, so that no held-out row is ever printed.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES } from '../src/config/index.js';
import { DEV_SETS, loadLabelled, score } from '../src/alerts/labelled.js';

const DIR = path.resolve(import.meta.dirname, '..', 'eval', 'alerts');
const DEV: readonly string[] = DEV_SETS;
const SPLITS = [...DEV, 'heldout', 'heldout-b'];
const LANGS = LANGUAGES;
const args = process.argv.slice(2);
const only = args.includes('--split') ? args[args.indexOf('--split') + 1] : null;
const pct = (x: number) => (Number.isFinite(x) ? `${(100 * x).toFixed(1)} %` : 'n/a');

const files = args.flatMap((a, i) => {
  const next = args[i + 1];
  return a === '--file' && next ? [path.resolve(next)] : [];
});
const sets = files.length > 0
  ? files.map((f) => ({ name: path.basename(f, '.tsv'), file: f }))
  : SPLITS.filter((s) => (!only || s === only) && (!args.includes('--dev') || DEV.includes(s))).map((s) => ({ name: s, file: path.join(DIR, `${s}.tsv`) })).filter((s) => existsSync(s.file));

// --rules-only: without the classifier (src/alerts/opinion.ts), to see what it adds.
const opinion = args.includes('--rules-only') ? null : undefined;
const line = (name: string, rows: ReturnType<typeof loadLabelled>) => {
  const s = score(rows, undefined, opinion);
  return `${name.padEnd(10)} ${rows.length} utterances: emergencies and requests for a person caught ${pct(s.urgentRecall)} (of ${s.urgent}), false alarms ${pct(s.falseAlarmRate)} (of ${s.ordinary}), every label right ${pct(s.accuracy)}`;
};

for (const { name, file } of sets) {
  const rows = loadLabelled(file);
  console.log(line(name, rows));
  if (args.includes('--by-lang')) {
    for (const lang of LANGS) {
      const mine = rows.filter((r) => r.lang === lang);
      if (mine.length > 0) console.log(`  ${line(lang, mine)}`);
    }
  }
  if (args.includes('--show-misses')) for (const m of score(rows, undefined, opinion).misses) console.log(`   ${m.row.label} → ${m.got}\t${m.row.lang}\t${m.row.text}`);
}
