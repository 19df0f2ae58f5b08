/**
 * Evaluates whole visits: runs scenario files against the daemon and reports.
 *
 *   npm run eval [-- FILES_OR_FOLDERS…] [--url mqtt://host:1883] [--prefix nadine/] [--config FILE]
 *                [--ollama URL] [--visitor-model M] [--judge-model M] [--speech-rate CHARS_PER_S]
 *                [--detect-every MS] [--within MS] [--chroma URL] [--out DIR] [--log-level LEVEL]
 *   npm run eval -- --generate N [--seed S] [--split dev|heldout] [--jobs J] [--only REGEX]
 *   npm run eval -- --replay LOG_OR_FOLDER [--max-gap MS] [--config FILE] [--out DIR]
 *
 * --generate composes N visits from parts (src/eval/generate) instead of reading scenario files,
 * the same ones for the same seed and split, and reports their failures grouped by category.
 * --jobs runs that many visits at once, each on its own daemon. --only keeps the generated visits
 * whose name matches REGEX ("zh\]", "confirmation/"): rerunning one category after a fix.
 *
 * Without --url each scenario gets its own daemon, in this process, on its embedded defaults
 * (fresh data directory, embedded broker on a free port, collections of its own on the run's one
 * ChromaDB server, or on --chroma's); with --url the scenarios talk to a running daemon. Writes
 * eval-report.json and eval-report.md to --out; exits 1 when any scenario failed, 2 on a bad
 * scenario file or option.
 *
 * With --replay, a logged visit (an interaction log from db/logs/sessions, or a folder of them)
 * is played back against the current code, every model call answered from the log; the report
 * says where the new run's turns differ (intent, settled names, what perception was sent, spoken
 * text). Exits 1 when any turn differs.
 */
import { mkdirSync } from 'node:fs';
import writeFileAtomic from 'write-file-atomic';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { assertIntentModelFresh } from '../src/intent/index.js';
import { createLogger } from '../src/log/index.js';
import { categoryMarkdown, categoryReport, generateVisits, type GeneratedVisit, type Split } from '../src/eval/generate/index.js';
import { loadScenario, replayText, replayVisit, runScenarios, ScenarioFileError, scenarioFiles, startSharedChroma, writeReports, type Scenario, type ScenarioReport } from '../src/eval/index.js';

const REPO = path.resolve(import.meta.dirname, '..');

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
    chroma: { type: 'string' },
    prefix: { type: 'string', default: 'nadine/' },
    config: { type: 'string' },
    ollama: { type: 'string' },
    'visitor-model': { type: 'string', default: 'qwen2.5:7b' },
    'judge-model': { type: 'string', default: 'qwen2.5:7b' },
    'speech-rate': { type: 'string', default: '60' },
    'detect-every': { type: 'string', default: '5000' },
    within: { type: 'string', default: '8000' },
    out: { type: 'string', default: '.' },
    'log-level': { type: 'string', default: 'warn' },
    generate: { type: 'string' },
    seed: { type: 'string', default: '1' },
    split: { type: 'string', default: 'dev' },
    jobs: { type: 'string', default: '1' },
    only: { type: 'string' },
    replay: { type: 'string' },
    'max-gap': { type: 'string', default: '3000' },
  },
});

function number(name: string, raw: string): number {
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) {
    console.error(`--${name}: expected a positive number, got ${JSON.stringify(raw)}`);
    process.exit(2);
  }
  return n;
}

function line(r: ScenarioReport): string {
  const mark = r.skipped ? 'SKIP' : r.passed ? 'ok  ' : 'FAIL';
  const rate = r.simulated ? ` (judge ${r.simulated.visits.filter((v) => v.verdict === 'yes').length}/${r.simulated.visits.length})` : '';
  const detail = r.skipped ? `: ${r.skipped}` : r.failures.length ? `\n      ${r.failures.join('\n      ')}` : '';
  return `${mark} ${r.name}${rate}  ${(r.ms / 1000).toFixed(1)} s${detail}`;
}

function generated(): { scenarios: Scenario[]; visits: GeneratedVisit[] } | null {
  if (args.generate === undefined) return null;
  const seed = Number(args.seed);
  if (!Number.isInteger(seed) || seed < 0) {
    console.error(`--seed: expected a whole number, got ${JSON.stringify(args.seed)}`);
    process.exit(2);
  }
  if (args.split !== 'dev' && args.split !== 'heldout') {
    console.error(`--split: dev or heldout, got ${JSON.stringify(args.split)}`);
    process.exit(2);
  }
  let only: RegExp | null = null;
  try {
    only = args.only === undefined ? null : new RegExp(args.only, 'u');
  } catch {
    console.error(`--only: not a regular expression: ${JSON.stringify(args.only)}`);
    process.exit(2);
  }
  const visits = generateVisits({ count: Math.round(number('generate', args.generate)), seed, split: args.split as Split }).filter((v) => !only || only.test(v.scenario.name));
  return { scenarios: visits.map((v) => v.scenario), visits };
}

async function replay(target: string): Promise<void> {
  const out = path.resolve(args.out);
  mkdirSync(out, { recursive: true });
  const log = createLogger({ level: args['log-level'] as 'warn', destination: path.join(out, 'eval-daemon.log') });
  assertIntentModelFresh(path.join(REPO, 'models', 'intent'), path.join(REPO, 'models', 'intent', 'corpus'));
  console.log(`replaying ${target} (model calls answered from the log; warnings about prompts that changed: ${path.relative(process.cwd(), path.join(out, 'eval-daemon.log'))})`);
  const gap = Number(args['max-gap']);
  const report = await replayVisit({ target, configFile: args.config ?? null, log, maxGapMs: Number.isFinite(gap) && gap >= 0 ? gap : 3000, withinMs: number('within', args.within) });
  console.log(replayText(report));
  await writeFileAtomic(path.join(out, 'replay-report.json'), `${JSON.stringify(report, null, 2)}\n`);
  process.exitCode = report.differing ? 1 : 0;
}

async function main(): Promise<void> {
  if (args.replay) return replay(args.replay);
  const gen = generated();
  const files = gen ? [] : scenarioFiles(positionals.length ? positionals : [path.join(REPO, 'eval', 'scenarios')]).map((f) => path.relative(process.cwd(), f) || f);
  const scenarios: Scenario[] = gen?.scenarios ?? [];
  const problems: ScenarioFileError[] = [];
  for (const file of files) {
    try {
      scenarios.push(loadScenario(file));
    } catch (err) {
      if (!(err instanceof ScenarioFileError)) throw err;
      problems.push(err);
    }
  }
  if (problems.length) {
    console.error(`bad scenario file${problems.length > 1 ? 's' : ''}:\n${problems.map((p) => p.message).join('\n')}`);
    process.exit(2);
  }
  if (!scenarios.length && !gen) {
    console.error(`no scenario files (*.yaml) in ${positionals.join(', ') || 'eval/scenarios'}`);
    process.exit(2);
  }
  const out = path.resolve(args.out);
  mkdirSync(out, { recursive: true });
  const log = createLogger({ level: args['log-level'] as 'warn', destination: path.join(out, 'eval-daemon.log') });
  // The daemons started here use the committed intent model: a stale one fails the eval, it is not retrained unseen.
  if (!args.url) assertIntentModelFresh(path.join(REPO, 'models', 'intent'), path.join(REPO, 'models', 'intent', 'corpus'));

  const jobs = Math.round(number('jobs', args.jobs));
  const plural = scenarios.length > 1 ? 's' : '';
  console.log(`${scenarios.length} ${gen ? `generated visit${plural} (${args.split} split, seed ${args.seed})` : `scenario${plural}`}${args.url ? ` against ${args.url}` : `, each on a daemon of its own${jobs > 1 ? `, ${jobs} at once` : ''}`}`);
  // The daemons started here share one ChromaDB server (--chroma URL: one already running).
  const chroma = args.url || args.chroma ? null : await startSharedChroma(log);
  const report = await runScenarios(scenarios, {
    url: args.url ?? null,
    prefix: args.prefix,
    configFile: args.config ?? null,
    ollamaUrl: args.ollama ?? null,
    sim: args.ollama ? { url: args.ollama, visitor: args['visitor-model'], judge: args['judge-model'], timeoutMs: 120_000 } : null,
    chromaUrl: args.chroma ?? chroma?.url ?? null,
    charsPerSecond: number('speech-rate', args['speech-rate']),
    detectEveryMs: number('detect-every', args['detect-every']),
    withinMs: number('within', args.within),
    quietGraceMs: 250,
    keepGoing: gen !== null,
    jobs,
    log,
    onScenario: (r) => console.log(line(r)),
  }).finally(() => chroma?.stop());
  const json = path.join(out, 'eval-report.json');
  const md = path.join(out, 'eval-report.md');
  const categories = gen ? categoryReport(gen.visits, report.scenarios) : null;
  const byCategory = categories ? categoryMarkdown(`Generated visits: ${args.split} split, seed ${args.seed}`, categories) : '';
  await writeReports(report, json, md, byCategory);
  if (categories) {
    await writeFileAtomic(path.join(out, 'eval-categories.json'), `${JSON.stringify(categories, null, 2)}\n`);
    console.log(`\n${byCategory}`);
  }
  console.log(`\n${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped in ${(report.ms / 1000).toFixed(1)} s; reports: ${path.relative(process.cwd(), json) || json}, ${path.relative(process.cwd(), md) || md}`);
  process.exitCode = report.failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
