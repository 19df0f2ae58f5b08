/**
 * Measures the offline appraisal on the labelled sets of eval/appraisal/: the development half
 * (the rules are tuned on it) and the held-out half (written separately, never tuned on).
 *
 *   npm run eval:appraisal [-- --misses]
 *
 * Prints the accuracy of each half, per language, and with --misses the utterances it got wrong.
 * Exits 1 when the held-out accuracy is under the acceptance of issue 24 (95 %).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { AppraisalSetSchema, loadSet, scoreAppraisal } from '../src/eval/index.js';

const SETS = path.resolve(import.meta.dirname, '..', 'eval', 'appraisal');
const ACCEPTANCE = 0.95;
const { values: args } = parseArgs({ options: { misses: { type: 'boolean', default: false } } });

const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
let heldOut = 0;
for (const half of ['dev', 'held-out']) {
  const score = scoreAppraisal(loadSet(path.join(SETS, `${half}.yaml`), AppraisalSetSchema));
  const languages = Object.entries(score.byLanguage).map(([lang, s]) => `${lang} ${s.correct}/${s.n}`);
  console.log(`${half.padEnd(8)} ${pct(score.accuracy)} (${score.correct}/${score.n})   ${languages.join('  ')}`);
  if (args.misses) for (const m of score.misses) console.log(`  ${m.lang}  expected ${m.expected}, got ${m.got}: ${m.text}`);
  if (half === 'held-out') heldOut = score.accuracy;
}
process.exitCode = heldOut >= ACCEPTANCE ? 0 : 1;
