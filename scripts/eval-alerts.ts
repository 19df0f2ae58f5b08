/**
 * How the alert detector does on the labelled sets of eval/alerts:
 *
 *   npm run eval:alerts [-- --show-misses] [-- --split dev]
 *
 * Prints, for the development and the held-out half: recall of emergencies and requests for a
 * person, false alarms on ordinary talk and hard negatives, and exact-label accuracy, overall and
 * per language. The held-out half is never used to tune the lexicons or the phrase lists.
 */
import path from 'node:path';
import { LANGUAGES } from '../src/config/index.js';
import { loadLabelled, score } from '../src/alerts/labelled.js';

const DIR = path.resolve(import.meta.dirname, '..', 'eval', 'alerts');
const pct = (x: number) => `${(100 * x).toFixed(1)} %`;
const only = process.argv.includes('--split') ? process.argv[process.argv.indexOf('--split') + 1] : null;
for (const split of ['dev', 'heldout'].filter((s) => !only || s === only)) {
  const rows = loadLabelled(path.join(DIR, `${split}.tsv`));
  const s = score(rows);
  console.log(`${split.padEnd(8)} ${rows.length} utterances: emergencies and requests for a person caught ${pct(s.urgentRecall)} (of ${s.urgent}), false alarms ${pct(s.falseAlarmRate)} (of ${s.ordinary}), every label right ${pct(s.accuracy)}`);
  for (const language of LANGUAGES) {
    const l = score(rows.filter((r) => r.lang === language));
    console.log(`   ${language}: caught ${pct(l.urgentRecall)} (of ${l.urgent}), false alarms ${pct(l.falseAlarmRate)} (of ${l.ordinary})`);
  }
  if (process.argv.includes('--show-misses')) for (const m of s.misses) console.log(`   ${m.row.label} → ${m.got}\t${m.row.lang}\t${m.row.text}`);
}
