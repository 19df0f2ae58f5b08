/**
 * Measures the offline understanding of the visitor's words on labelled sets: the appraisal on
 * eval/appraisal/ (the development half the rules are tuned on, and the held-out half, written
 * separately and never tuned on), and what questions ask about (about the visitor, about the
 * robot, neither) on the held-out questions of eval/about/.
 *
 *   npm run eval:appraisal [-- --misses]
 *
 * Prints the accuracy of each set, per language, and with --misses what it got wrong on the
 * development half (never the held-out ones'). Exits 1
 * when the held-out appraisal accuracy is under the acceptance of issue 24 (95 %).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AboutSetSchema, AppraisalSetSchema, loadSet, scoreAbout, scoreAppraisal } from '../src/eval/index.js';

const EVAL = path.resolve(import.meta.dirname, '..', 'eval');
const SETS = path.join(EVAL, 'appraisal');
const ACCEPTANCE = 0.95;
const { values: args } = parseArgs({ options: { misses: { type: 'boolean', default: false } } });

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
let heldOut = 0;
for (const half of ['dev', 'held-out']) {
  const score = scoreAppraisal(loadSet(path.join(SETS, `${half}.yaml`), AppraisalSetSchema));
  const languages = Object.entries(score.byLanguage).map(([lang, s]) => `${lang} ${s.correct}/${s.n}`);
  console.log(`${half.padEnd(8)} ${pct(score.accuracy)} (${score.correct}/${score.n})   ${languages.join('  ')}`);
  // Misses of the development half only: a held-out miss read is a held-out set tuned on.
  if (args.misses && half === 'dev') for (const m of score.misses) console.log(`  ${m.lang}  expected ${m.expected}, got ${m.got}: ${m.text}`);
  if (half === 'held-out') heldOut = score.accuracy;
}
const about = scoreAbout(loadSet(path.join(EVAL, 'about', 'held-out.yaml'), AboutSetSchema));
console.log(`questions about the visitor or the robot, held-out: ${pct(about.correct / about.n)} (${about.correct}/${about.n})`);
process.exitCode = heldOut >= ACCEPTANCE ? 0 : 1;
