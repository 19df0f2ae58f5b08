/**
 * Evaluates whole visits: runs scenario files against the daemon and reports.
 *
 *   npm run eval [-- FILES_OR_FOLDERS…] [--url mqtt://host:1883] [--prefix nadine/] [--config FILE]
 *                [--ollama URL] [--visitor-model M] [--judge-model M] [--speech-rate CHARS_PER_S]
 *                [--detect-every MS] [--within MS] [--out DIR] [--log-level LEVEL]
 *   npm run eval -- --replay LOG_OR_FOLDER [--max-gap MS] [--config FILE] [--out DIR]
 *
 * Without --url each scenario gets its own daemon, in this process, on its embedded defaults
 * (fresh data directory, embedded broker on a free port); with --url the scenarios talk to a
 * running daemon. Writes eval-report.json and eval-report.md to --out; exits 1 when any
 * scenario failed, 2 on a bad scenario file or option.
 *
 * With --replay, a logged visit (an interaction log from db/logs/sessions, or a folder of them)
 * is played back against the current code, every model call answered from the log; the report
 * says where the new run's turns differ (intent, settled names, what perception was sent, spoken
 * text). Exits 1 when any turn differs.
 */
import { mkdirSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { assertIntentModelFresh } from '../src/intent/index.js';
import { createLogger } from '../src/log/index.js';
import { loadScenario, replayText, replayVisit, runScenarios, ScenarioFileError, scenarioFiles, writeReports, type Scenario, type ScenarioReport } from '../src/eval/index.js';

const REPO = path.resolve(import.meta.dirname, '..');

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    url: { type: 'string' },
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

async function replay(target: string): Promise<void> {
  const out = path.resolve(args.out);
  mkdirSync(out, { recursive: true });
  const log = createLogger({ level: args['log-level'] as 'warn', destination: path.join(out, 'eval-daemon.log') });
  assertIntentModelFresh(path.join(REPO, 'models', 'intent'), path.join(REPO, 'models', 'intent', 'corpus'));
  console.log(`replaying ${target} (model calls answered from the log; warnings about prompts that changed: ${path.relative(process.cwd(), path.join(out, 'eval-daemon.log'))})`);
  const gap = Number(args['max-gap']);
  const report = await replayVisit({ target, configFile: args.config ?? null, log, maxGapMs: Number.isFinite(gap) && gap >= 0 ? gap : 3000, withinMs: number('within', args.within), quietGraceMs: 250 });
  console.log(replayText(report));
  await writeFile(path.join(out, 'replay-report.json'), `${JSON.stringify(report, null, 2)}\n`);
  process.exitCode = report.differing ? 1 : 0;
}

async function main(): Promise<void> {
  if (args.replay) return replay(args.replay);
  const files = scenarioFiles(positionals.length ? positionals : [path.join(REPO, 'eval', 'scenarios')]).map((f) => path.relative(process.cwd(), f) || f);
  const scenarios: Scenario[] = [];
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
  if (!scenarios.length) {
    console.error(`no scenario files (*.yaml) in ${positionals.join(', ') || 'eval/scenarios'}`);
    process.exit(2);
  }
  const out = path.resolve(args.out);
  mkdirSync(out, { recursive: true });
  const log = createLogger({ level: args['log-level'] as 'warn', destination: path.join(out, 'eval-daemon.log') });
  // The daemons started here use the committed intent model: a stale one fails the eval, it is not retrained unseen.
  if (!args.url) assertIntentModelFresh(path.join(REPO, 'models', 'intent'), path.join(REPO, 'models', 'intent', 'corpus'));

  console.log(`${scenarios.length} scenario${scenarios.length > 1 ? 's' : ''}${args.url ? ` against ${args.url}` : ', each on a daemon of its own'}`);
  const report = await runScenarios(scenarios, {
    url: args.url ?? null,
    prefix: args.prefix,
    configFile: args.config ?? null,
    ollamaUrl: args.ollama ?? null,
    sim: args.ollama ? { url: args.ollama, visitor: args['visitor-model'], judge: args['judge-model'], timeoutMs: 120_000 } : null,
    chromaUrl: null,
    charsPerSecond: number('speech-rate', args['speech-rate']),
    detectEveryMs: number('detect-every', args['detect-every']),
    withinMs: number('within', args.within),
    quietGraceMs: 250,
    log,
    onScenario: (r) => console.log(line(r)),
  });
  const json = path.join(out, 'eval-report.json');
  const md = path.join(out, 'eval-report.md');
  await writeReports(report, json, md);
  console.log(`\n${report.passed} passed, ${report.failed} failed, ${report.skipped} skipped in ${(report.ms / 1000).toFixed(1)} s; reports: ${path.relative(process.cwd(), json) || json}, ${path.relative(process.cwd(), md) || md}`);
  process.exitCode = report.failed ? 1 : 0;
}

main().catch((err) => {
  console.error(err);
  process.exit(2);
});
